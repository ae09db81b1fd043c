/**
 * Many students taking tests at once, over HTTP, against the built store on PostgreSQL.
 *
 *   npm run build && npm run bench -- soak [seconds] [students]      (defaults: 300 s, 200 students)
 *
 * It creates a PostgreSQL database (on TEST_POSTGRES_URL), starts the store on it (port 3452), registers
 * the students through the store's form and gives each one exam, as a purchase would. Then every student,
 * until the time is up: opens an exam's practice-tests page, starts a test (exam or practice mode),
 * answers every question with a pause of 0.5–1.5 s before each, submits, and opens the dashboard. Any
 * answer other than a success is an error: the student notes it, pauses and begins a new round, so every
 * error is counted and the load is kept. At the end the database must hold every attempt the students saw
 * submitted, once, with the score they were shown; each completed attempt must be graded in full (one graded
 * row per question, as many right as its score); no other completed attempt, and none left open. The
 * database is dropped afterwards. Exits non-zero on any error or mismatch.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { readContentFiles } from '../../server/modules/catalogue/content-files.ts';
import { grantAccess } from '../../server/modules/practice/access.ts';
import { createPostgresDatabase } from './large-database.ts';
import { ms, percentile } from './stats.ts';
import { startStore } from './store-process.ts';
import { answerBody, registerStudents, type StartedAttempt, type Student } from './students.ts';

const PORT = 3452;
const THINK_MS: [number, number] = [500, 1500];

type Kind = 'practice-tests page' | 'start' | 'answer' | 'submit' | 'dashboard';

interface Submitted {
  attemptId: string;
  percentage: number;
  questions: number;
}

export async function benchSoak(seconds: number, studentCount: number) {
  const database = await createPostgresDatabase('bench_soak');
  const store = await startStore(PORT, database.url).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  let failed = false;
  try {
    const { origin } = store;
    const files = await readContentFiles(['content/exams']);
    const tag = `soak${Date.now().toString(36)}`;
    let started = performance.now();
    const students = await registerStudents(origin, studentCount, tag);
    const handle = openDatabase(database.url);
    const owned = new Map<Student, string[]>();
    for (const [i, student] of students.entries()) {
      const file = files[i % files.length]!;
      const granted = await grantAccess(handle.db, student.email, file.content.exam.id, new Date());
      if (!granted.ok) throw new Error(granted.error);
      owned.set(student, [file.content.exam.id, ...file.content.practiceTests.map((t) => t.id)]);
    }
    console.error(`${studentCount} students registered in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const times: Record<Kind, number[]> = {
      'practice-tests page': [],
      start: [],
      answer: [],
      submit: [],
      dashboard: [],
    };
    const errors: string[] = [];
    const submitted: Submitted[] = [];
    const deadline = performance.now() + seconds * 1000;
    /** The answer's text, or null when it was not a success (the error is noted). */
    const request = async (kind: Kind, student: Student, path: string, body?: unknown) => {
      const t = performance.now();
      try {
        const response = await fetch(`${origin}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            cookie: student.cookie,
            origin,
            'accept-encoding': 'gzip, deflate, br',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'manual',
        });
        const text = await response.text();
        if (response.status !== 200) {
          errors.push(`${kind} ${path}: ${response.status} ${text.slice(0, 120)}`);
          return null;
        }
        times[kind].push(performance.now() - t);
        return text;
      } catch (error) {
        errors.push(`${kind} ${path}: ${(error as Error).message}`);
        return null;
      }
    };

    const think = () => sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    /** One round of a student; false at its first error. */
    const takeTest = async (me: Student, index: number, round: number): Promise<boolean> => {
      const [examId, ...tests] = owned.get(me)!;
      if ((await request('practice-tests page', me, `/exam/${examId}/practice-tests`)) === null) return false;
      await think();
      const mode = (index + round) % 2 ? 'exam' : 'practice';
      const startText = await request('start', me, '/api/attempts', {
        intent: 'start',
        testId: tests[round % tests.length],
        mode,
      });
      if (startText === null) return false;
      const attempt = JSON.parse(startText) as StartedAttempt;
      for (let q = 0; q < attempt.questions.length; q++) {
        await think();
        const answer = JSON.parse(answerBody(attempt, q)) as object;
        if ((await request('answer', me, '/api/attempts', answer)) === null) return false;
      }
      const result = await request('submit', me, '/api/attempts', { intent: 'submit', attemptId: attempt.id });
      if (result === null) return false;
      const graded = JSON.parse(result) as { attemptId: string; percentage: number; totalQuestions: number };
      submitted.push({ attemptId: graded.attemptId, percentage: graded.percentage, questions: graded.totalQuestions });
      return (await request('dashboard', me, '/dashboard')) !== null;
    };
    const student = async (me: Student, index: number) => {
      // Students arrive over the first seconds rather than all in the same millisecond.
      await sleep(Math.random() * 2000);
      for (let round = 0; performance.now() < deadline; round++) {
        if (!(await takeTest(me, index, round))) await think();
      }
    };
    started = performance.now();
    await Promise.all(students.map((s, i) => student(s, i)));
    const elapsed = (performance.now() - started) / 1000;

    const check = await verify(handle, students, submitted);
    await handle.close();
    const total = Object.values(times).reduce((n, t) => n + t.length, 0);
    console.log(
      `\nSoak: ${studentCount} students for ${seconds} s (ran ${elapsed.toFixed(0)} s) on PostgreSQL, ` +
        `${total} successful requests (${(total / elapsed).toFixed(0)} req/s), ${errors.length} errors\n\n` +
        '| request | count | p50 ms | p95 ms | p99 ms |\n|---|---:|---:|---:|---:|\n' +
        Object.entries(times)
          .map(
            ([kind, t]) =>
              `| ${kind} | ${t.length} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 95))} | ${ms(percentile(t, 99))} |`,
          )
          .join('\n') +
        `\n\nAttempts submitted (seen by the students): ${submitted.length}\n` +
        `Completed attempts stored for them: ${check.stored}\n` +
        `Submitted attempts stored with the score shown: ${check.matching}\n` +
        `Completed attempts graded in full (a graded row per question, as many right as the score): ${check.graded}\n` +
        `Attempts left open: ${check.open}`,
    );
    for (const error of errors.slice(0, 10)) console.log(`error: ${error}`);
    failed =
      errors.length > 0 ||
      submitted.length === 0 ||
      check.stored !== submitted.length ||
      check.matching !== submitted.length ||
      check.graded !== check.stored ||
      check.open !== 0;
    console.log(
      failed ? '\nFAILED' : '\nOK: no errors; every submitted attempt is stored once, graded, and none is left open',
    );
  } finally {
    await store.stop();
    await database.drop();
  }
  if (failed) process.exitCode = 1;
}

/** What the database holds for these students, against what they were told. */
async function verify(handle: DatabaseHandle, students: Student[], submitted: Submitted[]) {
  const rows = await handle.db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.user_id')
    .select(['attempts.id', 'attempts.status', 'attempts.percentage', 'attempts.score', 'attempts.total_questions'])
    .where(
      'users.email',
      'in',
      students.map((s) => s.email),
    )
    .execute();
  const completed = new Map(rows.filter((r) => r.status === 'completed').map((r) => [r.id, r]));
  const matching = submitted.filter((s) => {
    const stored = completed.get(s.attemptId);
    return stored?.percentage === s.percentage && stored.total_questions === s.questions;
  });
  // A row per question, each graded (is_correct set by the hand-in), as many right as the score.
  const ids = [...completed.keys()];
  let graded = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const counts = await handle.db
      .selectFrom('attempt_answers')
      .select((eb) => [
        'attempt_id',
        eb.fn.countAll<number>().as('rows'),
        eb.fn.count<number>('is_correct').as('graded'),
        eb.fn.count<number>(eb.case().when('is_correct', '=', 1).then(1).end()).as('right'),
      ])
      .where('attempt_id', 'in', ids.slice(i, i + 1000))
      .groupBy('attempt_id')
      .execute();
    graded += counts.filter((c) => {
      const attempt = completed.get(c.attempt_id)!;
      const questions = attempt.total_questions;
      return Number(c.rows) === questions && Number(c.graded) === questions && Number(c.right) === attempt.score;
    }).length;
  }
  return {
    stored: completed.size,
    // Distinct ids: an attempt reported twice counts once, and the run then fails.
    matching: new Set(matching.map((s) => s.attemptId)).size,
    graded,
    open: rows.length - completed.size,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
