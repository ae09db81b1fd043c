/**
 * Many students taking tests at once, over HTTP, against the built store on PostgreSQL.
 *
 *   npm run build && npm run bench -- soak [seconds] [students]      (defaults: 300 s, 200 students)
 *
 * It creates a PostgreSQL database (on TEST_POSTGRES_URL), starts the store on it (port 3452), registers
 * the students through the store's form and gives each one exam, as a purchase would. Then every student,
 * until the time is up: opens an exam's practice-tests page, starts a test (exam or practice mode),
 * answers every question with a pause of 0.5–1.5 s before each, submits, and opens the dashboard. Any
 * answer other than a success is an error. At the end the database must hold every attempt the students
 * saw submitted exactly once, with the score the student was shown and a graded row per question, and no
 * other completed attempt. The database is dropped afterwards. Exits non-zero on any error or mismatch.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.ts';
import { readContentFiles } from '../../server/modules/catalogue/content-files.ts';
import { grantAccess } from '../../server/modules/practice/access.ts';
import { DEFAULT_TEST_POSTGRES_URL } from '../../server/testing/postgres-probe.ts';
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
  const admin = process.env.TEST_POSTGRES_URL ?? DEFAULT_TEST_POSTGRES_URL;
  const name = `pp_soak_${Date.now()}`;
  await adminQuery(admin, `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const store = await startStore(PORT, databaseUrl).catch(async (error: unknown) => {
    await adminQuery(admin, `drop database if exists ${name} with (force)`);
    throw error;
  });
  let failed = false;
  try {
    const { origin } = store;
    const files = await readContentFiles(['content/exams']);
    const tag = `soak${Date.now().toString(36)}`;
    let started = performance.now();
    const students = await registerStudents(origin, studentCount, tag);
    const handle = openDatabase(databaseUrl);
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
        times[kind].push(performance.now() - t);
        if (response.status !== 200) {
          errors.push(`${kind} ${path}: ${response.status} ${text.slice(0, 120)}`);
          return null;
        }
        return text;
      } catch (error) {
        errors.push(`${kind} ${path}: ${(error as Error).message}`);
        return null;
      }
    };

    const think = () => sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    const student = async (me: Student, index: number) => {
      const [examId, ...tests] = owned.get(me)!;
      // Students arrive over the first seconds rather than all in the same millisecond.
      await sleep(Math.random() * 2000);
      for (let round = 0; performance.now() < deadline; round++) {
        if ((await request('practice-tests page', me, `/exam/${examId}/practice-tests`)) === null) return;
        await think();
        const mode = (index + round) % 2 ? 'exam' : 'practice';
        const startText = await request('start', me, '/api/attempts', {
          intent: 'start',
          testId: tests[round % tests.length],
          mode,
        });
        if (startText === null) return;
        const attempt = JSON.parse(startText) as StartedAttempt;
        for (let q = 0; q < attempt.questions.length; q++) {
          await think();
          const answer = JSON.parse(answerBody(attempt, q)) as object;
          if ((await request('answer', me, '/api/attempts', answer)) === null) return;
        }
        const result = await request('submit', me, '/api/attempts', { intent: 'submit', attemptId: attempt.id });
        if (result === null) return;
        const graded = JSON.parse(result) as { attemptId: string; percentage: number; totalQuestions: number };
        submitted.push({
          attemptId: graded.attemptId,
          percentage: graded.percentage,
          questions: graded.totalQuestions,
        });
        if ((await request('dashboard', me, '/dashboard')) === null) return;
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
        `${total} requests (${(total / elapsed).toFixed(0)} req/s), ${errors.length} errors\n\n` +
        '| request | count | p50 ms | p95 ms | p99 ms |\n|---|---:|---:|---:|---:|\n' +
        Object.entries(times)
          .map(
            ([kind, t]) =>
              `| ${kind} | ${t.length} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 95))} | ${ms(percentile(t, 99))} |`,
          )
          .join('\n') +
        `\n\nAttempts submitted (seen by the students): ${submitted.length}\n` +
        `Completed attempts stored for them: ${check.stored}\n` +
        `Submitted attempts stored exactly once with the score shown: ${check.matching}\n` +
        `Graded answer rows: ${check.answerRows} of ${check.expectedAnswerRows} expected\n` +
        `Attempts still open when the time ran out: ${check.open}`,
    );
    for (const error of errors.slice(0, 10)) console.log(`error: ${error}`);
    failed =
      errors.length > 0 ||
      check.stored !== submitted.length ||
      check.matching !== submitted.length ||
      check.answerRows !== check.expectedAnswerRows;
    console.log(failed ? '\nFAILED' : '\nOK: no errors; every submitted attempt is stored exactly once');
  } finally {
    await store.stop();
    await adminQuery(admin, `drop database if exists ${name} with (force)`);
  }
  if (failed) process.exitCode = 1;
}

/** What the database holds for these students, against what they were told. */
async function verify(handle: ReturnType<typeof openDatabase>, students: Student[], submitted: Submitted[]) {
  const emails = students.map((s) => s.email);
  const rows = await handle.db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.user_id')
    .select(['attempts.id', 'attempts.status', 'attempts.percentage', 'attempts.total_questions'])
    .where('users.email', 'in', emails)
    .execute();
  const completed = rows.filter((r) => r.status === 'completed');
  const byId = new Map<string, typeof rows>();
  for (const row of completed) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  const matching = submitted.filter((s) => {
    const stored = byId.get(s.attemptId);
    return stored?.length === 1 && stored[0]!.percentage === s.percentage;
  }).length;
  const ids = submitted.map((s) => s.attemptId);
  let answerRows = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const row = await handle.db
      .selectFrom('attempt_answers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('attempt_id', 'in', ids.slice(i, i + 1000))
      .executeTakeFirstOrThrow();
    answerRows += Number(row.n);
  }
  return {
    stored: completed.length,
    matching,
    open: rows.length - completed.length,
    answerRows,
    expectedAnswerRows: submitted.reduce((n, s) => n + s.questions, 0),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
