import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const base = Number(process.env.E2E_PORT ?? 3210);

/** The store and its stand-in services, on consecutive loopback ports; a second store runs on PostgreSQL. */
export const TEST_SERVICE_PORTS = {
  store: base,
  oidc: base + 1,
  api: base + 2,
  smtp: base + 3,
  postgresStore: base + 4,
};
export const TEST_API = `http://127.0.0.1:${TEST_SERVICE_PORTS.api}`;

/**
 * The store's SQLite file for this run: a new folder made once by the main process and handed to the
 * workers through the environment, so every process of the run means the same file.
 */
export function e2eDatabaseFile(): string {
  process.env.PRACTICEPASS_E2E_DIR ??= mkdtempSync(path.join(tmpdir(), 'practicepass-e2e-'));
  return path.join(process.env.PRACTICEPASS_E2E_DIR, 'store.sqlite');
}

/**
 * The PostgreSQL database of the second store for this run, named after the main process so that a run
 * that was killed can be told from one still going (`e2e/support/postgres-store.ts`).
 */
export function e2ePostgresDatabase(): string {
  process.env.PRACTICEPASS_E2E_PG_DB ??= `practicepass_e2e_${process.pid}`;
  return process.env.PRACTICEPASS_E2E_PG_DB;
}
