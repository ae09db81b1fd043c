import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-catalogue.ts';
import * as m0002 from './0002-accounts.ts';
import * as m0003 from './0003-practice.ts';
import * as m0004 from './0004-promotions.ts';
import * as m0005 from './0005-carts.ts';
import * as m0006 from './0006-orders.ts';
import * as m0007 from './0007-catalogue-version.ts';
import * as m0008 from './0008-exam-search-text.ts';
import * as m0009 from './0009-exam-listing.ts';
import * as m0010 from './0010-catalogue-order.ts';
import * as m0011 from './0011-reset-open-attempts.ts';
import * as m0012 from './0012-checkout-time-zone.ts';
import * as m0013 from './0013-overdue-attempts.ts';
import * as m0014 from './0014-counted-attempts.ts';
import * as m0015 from './0015-search-text-spacing.ts';
import * as m0016 from './0016-confirmation-claims.ts';
import * as m0017 from './0017-signed-out-attempts.ts';
import * as m0018 from './0018-question-code.ts';
import * as m0019 from './0019-title-order.ts';
import * as m0020 from './0020-search-folding.ts';

/** Every migration, in the order it runs. A new one is added at the end, never inserted. */
const migrations: Record<string, Migration> = {
  '0001-catalogue': m0001,
  '0002-accounts': m0002,
  '0003-practice': m0003,
  '0004-promotions': m0004,
  '0005-carts': m0005,
  '0006-orders': m0006,
  '0007-catalogue-version': m0007,
  '0008-exam-search-text': m0008,
  '0009-exam-listing': m0009,
  '0010-catalogue-order': m0010,
  '0011-reset-open-attempts': m0011,
  '0012-checkout-time-zone': m0012,
  '0013-overdue-attempts': m0013,
  '0014-counted-attempts': m0014,
  '0015-search-text-spacing': m0015,
  '0016-confirmation-claims': m0016,
  '0017-signed-out-attempts': m0017,
  '0018-question-code': m0018,
  '0019-title-order': m0019,
  '0020-search-folding': m0020,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
