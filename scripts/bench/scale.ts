/**
 * The catalogue and progress queries on a large store, and how they grow with the attempts table.
 *
 *   npm run bench -- scale [sqlite|postgres] [exams] [users] [attempt steps...]
 *                                    (defaults: sqlite 10000 100000 10000 100000 1000000)
 *
 * It fills a fresh database (a temporary SQLite file, or a new PostgreSQL database on TEST_POSTGRES_URL,
 * dropped afterwards) with bulk inserts: the exams, each with three practice tests of six questions, the
 * users with one purchase each, then the attempts step by step (each user's attempts are on tests of the
 * exam they bought). After each step it asks the services, as the page loaders do, for random users,
 * exams and catalogue pages, and prints p50 and p95 in milliseconds.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/database.ts';
import type { AttemptsTable } from '../../server/db/schema.ts';
import { CATALOGUE_PAGE_SIZE } from '../../shared/catalogue.ts';
import { createCartService } from '../../server/modules/cart/service.ts';
import { createCatalogueService } from '../../server/modules/catalogue/service.ts';
import { searchText } from '../../server/modules/catalogue/queries.ts';
import { createPracticeService } from '../../server/modules/practice/service.ts';
import { addUsers, freshDatabase, inBatches } from './large-database.ts';
import { ms, percentile } from './stats.ts';

const SAMPLES = 300;
const TESTS_PER_EXAM = 3;
const QUESTIONS_PER_TEST = 6;
const VENDORS = ['AWS', 'Azure', 'Google Cloud', 'Cisco', 'CompTIA', 'Oracle', 'Red Hat', 'VMware', 'ISC2', 'PMI'];
const TOPICS = ['Security', 'Networking', 'Developer', 'Architect', 'Database', 'DevOps', 'Data', 'Linux', 'Cloud'];
const LEVELS = ['Fundamentals', 'Associate', 'Professional', 'Specialty', 'Expert'];
/** What visitors type: words that match a few exams or none, and words that match a thousand or more. */
const NARROW_SEARCHES = ['4242', 'kubernetes', 'cisco networking', 'oracle linux expert'];
const BROAD_SEARCHES = ['aws', 'security', 'professional', 'data', 'az'];

export async function benchScale(engine: 'sqlite' | 'postgres', exams: number, users: number, steps: number[]) {
  const { handle, drop } = await freshDatabase(engine);
  try {
    await migrateToLatest(handle.db);
    let started = performance.now();
    const examIds = await addExams(handle, exams);
    const userIds = await addUsers(handle, users, examIds);
    console.error(`${engine}: ${exams} exams, ${users} users loaded in ${seconds(started)} s`);

    const catalogue = createCatalogueService(handle.db);
    const practice = createPracticeService(handle.db);
    const cart = createCartService(handle.db, () => new Date());
    const sampled = Array.from({ length: SAMPLES }, () => Math.floor(Math.random() * users));
    const examOf = (userIndex: number) => examIds[userIndex % examIds.length]!;
    const cataloguePages = Math.ceil(exams / CATALOGUE_PAGE_SIZE);
    const pages: [string, (i: number) => Promise<unknown>][] = [
      // Any page of the whole catalogue, the last ones included (the deepest offsets).
      ['catalogue, any page', (i) => catalogue.search('', 1 + ((i * 7919) % cataloguePages))],
      ['catalogue search, few matches', (i) => catalogue.search(NARROW_SEARCHES[i % NARROW_SEARCHES.length])],
      // The first three pages of a search that matches a thousand exams or more: all of them are counted.
      [
        'catalogue search, 1,000+ matches',
        (i) => catalogue.search(BROAD_SEARCHES[i % BROAD_SEARCHES.length], 1 + (i % 3)),
      ],
      ['exam details', (i) => practice.examProgress(examIds[(i * 7919) % examIds.length]!, { id: userIds[i]! })],
      ['dashboard', (i) => Promise.all([cart.viewWithOwned(userIds[i]!), practice.progress.dashboard(userIds[i]!)])],
      ['history', (i) => practice.progress.history(userIds[i]!, { mode: 'all', examId: null, page: 1 })],
      [
        'practice-tests page',
        (i) =>
          Promise.all([
            practice.examProgress(examOf(i), { id: userIds[i]! }),
            practice.progress.charts(userIds[i]!, [examOf(i)]),
          ]),
      ],
    ];

    const rows: string[] = [];
    let loaded = 0;
    for (const target of steps) {
      started = performance.now();
      await addAttempts(handle, userIds, examIds, loaded, target);
      loaded = target;
      await addAnswers(handle, [...new Set(sampled.map((i) => userIds[i]!))]);
      await analyse(handle);
      console.error(`${engine}: ${target} attempts after ${seconds(started)} s more`);
      for (const [name, run] of pages) {
        for (const i of sampled.slice(0, 20)) await run(i); // warm up
        const times: number[] = [];
        for (const i of sampled) {
          const t = performance.now();
          await run(i);
          times.push(performance.now() - t);
        }
        const p95 = percentile(times, 95);
        rows.push(
          `| ${engine} | ${target.toLocaleString('en-US')} | ${name} | ${ms(percentile(times, 50))} | ${ms(p95)} | ${p95 < 20 ? 'yes' : '**no**'} |`,
        );
      }
    }
    console.log(
      `\n${engine}: ${exams.toLocaleString('en-US')} exams, ${users.toLocaleString('en-US')} users, ${SAMPLES} samples per figure\n\n` +
        `| engine | attempts | page | p50 ms | p95 ms | p95 < 20 ms |\n|---|---:|---|---:|---:|---|\n${rows.join('\n')}`,
    );
  } finally {
    await handle.close();
    await drop();
  }
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/**
 * Refreshes the planner's statistics, as a database in service has them; on PostgreSQL also what
 * autovacuum does after bulk loads (the trigram index's pending entries are merged).
 */
async function analyse(handle: DatabaseHandle) {
  if (handle.engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  else await sql`analyze`.execute(handle.db);
}

export async function addExams(handle: DatabaseHandle, count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, (_, i) => `exam-${i}`);
  const reviews = JSON.stringify([
    { user: 'A. Student', date: '2026-01-01', rating: 5, comment: 'Very close to the real exam.' },
  ]);
  const faq = JSON.stringify([{ question: 'How long is access?', answer: 'A full year from purchase.' }]);
  await inBatches(ids, 500, (batch) =>
    handle.db
      .insertInto('exams')
      .values(
        batch.map((id) => {
          const i = Number(id.slice(5));
          const title = `${VENDORS[i % VENDORS.length]} ${TOPICS[(i >> 3) % TOPICS.length]} ${LEVELS[(i >> 5) % LEVELS.length]} ${i}`;
          const description = `Practice tests for the ${title}: timed exam mode, practice mode with explanations, and scores by domain.`;
          return {
            id,
            title,
            description,
            search_text: searchText(title, description),
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

/** Attempts from number `from` up to `to`: user i's attempts are on the tests of the exam user i bought. */
async function addAttempts(handle: DatabaseHandle, userIds: string[], examIds: string[], from: number, to: number) {
  const base = Date.now() - 200 * 86_400_000;
  const rows = function* (): Generator<AttemptsTable> {
    for (let i = from; i < to; i++) {
      const user = i % userIds.length;
      const examId = examIds[user % examIds.length]!;
      const test = Math.floor(i / userIds.length) % TESTS_PER_EXAM;
      const percentage = (i * 37) % 101;
      const at = new Date(base + i * 10).toISOString();
      yield {
        id: randomUUID(),
        user_id: userIds[user]!,
        exam_id: examId,
        test_id: `${examId}-pt${test + 1}`,
        test_name: `Practice Test ${test + 1}`,
        mode: i % 2 ? 'exam' : 'practice',
        status: 'completed',
        passing_score: 70,
        layout_json: '{"questions":[]}',
        started_at: at,
        deadline_at: null,
        submitted_at: at,
        percentage,
        score: Math.round((percentage * QUESTIONS_PER_TEST) / 100),
        total_questions: QUESTIONS_PER_TEST,
        answered_questions: QUESTIONS_PER_TEST,
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

/**
 * Per-question rows for the measured users' attempts (the domain chart reads them through the attempt's
 * key, so the other users' rows would change nothing measured here).
 */
async function addAnswers(handle: DatabaseHandle, userIds: string[]) {
  const attempts = await handle.db
    .selectFrom('attempts')
    .select(['id', 'test_id'])
    .where('user_id', 'in', userIds)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('attempt_answers').select('attempt_id').whereRef('attempt_id', '=', 'attempts.id')),
      ),
    )
    .execute();
  const answers = attempts.flatMap((a) =>
    Array.from({ length: QUESTIONS_PER_TEST }, (_, q) => ({
      attempt_id: a.id,
      question_id: `${a.test_id}-q${q + 1}`,
      selected_json: '["b"]',
      flagged: 0,
      checked: 0,
      is_correct: q % 3 ? 1 : 0,
      category: `Domain ${q % 4}`,
      answered_at: null,
    })),
  );
  await inBatches(answers, 1000, (batch) => handle.db.insertInto('attempt_answers').values(batch).execute());
}
