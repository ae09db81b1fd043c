import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CartService } from '../cart/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createCheckoutService } from './checkout.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, httpDeliver, type Deliver, type SandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';

export type PaymentsConfig =
  | { provider: 'sandbox'; settleSeconds?: number; deliver?: Deliver }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiUrl?: string };

export const WEBHOOK_PATH = '/api/payments/webhook';

/** The configured payment provider and the checkout built on it; the sandbox's own page when it is the one. */
export function createPayments(options: {
  config: PaymentsConfig;
  db: Kysely<Database>;
  cart: CartService;
  mailer: Mailer;
  baseUrl: string;
  secret: string;
  clock: () => Date;
}) {
  const { config } = options;
  let sandbox: SandboxProvider | null = null;
  let provider: PaymentProvider;
  if (config.provider === 'stripe') {
    provider = createStripeProvider(config);
  } else {
    sandbox = createSandboxProvider({
      db: options.db,
      baseUrl: options.baseUrl,
      // Its own key, derived from the store's secret, so a notification cannot be forged from outside.
      secret: createHmac('sha256', options.secret).update('sandbox-webhook').digest('hex'),
      deliver: config.deliver ?? httpDeliver(`${options.baseUrl}${WEBHOOK_PATH}`),
      settleSeconds: config.settleSeconds ?? 10,
      clock: options.clock,
    });
    provider = sandbox.provider;
  }
  const checkout = createCheckoutService({ ...options, provider });
  return { checkout, sandbox, paymentPageOrigins: provider.pageOrigins };
}
