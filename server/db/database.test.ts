import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase, engines } from '../testing/databases.ts';
import { openDatabase } from './database.ts';

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

describe('the SQLite statement cache', () => {
  it('runs a kept statement again with new values, and sees a column added after it was kept', async () => {
    const handle = openDatabase(':memory:');
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
      const insert = (id: number, body: string) => sql`insert into notes (id, body) values (${id}, ${body})`;
      const read = (id: number) => sql<Record<string, unknown>>`select * from notes where id = ${id}`;
      await insert(1, 'first').execute(handle.db);
      await insert(2, 'second').execute(handle.db);
      expect((await read(1).execute(handle.db)).rows).toEqual([{ id: 1, body: 'first' }]);
      expect((await read(2).execute(handle.db)).rows).toEqual([{ id: 2, body: 'second' }]);

      await sql`alter table notes add column pinned integer not null default 0`.execute(handle.db);
      expect((await read(2).execute(handle.db)).rows).toEqual([{ id: 2, body: 'second', pinned: 0 }]);
      // A failed run leaves the kept statement usable.
      await expect(insert(2, 'again').execute(handle.db)).rejects.toThrow(/UNIQUE/);
      await insert(3, 'third').execute(handle.db);
      expect((await read(3).execute(handle.db)).rows).toEqual([{ id: 3, body: 'third', pinned: 0 }]);
    } finally {
      await handle.close();
    }
  });
});

describe('migrations on SQLite', () => {
  it('land whole or not at all: a run that fails half-way leaves no table and no record behind', async () => {
    const handle = openDatabase(':memory:');
    const db = handle.db as unknown as Kysely<Record<string, never>>;
    const provider = {
      getMigrations: async () => ({
        '0001-first': { up: (d: Kysely<unknown>) => d.schema.createTable('first').addColumn('id', 'text').execute() },
        '0002-broken': {
          up: async (d: Kysely<unknown>) => {
            await d.schema.createTable('second').addColumn('id', 'text').execute();
            throw new Error('the second migration fails after its first statement');
          },
        },
      }),
    };
    const { error } = await new Migrator({ db, provider }).migrateToLatest();
    expect(String(error)).toContain('the second migration fails');
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    expect(tables.rows.map((t) => t.name).filter((name) => !name.startsWith('kysely_'))).toEqual([]);
    const applied = await sql`select name from kysely_migration`.execute(db);
    expect(applied.rows).toEqual([]);
    await handle.close();
  });
});
