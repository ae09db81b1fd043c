/**
 * Requests per second and latency of the built store under 100 connections, against a bare Fastify JSON
 * route measured in the same run as the ceiling.
 *
 *   npm run build && npm run bench -- http [seconds per measurement]      (default 10)
 *
 * The store runs on a new SQLite file with the sample catalogue, on port 3450; the ceiling on 3451.
 * Anonymous pages should reach a quarter of the ceiling's requests per second; signed-in pages and the
 * test-taking requests (start, answer, submit, as the test page sends them) should keep p99 under 50 ms.
 * Sent back to back, 100 connections queue behind each other; so those requests are measured again with the
 * same connections sending at even rates (`paced-load.ts`), to find the rate up to which p99 holds.
 *
 * Only a 200 is a success: any other answer is an error, a `.data` request answered with React Router's
 * redirect (202, as for a session not recognised) included. Requests per second and latencies are of the
 * successful answers, and a run with any error meets no target. Each signed-in request carries the next
 * student's cookie; the practice-tests page asked for is that of the exam the student owns.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/db/database.ts';
import { grantAccess } from '../../server/modules/practice/access.ts';
import { rateHoldingP99, type PacedRequest } from './paced-load.ts';
import { ms, percentile } from './stats.ts';
import { startCeiling, startStore, type Started } from './store-process.ts';
import {
  answerBody,
  registerStudents,
  sampleCatalogue,
  startAttempt,
  type StartedAttempt,
  type Student,
} from './students.ts';
import { testTaking } from './test-taking-load.ts';

type Request = autocannon.Request;

const CONNECTIONS = 100;
const STUDENTS = 120;
const STORE_PORT = 3450;
const CEILING_PORT = 3451;
/**
 * Load-generator threads for the ceiling and the anonymous pages. One thread parses about 10,000–19,000
 * compressed pages a second and is then the bottleneck (busy 100 % with the server at 55–80 %); two let the
 * server be measured. The signed-in and test-taking runs keep one: they need the students' cookies in this
 * thread, and the server is the bottleneck there (the generator is under 15 % busy).
 */
const GENERATOR_THREADS = 2;
// What a browser sends; pages are compressed as they would be for one.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

interface Row {
  what: string;
  /** Successful answers (200) a second. */
  rps: number;
  p50: number;
  p99: number;
  /** CPU the server process spent per request (all its threads), whatever else the machine runs. */
  cpuMs: number;
  /**
   * Share of one core each side was busy during the run: the server process, and this process, which is
   * the load generator. A load generator near 100 % while the server is not means the figure is the
   * generator's limit, not the server's.
   */
  busy: { server: number; load: number };
  /** One connection: the time a single request takes with no queue in front of it. */
  alone?: { p50: number; p99: number; errors: number };
  /** Failed requests and answers other than 200 (a `.data` redirect is a 202). */
  errors: number;
  timeouts: number;
  target: 'ceiling' | 'quarter' | 'p99';
}

/** One autocannon run, with only the successful answers (200) counted and timed. */
async function cannon(options: autocannon.Options) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, r) => (error ? reject(error) : resolve(r)));
    // With worker threads the answers are not seen here; autocannon's own histogram then times its 2xx.
    if (!options.workers) {
      instance.on('response', (_client: object, status: number, _bytes: number, time: number) => {
        if (status === 200) latencies.push(time);
      });
    }
  });
  const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0] as const);
  const ok = codes.find(([code]) => code === '200')?.[1] ?? 0;
  const answered = codes.reduce((n, [, count]) => n + count, 0);
  return {
    result,
    ok,
    rps: ok / result.duration,
    p50: options.workers ? result.latency.p50 : percentile(latencies, 50),
    p99: options.workers ? result.latency.p99 : percentile(latencies, 99),
    // autocannon counts a timeout (no answer in 10 s) among its errors.
    errors: result.errors + answered - ok,
  };
}

export async function benchHttp(seconds: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pp-bench-http-'));
  const databaseUrl = path.join(dir, 'store.sqlite');
  let ceiling: Started | undefined;
  let store: Started | undefined;
  try {
    ceiling = await startCeiling(CEILING_PORT);
    store = await startStore(STORE_PORT, databaseUrl);
    const { origin } = store;
    const catalogue = await sampleCatalogue();
    const exam = catalogue.examIds[0]!;
    const students = await registerStudents(origin, STUDENTS, `http${Date.now().toString(36)}`);
    // Every student owns one exam, as after a purchase: student i the exam ownedBy(i).
    const ownedBy = (i: number) => catalogue.examIds[i % catalogue.examIds.length]!;
    const handle = openDatabase(databaseUrl);
    for (const [i, s] of students.entries()) {
      const granted = await grantAccess(handle.db, s.email, ownedBy(i), new Date());
      if (!granted.ok) throw new Error(granted.error);
    }
    await handle.close();

    const rows: Row[] = [];
    const run = async (
      what: string,
      target: Row['target'],
      options: autocannon.Options,
      timing?: { reset(): void; connecting(connections: number): void },
    ) => {
      const server = target === 'ceiling' ? ceiling! : store!;
      const afterWarmUp = () => timing?.reset();
      const load = (connections: number, duration: number) => {
        timing?.connecting(connections);
        return cannon({ ...options, connections, duration });
      };
      await load(10, 2); // warm-up
      afterWarmUp();
      const single = target === 'p99' ? await load(1, Math.max(2, Math.round(seconds / 2))) : null;
      afterWarmUp();
      const cpuBefore = cpuMsOf(server.process.pid!);
      const loadBefore = process.cpuUsage();
      const startedAt = performance.now();
      const measured = await load(CONNECTIONS, seconds);
      const { result } = measured;
      const wallMs = performance.now() - startedAt;
      const serverMs = cpuMsOf(server.process.pid!) - cpuBefore;
      const loadUsage = process.cpuUsage(loadBefore);
      const cpuMs = serverMs / Math.max(1, result.requests.total);
      const row: Row = {
        cpuMs,
        busy: { server: serverMs / wallMs, load: (loadUsage.user + loadUsage.system) / 1000 / wallMs },
        alone: single ? { p50: single.p50, p99: single.p99, errors: single.errors } : undefined,
        what,
        rps: measured.rps,
        p50: measured.p50,
        p99: measured.p99,
        errors: measured.errors,
        timeouts: result.timeouts,
        target,
      };
      rows.push(row);
      console.error(
        `${what}: ${row.rps.toFixed(0)} successful req/s, p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms, max ${result.latency.max} ms, ` +
          `${ms(cpuMs)} ms CPU; busy: server ${pct(row.busy.server)}, load ${pct(row.busy.load)}; errors ${result.errors}, timeouts ${result.timeouts} ` +
          JSON.stringify(result.statusCodeStats),
      );
      return row;
    };

    await run('bare Fastify JSON route (ceiling)', 'ceiling', { url: ceiling.origin, workers: GENERATOR_THREADS });
    for (const [what, pathname] of [
      ['anonymous: home', '/'],
      ['anonymous: /exams', '/exams'],
      ['anonymous: exam details', `/exams/${exam}`],
      ['anonymous: practice-tests page', `/exam/${exam}/practice-tests`],
    ] as const) {
      await run(what, 'quarter', { url: `${origin}${pathname}`, headers: BROWSER, workers: GENERATOR_THREADS });
    }

    const taking = testTaking(students, catalogue.freeTests);
    await run('test taking: start, 10 answers, submit', 'p99', { url: origin, requests: taking.requests }, taking);
    const perKind = taking.latencies();

    // Each request is sent with the next student's cookie, for a page of that student.
    let next = 0;
    const signedIn = (pathOf: (student: number) => string): Request[] => [
      {
        method: 'GET',
        setupRequest: (request) => {
          const i = next++ % students.length;
          return {
            ...request,
            path: pathOf(i),
            headers: { ...request.headers, ...BROWSER, cookie: students[i]!.cookie },
          };
        },
      },
    ];
    for (const [what, pathOf] of [
      ['signed in: dashboard', () => '/dashboard'],
      ['signed in: history', () => '/history'],
      ['signed in: practice-tests page of the exam owned', (i: number) => `/exam/${ownedBy(i)}/practice-tests`],
      // A link followed inside the running store fetches the new page's data only, not a rendered page.
      ['signed in: dashboard data (a link inside the store)', () => '/dashboard.data?_routes=routes%2Fdashboard'],
      ['signed in: history data (a link inside the store)', () => '/history.data?_routes=routes%2Fhistory'],
    ] as const) {
      await run(what, 'p99', { url: origin, requests: signedIn(pathOf) });
    }

    print(rows, perKind, seconds);
    await reportPaced(origin, students, ownedBy, catalogue.freeTests, seconds);
  } finally {
    await store?.stop();
    await ceiling?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rates tried, paced, for the latency-bound requests: a page costs several times an answer. */
const PAGE_RATES = [25, 50, 75, 100, 150];
const ANSWER_RATES = [200, 400, 600, 900, 1200, 1500, 2000];

/**
 * The same 100 connections, sending at an even rate instead of as fast as answers come back: up to which
 * rate do signed-in pages and answers keep p99 under 50 ms?
 */
async function reportPaced(
  origin: string,
  students: Student[],
  ownedBy: (student: number) => string,
  tests: string[],
  seconds: number,
) {
  const attempts: StartedAttempt[] = [];
  for (const [i, student] of students.entries()) {
    attempts.push(await startAttempt(origin, student.cookie, tests[i % tests.length]!, 'exam'));
  }
  const page =
    (pathOf: (student: number) => string) =>
    (i: number): PacedRequest => ({
      path: pathOf(i % students.length),
      headers: { ...BROWSER, cookie: students[i % students.length]!.cookie },
    });
  const answer = (i: number): PacedRequest => {
    const k = i % students.length;
    return {
      path: '/api/attempts',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, br',
        cookie: students[k]!.cookie,
        origin,
      },
      body: answerBody(attempts[k]!, Math.floor(i / students.length)),
    };
  };
  const lines: string[] = [];
  for (const [what, rates, request] of [
    ['signed in: dashboard', PAGE_RATES, page(() => '/dashboard')],
    ['signed in: history', PAGE_RATES, page(() => '/history')],
    ['signed in: practice-tests page of the exam owned', PAGE_RATES, page((k) => `/exam/${ownedBy(k)}/practice-tests`)],
    ['test taking: answer', ANSWER_RATES, answer],
  ] as const) {
    const { tried, holds } = await rateHoldingP99(origin, {
      connections: CONNECTIONS,
      rates: [...rates],
      seconds,
      limitMs: 50,
      request,
    });
    const steps = tried.map((t) => `${t.rate} → ${ms(t.p99)}${t.errors ? ` (${t.errors} errors)` : ''}`).join(', ');
    console.error(`${what}, paced: ${steps}`);
    lines.push(`| ${what} | ${steps} | ${holds ?? `below ${rates[0]}`} |`);
  }
  console.log(
    `\nThe same ${CONNECTIONS} connections sending at an even rate (${seconds} s per rate, each request timed from when it was due):\n\n` +
      '| request | req/s → p99 ms | p99 < 50 ms up to (req/s) |\n|---|---|---:|\n' +
      lines.join('\n'),
  );
}

/** User and system CPU time of a process so far, in milliseconds (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A share of one core, as a whole percentage. */
const pct = (share: number) => `${Math.round(share * 100)} %`;

type PerKind = Record<string, { count: number; errors: number; p50: number; p99: number }>;

/** A verdict holds only for a run without errors. */
function print(rows: Row[], perKind: PerKind, seconds: number) {
  const ceiling = rows.find((r) => r.target === 'ceiling')!.rps;
  const verdict = (r: Row) => {
    if (r.target === 'ceiling') return '';
    const [label, met] = r.target === 'quarter' ? ['≥ ¼ ceiling', r.rps >= ceiling / 4] : ['p99 < 50 ms', r.p99 < 50];
    return `${label}: ${met && r.errors === 0 && !r.alone?.errors ? 'yes' : '**no**'}`;
  };
  console.log(
    `\n${CONNECTIONS} connections, ${seconds} s each (1 connection: ${Math.max(2, Math.round(seconds / 2))} s), SQLite, sample catalogue; ` +
      `${GENERATOR_THREADS} load-generator threads for the ceiling and anonymous pages, 1 for the rest. ` +
      'req/s and latencies are of successful answers (200); any other answer, a `.data` redirect (202) included, is an error.\n\n' +
      '| what | req/s | p50 ms | p99 ms | of ceiling | server CPU per request | busy: server / load generator | 1 connection: p50 / p99 ms (errors) | errors (timeouts) | target |\n' +
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n' +
      rows
        .map(
          (r) =>
            `| ${r.what} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${((r.rps / ceiling) * 100).toFixed(0)} % | ${ms(r.cpuMs)} ms | ${pct(r.busy.server)} / ${pct(r.busy.load)} | ${r.alone ? `${ms(r.alone.p50)} / ${ms(r.alone.p99)}${r.alone.errors ? ` (${r.alone.errors})` : ''}` : ''} | ${r.errors}${r.timeouts ? ` (${r.timeouts})` : ''} | ${verdict(r)} |`,
        )
        .join('\n'),
  );
  console.log(
    '\nTest-taking requests by kind (timed by the load generator, successful answers only):\n\n' +
      '| request | count | errors | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|\n' +
      Object.entries(perKind)
        .map(([kind, t]) => `| ${kind} | ${t.count} | ${t.errors} | ${ms(t.p50)} | ${ms(t.p99)} |`)
        .join('\n'),
  );
}
