/**
 * A fresh database for the benchmarks, and bulk inserts for a large store: a temporary SQLite file, or a new
 * PostgreSQL database on TEST_POSTGRES_URL. `drop` removes either afterwards.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import type { AttemptsTable } from '../../server/db/schema.ts';
import { searchText, titleOrder } from '../../server/modules/catalogue/queries.ts';
import { DEFAULT_TEST_POSTGRES_URL } from '../../server/testing/postgres-probe.ts';

export const TESTS_PER_EXAM = 3;
export const QUESTIONS_PER_TEST = 6;
const VENDORS = ['AWS', 'Azure', 'Google Cloud', 'Cisco', 'CompTIA', 'Oracle', 'Red Hat', 'VMware', 'ISC2', 'PMI'];
const TOPICS = ['Security', 'Networking', 'Developer', 'Architect', 'Database', 'DevOps', 'Data', 'Linux', 'Cloud'];
const LEVELS = ['Fundamentals', 'Associate', 'Professional', 'Specialty', 'Expert'];

/** A new, empty PostgreSQL database named `<prefix>_<time>`, and how to drop it. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_POSTGRES_URL ?? DEFAULT_TEST_POSTGRES_URL;
  const name = `${prefix}_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export async function freshDatabase(
  engine: 'sqlite' | 'postgres',
  prefix = 'bench_scale',
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    const drop = async () => rmSync(dir, { recursive: true, force: true });
    return { handle: openDatabase(path.join(dir, 'bench.sqlite')), drop };
  }
  const { url, drop } = await createPostgresDatabase(prefix);
  return { handle: openDatabase(url), drop };
}

/** Hands `insert` the items `size` at a time, with the index of each batch's first item. */
export async function inBatches<T>(items: T[], size: number, insert: (batch: T[], offset: number) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await insert(items.slice(i, i + size), i);
}

/** `count` exams (`exam-0`, `exam-1`, …), each with its practice tests and their questions. */
export async function addExams(handle: DatabaseHandle, count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, (_, i) => `exam-${i}`);
  const reviews = JSON.stringify([
    { user: 'A. Student', date: '2026-01-01', rating: 5, comment: 'Very close to the real exam.' },
  ]);
  const faq = JSON.stringify([{ question: 'How long is access?', answer: 'A full year from purchase.' }]);
  await inBatches(ids, 500, (batch, offset) =>
    handle.db
      .insertInto('exams')
      .values(
        batch.map((id, k) => {
          const i = offset + k;
          const title = `${VENDORS[i % VENDORS.length]} ${TOPICS[(i >> 3) % TOPICS.length]} ${LEVELS[(i >> 5) % LEVELS.length]} ${i}`;
          const description = `Practice tests for the ${title}: timed exam mode, practice mode with explanations, and scores by domain.`;
          return {
            id,
            title,
            description,
            search_text: searchText(title, description),
            title_order: titleOrder(title),
            practice_test_count: TESTS_PER_EXAM,
            long_description: null,
            category: TOPICS[(i >> 3) % TOPICS.length]!,
            thumbnail: null,
            duration_minutes: 90,
            question_count: 65,
            difficulty: 'medium',
            price_cents: 1999 + (i % 5) * 1000,
            stripe_price: null,
            featured: i % 1000 === 0 ? 1 : 0,
            popularity: (i * 7919) % 10_000,
            passing_score: 70,
            validity_days: 365,
            curriculum_json: null,
            reviews_json: reviews,
            faq_json: faq,
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .execute(),
  );
  const tests = ids.flatMap((examId) =>
    Array.from({ length: TESTS_PER_EXAM }, (_, t) => ({
      id: `${examId}-pt${t + 1}`,
      exam_id: examId,
      position: t + 1,
      title: `Practice Test ${t + 1}`,
      display_name: null,
      time_limit_minutes: 60,
      difficulty: 'medium',
      passing_score: 70,
      shuffle_options: 0,
      created_at: now,
      updated_at: now,
    })),
  );
  await inBatches(tests, 1000, (batch) => handle.db.insertInto('practice_tests').values(batch).execute());
  const options = JSON.stringify(['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Option ${id}` })));
  const questions = tests.flatMap((test) =>
    Array.from({ length: QUESTIONS_PER_TEST }, (_, q) => ({
      id: `${test.id}-q${q + 1}`,
      exam_id: test.exam_id,
      test_id: test.id,
      sequence: q + 1,
      text: `Which option best describes scenario ${q + 1} of ${test.title}?`,
      options_json: options,
      correct_option_ids_json: '["b"]',
      explanation: 'Option b is right because it meets every requirement of the scenario.',
      category: `Domain ${q % 4}`,
      difficulty: 'medium',
      updated_at: now,
    })),
  );
  await inBatches(questions, 1000, (batch) => handle.db.insertInto('questions').values(batch).execute());
  return ids;
}

/** `count` users; user i holds a running purchase of each exam `examsOf(i)` names. */
export async function addUsers(
  handle: DatabaseHandle,
  count: number,
  examsOf: (userIndex: number) => string[],
): Promise<string[]> {
  const now = new Date();
  const pgEngine = handle.engine === 'postgres';
  const ids = Array.from({ length: count }, () => randomUUID());
  const time = (d: Date) => (pgEngine ? d : d.toISOString()) as string;
  await inBatches(ids, 1000, (batch, offset) =>
    handle.db
      .insertInto('users')
      .values(
        batch.map((id, k) => ({
          id,
          name: `Student ${offset + k}`,
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
  const purchases = ids.flatMap((userId, i) => examsOf(i).map((examId) => ({ userId, examId })));
  await inBatches(purchases, 1000, (batch) =>
    handle.db
      .insertInto('purchases')
      .values(
        batch.map(({ userId, examId }) => ({
          id: randomUUID(),
          user_id: userId,
          exam_id: examId,
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

/** One handed-in attempt, as the store leaves it. */
export interface AttemptSpec {
  userId: string;
  examId: string;
  /** The test's position in its exam, from 0. */
  test: number;
  mode: 'exam' | 'practice';
  submittedAt: Date;
  percentage: number;
  reset: boolean;
}

/** The order an attempt shows its questions and their options in, as `createAttempt` stores it. */
const layoutOf = (testId: string) =>
  JSON.stringify({
    questions: Array.from({ length: QUESTIONS_PER_TEST }, (_, q) => ({
      id: `${testId}-q${q + 1}`,
      options: ['a', 'b', 'c', 'd'],
    })),
  });

/**
 * Completed attempts, then a graded row for every question of each (as the hand-in writes them: as many
 * right as the score says, each with its question's domain).
 */
export async function addAttempts(handle: DatabaseHandle, attempts: Iterable<AttemptSpec>) {
  let batch: AttemptsTable[] = [];
  const flush = async () => {
    if (batch.length > 0) await handle.db.insertInto('attempts').values(batch).execute();
    batch = [];
  };
  for (const a of attempts) {
    const testId = `${a.examId}-pt${a.test + 1}`;
    const submitted = a.submittedAt.toISOString();
    batch.push({
      id: randomUUID(),
      user_id: a.userId,
      exam_id: a.examId,
      test_id: testId,
      test_name: `Practice Test ${a.test + 1}`,
      mode: a.mode,
      status: 'completed',
      passing_score: 70,
      layout_json: layoutOf(testId),
      started_at: new Date(a.submittedAt.getTime() - 600_000).toISOString(),
      deadline_at: a.mode === 'exam' ? new Date(a.submittedAt.getTime() + 3_000_000).toISOString() : null,
      submitted_at: submitted,
      percentage: a.percentage,
      score: Math.round((a.percentage * QUESTIONS_PER_TEST) / 100),
      total_questions: QUESTIONS_PER_TEST,
      answered_questions: QUESTIONS_PER_TEST,
      time_spent_seconds: 600,
      is_passed: a.percentage >= 70 ? 1 : 0,
      reset: a.reset ? 1 : 0,
      reset_at: a.reset ? submitted : null,
    });
    if (batch.length === 1000) await flush();
  }
  await flush();
  const right = sql`q.sequence <= a.score`;
  await sql`
    insert into attempt_answers (attempt_id, question_id, selected_json, flagged, checked, is_correct, category, answered_at)
    select a.id, q.id, case when ${right} then '["b"]' else '["a"]' end, 0, 0, case when ${right} then 1 else 0 end,
      q.category, a.submitted_at
    from attempts a
    join questions q on q.test_id = a.test_id
    where not exists (select 1 from attempt_answers x where x.attempt_id = a.id)`.execute(handle.db);
}
