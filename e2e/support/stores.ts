import { DEFAULT_TEST_POSTGRES_URL } from '../../server/testing/postgres-probe.ts';
import { e2eDatabaseFile, e2ePostgresDatabase, TEST_SERVICE_PORTS } from './ports.ts';

/** A running store of the browser tests and the database under it. */
export interface StoreUnderTest {
  name: 'SQLite' | 'PostgreSQL';
  origin: string;
  databaseUrl: string;
}

export const SQLITE_STORE: StoreUnderTest = {
  name: 'SQLite',
  origin: `http://127.0.0.1:${TEST_SERVICE_PORTS.store}`,
  databaseUrl: e2eDatabaseFile(),
};

/** The store on SQLite, and the one on PostgreSQL when this run has it (always in CI: playwright.config.ts). */
export function storesUnderTest(): StoreUnderTest[] {
  if (!process.env.PRACTICEPASS_E2E_POSTGRES) return [SQLITE_STORE];
  const url = new URL(process.env.TEST_POSTGRES_URL ?? DEFAULT_TEST_POSTGRES_URL);
  url.pathname = `/${e2ePostgresDatabase()}`;
  return [
    SQLITE_STORE,
    { name: 'PostgreSQL', origin: `http://127.0.0.1:${TEST_SERVICE_PORTS.postgresStore}`, databaseUrl: url.toString() },
  ];
}
