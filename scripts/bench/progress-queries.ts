/**
 * Times the queries behind the dashboard, history, My Exams and practice-tests pages on a large database.
 *
 *   npm run bench -- progress [sqlite|postgres] [users] [attempts]     (defaults: sqlite 100000 1000000)
 *
 * It builds a fresh database (a temporary SQLite file, or a new PostgreSQL database on TEST_POSTGRES_URL),
 * loads the sample catalogue, adds the users, one purchase per user and the attempts spread over them,
 * then asks each page's queries for random users and prints p50 and p95 in milliseconds. Every attempt is
 * graded and counted; per-question answer rows are generated for the users measured only, since the
 * domain query reads them through the attempt's key and does not scan the table.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import type { AttemptsTable } from '../../server/db/schema.ts';
import { readContentFiles } from '../../server/modules/catalogue/content-files.ts';
import { importContent } from '../../server/modules/catalogue/content-import.ts';
import { createPracticeService } from '../../server/modules/practice/service.ts';
import { DEFAULT_TEST_POSTGRES_URL } from '../../server/testing/postgres-probe.ts';
import { ms, percentile } from './stats.ts';

const SAMPLES = 300;

export async function benchProgress(engine: 'sqlite' | 'postgres', users: number, attempts: number) {
  const { handle, drop } = await freshDatabase(engine);
  try {
    await migrateToLatest(handle.db);
    await importContent(
      handle.db,
      (await readContentFiles(['content/exams'])).map((f) => f.content),
    );
    const tests = await handle.db.selectFrom('practice_tests').select(['id', 'exam_id', 'title']).execute();
    const started = performance.now();
    const userIds = await addUsers(
      handle,
      users,
      tests.map((t) => t.exam_id),
    );
    await addAttempts(handle, userIds, tests, attempts);
    const sampled = Array.from({ length: SAMPLES }, () => userIds[Math.floor(Math.random() * userIds.length)]!);
    await addAnswers(handle, sampled);
    console.log(
      `${engine}: ${users} users, ${attempts} attempts loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const practice = createPracticeService(handle.db);
    const examOf = (userId: string) => tests[userId.charCodeAt(userId.length - 1) % tests.length]!.exam_id;
    const pages: [string, (userId: string) => Promise<unknown>][] = [
      ['dashboard', (u) => practice.progress.dashboard(u)],
      ['history', (u) => practice.progress.history(u, { mode: 'all', examId: null, page: 1 })],
      ['history, filtered', (u) => practice.progress.history(u, { mode: 'exam', examId: examOf(u), page: 1 })],
      ['my exams', (u) => practice.progress.purchasedExams(u)],
      [
        'practice tests',
        async (u) =>
          Promise.all([practice.examProgress(examOf(u), { id: u }), practice.progress.charts(u, [examOf(u)])]),
      ],
    ];
    const rows: string[] = [];
    for (const [name, run] of pages) {
      for (const u of sampled.slice(0, 20)) await run(u); // warm up
      const times: number[] = [];
      for (const u of sampled) {
        const t = performance.now();
        await run(u);
        times.push(performance.now() - t);
      }
      rows.push(`| ${engine} | ${name} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} |`);
    }
    console.log(`| engine | page | p50 ms | p95 ms |\n|---|---|---|---|\n${rows.join('\n')}`);
  } finally {
    await handle.close();
    await drop();
  }
}

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

async function addAttempts(
  handle: DatabaseHandle,
  userIds: string[],
  tests: { id: string; exam_id: string; title: string }[],
  count: number,
) {
  const base = Date.now() - 200 * 86_400_000;
  const rows = function* (): Generator<AttemptsTable> {
    for (let i = 0; i < count; i++) {
      const test = tests[(i * 7) % tests.length]!;
      const percentage = (i * 37) % 101;
      const at = new Date(base + i * 1000).toISOString();
      yield {
        id: randomUUID(),
        user_id: userIds[i % userIds.length]!,
        exam_id: test.exam_id,
        test_id: test.id,
        test_name: test.title,
        mode: i % 2 ? 'exam' : 'practice',
        status: 'completed',
        passing_score: 70,
        layout_json: '{"questions":[]}',
        started_at: at,
        deadline_at: null,
        submitted_at: at,
        percentage,
        score: Math.round(percentage / 10),
        total_questions: 10,
        answered_questions: 10,
        time_spent_seconds: 600,
        is_passed: percentage >= 70 ? 1 : 0,
        reset: i % 50 === 0 ? 1 : 0,
        reset_at: null,
      };
    }
  };
  let batch: AttemptsTable[] = [];
  for (const row of rows()) {
    batch.push(row);
    if (batch.length === 1000) {
      await handle.db.insertInto('attempts').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length) await handle.db.insertInto('attempts').values(batch).execute();
}

async function addAnswers(handle: DatabaseHandle, userIds: string[]) {
  const attempts = await handle.db
    .selectFrom('attempts')
    .select(['id', 'test_id'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  const answers = attempts.flatMap((a) =>
    Array.from({ length: 10 }, (_, q) => ({
      attempt_id: a.id,
      question_id: `${a.test_id}-q${q}`,
      selected_json: '[]',
      flagged: 0,
      checked: 0,
      is_correct: q % 3 ? 1 : 0,
      category: `Domain ${q % 4}`,
      answered_at: null,
    })),
  );
  await inBatches(answers, 1000, (batch) => handle.db.insertInto('attempt_answers').values(batch).execute());
}
