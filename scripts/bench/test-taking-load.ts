/**
 * Test taking for autocannon: each connection takes tests as a student does (start an attempt, answer ten
 * questions, submit, again), as the test page sends the requests (`app/features/practice/attempt-api.ts`).
 * Each kind of request is timed on its own; only successful answers are timed, the others are counted.
 */
import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';
import { percentile } from './stats.ts';
import { answerBody, type StartedAttempt, type Student } from './students.ts';

type Request = autocannon.Request;
type Kind = 'start' | 'answer' | 'submit';

const ANSWERS_PER_ATTEMPT = 10;

/**
 * A student is taken from a pool for each attempt and given back after it, so no two connections ever
 * work on the same student's attempt at once (starting a test closes that student's open attempt).
 */
export function testTaking(students: Student[], tests: string[]) {
  const free = [...students];
  const times: Record<Kind, number[]> = { start: [], answer: [], submit: [] };
  const failures: Record<Kind, number> = { start: 0, answer: 0, submit: 0 };
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
  const timed = (kind: Kind) => (status: number, _body: string, context: object) => {
    const c = context as Context;
    if (status !== 200) failures[kind]++;
    else if (c.sentAt !== undefined) times[kind].push(performance.now() - c.sentAt);
  };

  const start: Request = {
    setupRequest: (request, context) => {
      const c = context as Context;
      c.attempt = undefined;
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
    reset: () => {
      Object.values(times).forEach((values) => values.splice(0));
      for (const kind of Object.keys(failures) as Kind[]) failures[kind] = 0;
    },
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
          {
            count: values.length,
            errors: failures[kind as Kind],
            p50: percentile(values, 50),
            p99: percentile(values, 99),
          },
        ]),
      ),
  };
}
