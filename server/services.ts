import { createHmac } from 'node:crypto';
import type { DatabaseHandle } from './db/database.ts';
import type { Services } from './http/load-context.ts';
import { createAuth, type AuthLog } from './modules/accounts/auth.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { createCartService } from './modules/cart/service.ts';
import { createCatalogueService } from './modules/catalogue/service.ts';
import { createPracticeService } from './modules/practice/service.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { createPayments, type PaymentsConfig } from './modules/payments/index.ts';

export interface ServiceOptions {
  database: DatabaseHandle;
  /** Public origin of the store, e.g. http://localhost:3000. */
  baseUrl: string;
  secret: string;
  mailer: Mailer;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  /** The payment provider; the built-in sandbox unless told otherwise. */
  payments?: PaymentsConfig;
  /** Where the sign-in library's warnings and errors go. */
  log?: AuthLog;
  /** The time, for tests that need to move it. */
  clock?: () => Date;
}

export function createServices(options: ServiceOptions): Services {
  const { database } = options;
  const auth = createAuth({ ...options, db: database.db, engine: database.engine });
  const clock = options.clock ?? (() => new Date());
  const cart = createCartService(database.db, clock);
  const { checkout, sandbox, paymentPageOrigins } = createPayments({
    config: options.payments ?? { provider: 'sandbox' },
    db: database.db,
    cart,
    mailer: options.mailer,
    baseUrl: options.baseUrl,
    secret: options.secret,
    clock,
  });
  return {
    catalogue: createCatalogueService(database.db),
    accounts: createAccountsService(auth, database.db, options.baseUrl, Boolean(options.google)),
    practice: createPracticeService(database.db, options.clock),
    cart,
    checkout,
    sandbox,
    paymentPageOrigins,
    // A key of its own, so nothing the store signs for a cookie is also a signature the sign-in library takes.
    cookieSecret: createHmac('sha256', options.secret).update('practicepass cookies').digest('base64url'),
  };
}
