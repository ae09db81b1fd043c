import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { findExam } from './queries.ts';
import { importContent } from './content-import.ts';

describe('content import into a SQLite store that is running', () => {
  it('waits for the store to finish writing instead of failing when the store commits during the import', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pp-import-'));
    const file = path.join(dir, 'store.db');
    const handle = openDatabase(file);
    // The store: its own connection to the same file. In production it is another process, whose write would
    // wait out the import (busy_timeout); here it shares the one thread, so it must not wait: it is refused.
    const store = new SQLite(file);
    store.pragma('busy_timeout = 0');
    const register = (id: string) =>
      store
        .prepare(
          `insert into users (id, name, email, "emailVerified", "createdAt", "updatedAt") values (?, ?, ?, 0, ?, ?)`,
        )
        .run(id, id, `${id}@example.com`, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
    try {
      await migrateToLatest(handle.db);
      await importContent(handle.db, [contentFixture('alpha')]);

      // The store commits a write right after the import's first statement has run.
      let storeWrote: boolean | null = null;
      const storeWritesDuringImport: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          if (storeWrote === null) {
            try {
              register('during');
              storeWrote = true;
            } catch (error) {
              if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
              storeWrote = false;
            }
          }
          return args.result;
        },
      };
      const report = await importContent(handle.db.withPlugin(storeWritesDuringImport), [
        contentFixture('alpha', { title: 'Alpha, second edition' }),
      ]);
      expect(report.exams.updated).toBe(1);
      expect((await findExam(handle.db, 'alpha'))?.title).toBe('Alpha, second edition');
      // The import held the write lock from its first statement, so the store's write took its turn after it.
      expect(storeWrote).toBe(false);
      register('after');
      expect(store.prepare('select id from users order by id').all()).toEqual([{ id: 'after' }]);
    } finally {
      store.close();
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
