import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Engine } from '../db/database.ts';

const postgresUrl = inject('postgresUrl');

/** The engines this run covers: both when PostgreSQL answers (always in CI), else SQLite alone. */
export const engines: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/** A migrated, empty database of its own for one test file: in memory for SQLite, a new one on PostgreSQL. */
export async function createTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === 'sqlite') {
    const handle = openDatabase(':memory:');
    await migrateToLatest(handle.db);
    return handle;
  }
  if (!postgresUrl) throw new Error('PostgreSQL is not available to this run');
  const name = `pp_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await waitForDisconnects(name);
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: postgresUrl! });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** A closed pool's connections take a moment to leave the server; dropping before that kills them noisily. */
async function waitForDisconnects(name: string) {
  for (let i = 0; i < 40; i++) {
    const { rows } = await adminQuery('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if ((rows[0] as { n: number }).n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
