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
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/db/database.ts';
import { grantAccess } from '../../server/modules/practice/access.ts';
import { rateHoldingP99, type PacedRequest } from './paced-load.ts';
import { ms, percentile } from './stats.ts';
import { startCeiling, startStore } from './store-process.ts';
import {
  answerBody,
  registerStudents,
  sampleCatalogue,
  startAttempt,
  type StartedAttempt,
  type Student,
} from './students.ts';

type Request = autocannon.Request;

const CONNECTIONS = 100;
const STUDENTS = 120;
const ANSWERS_PER_ATTEMPT = 10;
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
  alone?: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  target: 'ceiling' | 'quarter' | 'p99';
}

export async function benchHttp(seconds: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pp-bench-http-'));
  const databaseUrl = path.join(dir, 'store.sqlite');
  const ceiling = await startCeiling(CEILING_PORT);
  const store = await startStore(STORE_PORT, databaseUrl);
  try {
    const { origin } = store;
    const catalogue = await sampleCatalogue();
    const exam = catalogue.examIds[0]!;
    const students = await registerStudents(origin, STUDENTS, `http${Date.now().toString(36)}`);
    // Every student owns one exam, as after a purchase.
    const handle = openDatabase(databaseUrl);
    for (const [i, s] of students.entries()) {
      const granted = await grantAccess(
        handle.db,
        s.email,
        catalogue.examIds[i % catalogue.examIds.length]!,
        new Date(),
      );
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
      const afterWarmUp = () => timing?.reset();
      const load = (connections: number, duration: number) => {
        timing?.connecting(connections);
        return autocannon({ ...options, connections, duration });
      };
      await load(10, 2); // warm-up
      afterWarmUp();
      const single = target === 'p99' ? await load(1, Math.max(2, Math.round(seconds / 2))) : null;
      afterWarmUp();
      const server = target === 'ceiling' ? ceiling : store;
      const cpuBefore = cpuMsOf(server.process.pid!);
      const loadBefore = process.cpuUsage();
      const startedAt = performance.now();
      const result = await load(CONNECTIONS, seconds);
      const wallMs = performance.now() - startedAt;
      const serverMs = cpuMsOf(server.process.pid!) - cpuBefore;
      const loadUsage = process.cpuUsage(loadBefore);
      const cpuMs = serverMs / Math.max(1, result.requests.total);
      const row: Row = {
        cpuMs,
        busy: { server: serverMs / wallMs, load: (loadUsage.user + loadUsage.system) / 1000 / wallMs },
        alone: single ? { p50: single.latency.p50, p99: single.latency.p99 } : undefined,
        what,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        // autocannon counts a timeout (no answer in 10 s) among its errors.
        errors: result.errors + result.non2xx,
        timeouts: result.timeouts,
        target,
      };
      rows.push(row);
      console.error(
        `${what}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, max ${result.latency.max} ms, ` +
          `${ms(cpuMs)} ms CPU; busy: server ${pct(row.busy.server)}, load ${pct(row.busy.load)}; errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx} ` +
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

    let next = 0;
    const signedIn = (pathname: string): Request[] => [
      {
        method: 'GET',
        path: pathname,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...BROWSER, cookie: students[next++ % students.length]!.cookie },
        }),
      },
    ];
    for (const [what, pathname] of [
      ['signed in: dashboard', '/dashboard'],
      ['signed in: history', '/history'],
      ['signed in: practice-tests page', `/exam/${exam}/practice-tests`],
      // A link followed inside the running store fetches the new page's data only, not a rendered page.
      ['signed in: dashboard data (a link inside the store)', '/dashboard.data?_routes=routes%2Fdashboard'],
      ['signed in: history data (a link inside the store)', '/history.data?_routes=routes%2Fhistory'],
    ] as const) {
      await run(what, 'p99', { url: origin, requests: signedIn(pathname) });
    }

    print(rows, perKind, seconds);
    await reportPaced(origin, students, exam, catalogue.freeTests, seconds);
  } finally {
    await store.stop();
    await ceiling.stop();
  }
}

/**
 * Each connection takes tests as a student does: start an attempt, answer ten questions, submit, again.
 * A student is taken from a pool for each attempt and given back after it, so no two connections ever
 * work on the same student's attempt at once (starting a test closes that student's open attempt).
 */
function testTaking(students: Student[], tests: string[]) {
  const free = [...students];
  const times: Record<'start' | 'answer' | 'submit', number[]> = { start: [], answer: [], submit: [] };
  let attempts = 0;
  // autocannon builds each connection's first request when it creates the connection, before the run
  // starts; those builds are not timed.
  let unsent = 0;
  interface Context {
    student?: Student;
    attempt?: StartedAttempt;
    sentAt?: number;
  }
  const json = (request: Request, cookie: string, body: string, compressed: boolean): Request => ({
    ...request,
    method: 'POST',
    path: '/api/attempts',
    headers: {
      ...request.headers,
      cookie,
      'content-type': 'application/json',
      ...(compressed ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
    },
    body,
  });
  const timed = (kind: keyof typeof times) => (_status: number, _body: string, context: object) => {
    const c = context as Context;
    if (c.sentAt !== undefined) times[kind].push(performance.now() - c.sentAt);
  };

  const start: Request = {
    setupRequest: (request, context) => {
      const c = context as Context;
      c.student = free.shift();
      if (!c.student) throw new Error('More connections than students');
      const n = attempts++;
      const body = JSON.stringify({
        intent: 'start',
        testId: tests[n % tests.length],
        mode: n % 2 ? 'exam' : 'practice',
      });
      c.sentAt = unsent > 0 ? undefined : performance.now();
      unsent = Math.max(0, unsent - 1);
      // The start's answer is read here, so it is asked for uncompressed.
      return json(request, c.student.cookie, body, false);
    },
    onResponse: (status, body, context) => {
      timed('start')(status, body, context);
      const c = context as Context;
      if (status === 200) c.attempt = JSON.parse(body) as StartedAttempt;
      else free.push(c.student!);
    },
  };
  const answer = (index: number): Request => ({
    setupRequest: (request, context) => {
      const c = context as Context;
      if (!c.attempt) return undefined as unknown as Request; // the start failed: begin again
      c.sentAt = performance.now();
      return json(request, c.student!.cookie, answerBody(c.attempt, index), true);
    },
    onResponse: timed('answer'),
  });
  const submit: Request = {
    setupRequest: (request, context) => {
      const c = context as Context;
      if (!c.attempt) return undefined as unknown as Request;
      c.sentAt = performance.now();
      return json(request, c.student!.cookie, JSON.stringify({ intent: 'submit', attemptId: c.attempt.id }), true);
    },
    onResponse: (status, body, context) => {
      timed('submit')(status, body, context);
      free.push((context as Context).student!);
    },
  };
  return {
    reset: () => Object.values(times).forEach((values) => values.splice(0)),
    connecting: (connections: number) => {
      unsent = connections;
      // The connections of the run before have ended, with the students they held: all are free again.
      free.splice(0, free.length, ...students);
    },
    requests: [start, ...Array.from({ length: ANSWERS_PER_ATTEMPT }, (_, i) => answer(i)), submit],
    latencies: () =>
      Object.fromEntries(
        Object.entries(times).map(([kind, values]) => [
          kind,
          { count: values.length, p50: percentile(values, 50), p99: percentile(values, 99) },
        ]),
      ),
  };
}

/** The rates tried, paced, for the latency-bound requests: a page costs several times an answer. */
const PAGE_RATES = [25, 50, 75, 100, 150];
const ANSWER_RATES = [200, 400, 600, 900, 1200, 1500, 2000];

/**
 * The same 100 connections, sending at an even rate instead of as fast as answers come back: up to which
 * rate do signed-in pages and answers keep p99 under 50 ms?
 */
async function reportPaced(origin: string, students: Student[], exam: string, tests: string[], seconds: number) {
  const attempts: StartedAttempt[] = [];
  for (const [i, student] of students.entries()) {
    attempts.push(await startAttempt(origin, student.cookie, tests[i % tests.length]!, 'exam'));
  }
  const page =
    (pathname: string) =>
    (i: number): PacedRequest => ({
      path: pathname,
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
    ['signed in: dashboard', PAGE_RATES, page('/dashboard')],
    ['signed in: history', PAGE_RATES, page('/history')],
    ['signed in: practice-tests page', PAGE_RATES, page(`/exam/${exam}/practice-tests`)],
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

function print(rows: Row[], perKind: Record<string, { count: number; p50: number; p99: number }>, seconds: number) {
  const ceiling = rows.find((r) => r.target === 'ceiling')!.rps;
  const verdict = (r: Row) =>
    r.target === 'ceiling'
      ? ''
      : r.target === 'quarter'
        ? r.rps >= ceiling / 4
          ? '≥ ¼ ceiling: yes'
          : '≥ ¼ ceiling: **no**'
        : r.p99 < 50
          ? 'p99 < 50 ms: yes'
          : 'p99 < 50 ms: **no**';
  console.log(
    `\n${CONNECTIONS} connections, ${seconds} s each, SQLite, sample catalogue; ${GENERATOR_THREADS} load-generator threads for the ceiling and anonymous pages, 1 for the rest\n\n` +
      '| what | req/s | p50 ms | p99 ms | of ceiling | server CPU per request | busy: server / load generator | 1 connection: p50 / p99 ms | errors (timeouts) | target |\n' +
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n' +
      rows
        .map(
          (r) =>
            `| ${r.what} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${((r.rps / ceiling) * 100).toFixed(0)} % | ${ms(r.cpuMs)} ms | ${pct(r.busy.server)} / ${pct(r.busy.load)} | ${r.alone ? `${r.alone.p50} / ${r.alone.p99}` : ''} | ${r.errors}${r.timeouts ? ` (${r.timeouts})` : ''} | ${verdict(r)} |`,
        )
        .join('\n'),
  );
  console.log(
    '\nTest-taking requests by kind (timed by the load generator):\n\n| request | count | p50 ms | p99 ms |\n|---|---:|---:|---:|\n' +
      Object.entries(perKind)
        .map(([kind, t]) => `| ${kind} | ${t.count} | ${ms(t.p50)} | ${ms(t.p99)} |`)
        .join('\n'),
  );
}
