import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-catalogue.ts';

/** Every migration, in the order it runs. A new one is added at the end, never inserted. */
const migrations: Record<string, Migration> = {
  '0001-catalogue': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
