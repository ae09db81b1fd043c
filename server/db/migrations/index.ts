import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-catalogue.ts';
import * as m0002 from './0002-accounts.ts';

/** Every migration, in the order it runs. A new one is added at the end, never inserted. */
const migrations: Record<string, Migration> = {
  '0001-catalogue': m0001,
  '0002-accounts': m0002,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
