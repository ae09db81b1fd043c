import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase, engines } from '../testing/databases.ts';

describe.each(engines.filter((e) => e === 'postgres'))('the %s pool', (engine) => {
  it('survives the server closing its connections (a restart or failover)', async () => {
    const handle = await createTestDatabase(engine);
    try {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
      const admin = new pg.Client({ connectionString: inject('postgresUrl')! });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [rows[0]!.name]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
