/**
 * A fresh database for the large-store benchmark, and bulk inserts for it: a temporary SQLite file, or a
 * new PostgreSQL database on TEST_POSTGRES_URL that `drop` removes afterwards.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { DEFAULT_TEST_POSTGRES_URL } from '../../server/testing/postgres-probe.ts';

export async function freshDatabase(
  engine: 'sqlite' | 'postgres',
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'pp-bench-')), 'bench.sqlite');
    return { handle: openDatabase(file), drop: async () => {} };
  }
  const admin = process.env.TEST_POSTGRES_URL ?? DEFAULT_TEST_POSTGRES_URL;
  const name = `pp_bench_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { handle: openDatabase(url.toString()), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export async function inBatches<T>(items: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await insert(items.slice(i, i + size));
}

export async function addUsers(handle: DatabaseHandle, count: number, examIds: string[]): Promise<string[]> {
  const now = new Date();
  const pgEngine = handle.engine === 'postgres';
  const ids = Array.from({ length: count }, () => randomUUID());
  const time = (d: Date) => (pgEngine ? d : d.toISOString()) as string;
  await inBatches(ids, 1000, (batch) =>
    handle.db
      .insertInto('users')
      .values(
        batch.map((id, i) => ({
          id,
          name: `Student ${i}`,
          email: `${id}@bench.test`,
          emailVerified: pgEngine ? false : 0,
          image: null,
          createdAt: time(now),
          updatedAt: time(now),
          lastOrderAt: null,
        })),
      )
      .execute(),
  );
  const iso = now.toISOString();
  const expires = new Date(now.getTime() + 365 * 86_400_000).toISOString();
  await inBatches(ids, 1000, (batch) =>
    handle.db
      .insertInto('purchases')
      .values(
        batch.map((userId, i) => ({
          id: randomUUID(),
          user_id: userId,
          exam_id: examIds[i % examIds.length]!,
          title: 'Exam',
          category: 'Cloud',
          price_cents: 2999,
          quantity: 1,
          total_amount_cents: 2999,
          session_id: null,
          order_id: null,
          status: 'active' as const,
          purchase_date: iso,
          expires_at: expires,
          last_access_date: null,
          updated_at: iso,
        })),
      )
      .execute(),
  );
  return ids;
}
