import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attemptRequestSchema } from '../../shared/attempt-requests.ts';
import { createRateLimit } from '../lib/rate-limit.ts';
import { attemptMessages } from '../modules/practice/messages.ts';
import { claimKeptTests, type KeptTestsCookie } from './kept-tests.ts';
import type { Services } from './load-context.ts';
import { compressNow, sendBody } from './page-body.ts';
import { requestProblems } from '../../shared/request-problems.ts';

/**
 * How many tests one client address may start signed out in a minute. Each such start stores an attempt that
 * belongs to nobody (decision 0024); a visitor trying the free tests and demos starts a handful.
 */
export const SIGNED_OUT_STARTS_PER_MINUTE = 30;

/**
 * `POST /api/attempts`: starting, answering, flagging, checking and submitting attempts, and their time
 * left, JSON in and JSON out (decision 0007). Fastify serves it itself rather than through React Router: it renders nothing, and
 * the test page sends one request per answer, which makes it the store's busiest endpoint (decision 0013).
 * Registered where the same-site check on posts applies, with bodies kept as raw bytes.
 */
export function registerAttemptsEndpoint(
  scope: FastifyInstance,
  services: Services,
  keptTests: (request: FastifyRequest) => KeptTestsCookie,
) {
  const signedOutStarts = createRateLimit({ limit: SIGNED_OUT_STARTS_PER_MINUTE, windowMs: 60_000 });
  scope.all('/api/attempts', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.method !== 'POST') return reply.status(405).header('allow', 'POST').send({ error: 'Use POST.' });
    const parsed = attemptRequestSchema.safeParse(jsonOf(request.body));
    if (!parsed.success) {
      return reply.status(400).send({ error: 'That request is not valid.', problems: requestProblems(parsed.error) });
    }
    const cookie = request.headers.cookie;
    const setCookies: string[] = [];
    const user = cookie
      ? await services.accounts.currentUser(new Headers({ cookie }), (cookies) => setCookies.push(...cookies))
      : null;
    const { practice } = services;
    const keptCookie = keptTests(request);
    const cleared = user && (await claimKeptTests(keptCookie, cookie, user, practice));
    if (cleared) setCookies.push(cleared);
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    const input = parsed.data;
    const signedOutStart = user === null && (input.intent === 'start' || input.intent === 'start-demo');
    // Signed out, a start resumes a free test this browser keeps (decision 0026).
    const kept = user === null && input.intent === 'start' ? await keptCookie.read(cookie) : [];
    // Past the limit, a start may still resume what this browser keeps: that stores nothing new.
    const limited = signedOutStart && signedOutStarts.exhausted(request.ip);
    if (limited && kept.length === 0) {
      return reply.status(429).send({ error: attemptMessages.tooManyStarts, status: 429 });
    }
    const outcome =
      input.intent === 'start'
        ? await practice.start(input.testId, user, input.mode, kept, { resumeOnly: limited })
        : input.intent === 'start-demo'
          ? await practice.startDemo(input.examId)
          : input.intent === 'submit'
            ? await practice.submit(input.attemptId, user)
            : input.intent === 'time-left'
              ? await practice.timeLeft(input.attemptId, user)
              : await practice.change(input.attemptId, user, {
                  questionId: input.questionId,
                  selected: input.selected,
                  ...(input.intent === 'answer' ? { flagged: input.flagged } : { check: true }),
                });
    // Only a start that stored an attempt counts: a refused one stores nothing, and neither does a resumed one.
    const resumed = 'id' in outcome && kept.includes(outcome.id);
    if (signedOutStart && !('error' in outcome) && !resumed) signedOutStarts.count(request.ip);
    // A free test begun signed out is kept by this browser, to resume and to claim on signing in (decision 0026).
    if (input.intent === 'start' && user === null && 'id' in outcome) {
      reply.header('set-cookie', [...setCookies, await keptCookie.keep(outcome.id, kept)]);
    }
    // Sent whole and compressed at once: a start or a result is 5-60 KB, and any step that waits for the thread
    // pool waits its turn behind everything a busy server has queued (decision 0017).
    reply.status('error' in outcome ? outcome.status : 200);
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    const body = Buffer.from(JSON.stringify(outcome));
    return sendBody(request, reply, body, (encoding) => compressNow[encoding](body));
  });
}

function jsonOf(body: unknown): unknown {
  if (!Buffer.isBuffer(body)) return null;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
