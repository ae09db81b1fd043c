import type { TestProject } from 'vitest/node';
import { POSTGRES_HELP, probePostgres } from './postgres-probe.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

/** Every data-layer test runs on SQLite and, when a server answers, on PostgreSQL. In CI it must. */
export default async function setup(project: TestProject) {
  const url = await probePostgres();
  if (!url) {
    if (process.env.CI) throw new Error(`CI requires PostgreSQL. ${POSTGRES_HELP}`);
    console.warn(`\n⚠ PostgreSQL tests are not run. ${POSTGRES_HELP}\n`);
  }
  project.provide('postgresUrl', url);
}
