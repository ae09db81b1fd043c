/**
 * The catalogue and the students' pages on a large store, and how they grow with the attempts table.
 *
 *   npm run bench -- scale [sqlite|postgres] [exams] [users] [attempt steps...]
 *                                    (defaults: sqlite 10000 100000 10000 1000000)
 *
 * It fills a fresh database (a temporary SQLite file, or a new PostgreSQL database on TEST_POSTGRES_URL;
 * removed afterwards) with bulk inserts: the exams, each with three practice tests of six questions; the
 * users, each owning one exam; four heavy students, each owning four exams, with 5,000, 10,000, 15,000 and
 * 20,000 attempts (half of them on their first exam). Then, step by step, the ordinary students' attempts,
 * spread evenly over them, each on the exam its student owns. Every attempt is handed in, with its layout
 * and a graded row per question.
 *
 * After each step it times every page as its loaders run it (scale-pages.ts): for 300 ordinary students
 * chosen among those with attempts, and 300 times over the heavy students, on the exam each owns (the
 * heavy students' first); the catalogue for a visitor. Before timing, each student's pages are checked to
 * show real content. It prints p50 and p95 in milliseconds, and how long each load took.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/database.ts';
import { CATALOGUE_PAGE_SIZE } from '../../shared/catalogue.ts';
import { addAttempts, addExams, addUsers, freshDatabase, TESTS_PER_EXAM, type AttemptSpec } from './large-database.ts';
import { scalePages, STUDENT_PAGES, type Student } from './scale-pages.ts';
import { ms, percentile } from './stats.ts';

const SAMPLES = 300;
const WARM_UP = 20;
const HEAVY_ATTEMPTS = [5_000, 10_000, 15_000, 20_000];
const HEAVY_EXAMS = 4;
/** Attempts are handed in over the last 200 days (a million ordinary ones 15 s apart). */
const DAY = 86_400_000;
const SINCE = Date.now() - 200 * DAY;
/** What visitors type: words that match a few exams or none, and words that match a thousand or more. */
const NARROW_SEARCHES = ['4242', 'kubernetes', 'cisco networking', 'oracle linux expert'];
const BROAD_SEARCHES = ['aws', 'security', 'professional', 'data', 'az'];

type Figures = { p50: number; p95: number };

export async function benchScale(engine: 'sqlite' | 'postgres', exams: number, users: number, steps: number[]) {
  const heavyCount = HEAVY_ATTEMPTS.length;
  const ordinaryUsers = users - heavyCount;
  const { handle, drop } = await freshDatabase(engine);
  const loads: string[] = [];
  const timed = async (what: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    const line = `${what}: ${((performance.now() - started) / 1000).toFixed(0)} s`;
    loads.push(line);
    console.error(`${engine}: ${line}`);
  };
  try {
    await migrateToLatest(handle.db);
    let examIds: string[] = [];
    let userIds: string[] = [];
    // Heavy students are users 0–3, each owning four exams; user i otherwise owns exam i.
    const examsOf = (u: number) =>
      u < heavyCount
        ? Array.from({ length: HEAVY_EXAMS }, (_, k) => examIds[(u * HEAVY_EXAMS + k) % exams]!)
        : [examIds[u % exams]!];
    await timed(`${count(exams)} exams and ${count(users)} users`, async () => {
      examIds = await addExams(handle, exams);
      userIds = await addUsers(handle, users, examsOf);
    });
    await timed(`the heavy students' ${count(sum(HEAVY_ATTEMPTS))} attempts`, () =>
      addAttempts(handle, heavyAttempts(userIds, examsOf)),
    );
    const heavy: Student[] = HEAVY_ATTEMPTS.map((_, u) => ({ id: userIds[u]!, examId: examsOf(u)[0]! }));

    const pages = scalePages(handle.db);
    const cataloguePages = Math.ceil(exams / CATALOGUE_PAGE_SIZE);
    const rows = new Map<string, Figures[]>();
    const record = (row: string, figures: Figures) => rows.set(row, [...(rows.get(row) ?? []), figures]);
    let loaded = 0;
    for (const target of steps) {
      await timed(`ordinary students' attempts ${count(loaded)} → ${count(target)}`, async () => {
        await addAttempts(handle, ordinaryAttempts(userIds, examsOf, heavyCount, loaded, target));
        await analyse(handle);
      });
      loaded = target;
      const withAttempts = Math.min(loaded, ordinaryUsers);
      const ordinary = Array.from({ length: SAMPLES }, () => {
        const u = heavyCount + Math.floor(Math.random() * withAttempts);
        return { id: userIds[u]!, examId: examsOf(u)[0]! };
      });
      for (const s of [...ordinary, ...heavy]) await pages.check(s);

      record(
        'catalogue, any page|visitor',
        await measure((i) => pages.catalogue('', 1 + ((i * 7919) % cataloguePages))),
      );
      record(
        'catalogue search, few matches|visitor',
        await measure((i) => pages.catalogue(NARROW_SEARCHES[i % NARROW_SEARCHES.length]!, 1)),
      );
      // The first three pages of a search that matches a thousand exams or more: all of them are counted.
      record(
        'catalogue search, 1,000+ matches|visitor',
        await measure((i) => pages.catalogue(BROAD_SEARCHES[i % BROAD_SEARCHES.length]!, 1 + (i % 3))),
      );
      for (const page of STUDENT_PAGES) {
        for (const [who, students] of [
          ['ordinary', ordinary],
          ['heavy', heavy],
        ] as const) {
          record(`${page}|${who}`, await measure((i) => pages.student(page, students[i % students.length]!)));
        }
      }
      console.error(`${engine}: ${count(target)} attempts measured`);
    }
    print(engine, exams, users, steps, rows, loads);
  } finally {
    await handle.close();
    await drop();
  }
}

/** p50 and p95 of SAMPLES sequential runs, after WARM_UP untimed ones. */
async function measure(run: (i: number) => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < WARM_UP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await run(i);
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Heavy student h's attempts, oldest first: half on its first exam, the rest over its other three. */
function* heavyAttempts(userIds: string[], examsOf: (u: number) => string[]): Generator<AttemptSpec> {
  for (const [h, n] of HEAVY_ATTEMPTS.entries()) {
    const owned = examsOf(h);
    for (let k = 0; k < n; k++) {
      const percentage = (k * 37 + h) % 101;
      yield {
        userId: userIds[h]!,
        examId: k % 2 === 0 ? owned[0]! : owned[1 + ((k >> 1) % (owned.length - 1))]!,
        test: (k >> 1) % TESTS_PER_EXAM,
        mode: k % 3 ? 'practice' : 'exam',
        submittedAt: new Date(SINCE + Math.floor((k * 200 * DAY) / n)),
        percentage,
        reset: k % 50 === 49,
      };
    }
  }
}

/**
 * Ordinary attempts `from` up to `to`: attempt i is ordinary student i's (round robin), on a test of the
 * exam the student owns. Some later attempts are reset; every student's first counts.
 */
function* ordinaryAttempts(
  userIds: string[],
  examsOf: (u: number) => string[],
  heavyCount: number,
  from: number,
  to: number,
): Generator<AttemptSpec> {
  const ordinary = userIds.length - heavyCount;
  for (let i = from; i < to; i++) {
    const u = heavyCount + (i % ordinary);
    const percentage = (i * 37) % 101;
    yield {
      userId: userIds[u]!,
      examId: examsOf(u)[0]!,
      test: Math.floor(i / ordinary) % TESTS_PER_EXAM,
      mode: i % 2 ? 'exam' : 'practice',
      submittedAt: new Date(SINCE + i * 15_000),
      percentage,
      reset: i >= ordinary && i % 50 === 0,
    };
  }
}

/**
 * Refreshes the planner's statistics, as a database in service has them; on PostgreSQL also what
 * autovacuum does after bulk loads (the trigram index's pending entries are merged).
 */
async function analyse(handle: DatabaseHandle) {
  if (handle.engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  else await sql`analyze`.execute(handle.db);
}

const count = (n: number) => n.toLocaleString('en-US');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const figure = (value: number) => (value >= 20 ? `**${ms(value)}**` : ms(value));

function print(
  engine: string,
  exams: number,
  users: number,
  steps: number[],
  rows: Map<string, Figures[]>,
  loads: string[],
) {
  const heavy = HEAVY_ATTEMPTS.map(count).join(', ');
  const perStudent = steps.map((s) => `${count(s)}: ${Math.max(1, Math.floor(s / (users - HEAVY_ATTEMPTS.length)))}`);
  console.log(
    `\n${engine}: ${count(exams)} exams, ${count(users)} users. Attempts: the ordinary students' (the figure ` +
      `heading each column), plus the heavy students' ${count(sum(HEAVY_ATTEMPTS))} (${heavy}). Ordinary ` +
      `students are sampled among those with attempts (attempts each at ${perStudent.join(', ')}). ` +
      `${SAMPLES} samples per figure, milliseconds; 20 ms or more in bold.\n\n` +
      `| page | students | ${steps.map((s) => `${count(s)}: p50 | p95`).join(' | ')} |\n` +
      `|---|---|${steps.map(() => '---:|---:').join('|')}|\n` +
      [...rows]
        .map(([row, figures]) => {
          const [page, who] = row.split('|');
          return `| ${page} | ${who} | ${figures.map((f) => `${figure(f.p50)} | ${figure(f.p95)}`).join(' | ')} |`;
        })
        .join('\n') +
      `\n\nLoad times: ${loads.join('; ')}.`,
  );
}
