import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Engine } from '../db/database.ts';
import { importContent } from '../modules/catalogue/content-import.ts';
import { grantAccess } from '../modules/practice/access.ts';
import { contentFixture } from '../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../testing/databases.ts';
import { createTestServices, TEST_BASE_URL } from '../testing/services.ts';
import { buildApp } from './app.ts';
import { attemptMessages } from '../modules/practice/messages.ts';
import { SIGNED_OUT_STARTS_PER_MINUTE } from './attempts-endpoint.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
type Services = ReturnType<typeof createTestServices>;

/** A database of its own with the fixture's exam, and a registered student's session cookie. */
async function storeWithStudent(engine: Engine) {
  const database = await createTestDatabase(engine);
  await importContent(database.db, [contentFixture('exam1', {}, 2)]);
  const services = createTestServices(database);
  const registered = await services.accounts.register(
    { name: 'Student', email: 'student@example.com', password: 'practice-hard-1' },
    { ip: '10.2.2.2' },
  );
  if (!registered.ok) throw new Error(registered.message);
  return { database, services, cookie: registered.setCookies.map((c) => c.split(';', 1)[0]).join('; ') };
}

describe.each(engines)('the attempts endpoint on %s', (engine) => {
  let database: DatabaseHandle;
  let app: App;
  let cookie: string;

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/attempts',
      headers: { 'content-type': 'application/json', cookie, origin: TEST_BASE_URL, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    let services: Services;
    ({ database, services, cookie } = await storeWithStudent(engine));
    await grantAccess(database.db, 'student@example.com', 'exam1', new Date());
    app = await buildApp({ database, services, publicUrl: TEST_BASE_URL });
  });
  afterAll(() => app.close());

  it("takes a signed-in student's test from start to a graded, saved result", async () => {
    const started = await post({ intent: 'start', testId: 'exam1-pt2', mode: 'exam' });
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const attempt = started.json<{ id: string; questions: { id: string; options: { id: string }[] }[] }>();
    expect(attempt.questions).toHaveLength(3);
    // The fixture's first two questions are answered by 'b'; the third (choose two) is left unanswered.
    for (const question of attempt.questions.slice(0, 2)) {
      const answered = await post({
        intent: 'answer',
        attemptId: attempt.id,
        questionId: question.id,
        selected: ['b'],
      });
      expect(answered.statusCode).toBe(200);
      expect(answered.json()).toEqual({ checked: null });
    }
    const submitted = await post({ intent: 'submit', attemptId: attempt.id });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ attemptId: attempt.id, score: 2, totalQuestions: 3, percentage: 67 });
    const row = await database.db
      .selectFrom('attempts')
      .select(['status', 'percentage'])
      .where('id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'completed', percentage: 67 });
  });

  it('refuses what the test page would never send, and a locked test, with a 4xx and a message', async () => {
    expect((await post('not json')).statusCode).toBe(400);
    expect((await post({ intent: 'start', testId: 'exam1-pt1', mode: 'exam', extra: 1 })).statusCode).toBe(400);
    const missing = await post({ intent: 'submit', attemptId: 'not-an-attempt' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: string }>().error).toBeTruthy();
    // Signed out, only the first test of an exam is open.
    const locked = await post({ intent: 'start', testId: 'exam1-pt2', mode: 'exam' }, { cookie: '' });
    expect(locked.statusCode).toBe(403);
    const demo = await post({ intent: 'start', testId: 'exam1-pt1', mode: 'practice' }, { cookie: '' });
    expect(demo.statusCode).toBe(200);
  });

  it('refuses an id with a character no id has (PostgreSQL refuses a NUL in text) with a 400, not an error', async () => {
    const attempt = (await post({ intent: 'start', testId: 'exam1-pt1', mode: 'practice' })).json<{
      id: string;
      questions: { id: string }[];
    }>();
    const questionId = attempt.questions[0]!.id;
    for (const body of [
      { intent: 'start', testId: 'exam1-pt1\u0000', mode: 'exam' },
      { intent: 'start-demo', examId: 'exam1\u0000' },
      { intent: 'answer', attemptId: `${attempt.id}\u0000`, questionId, selected: [] },
      { intent: 'answer', attemptId: attempt.id, questionId: `${questionId}\u0000`, selected: [] },
      { intent: 'check', attemptId: attempt.id, questionId: `\u0001${questionId}`, selected: ['a'] },
      { intent: 'submit', attemptId: '\u0000' },
      { intent: 'submit', attemptId: "x' OR '1'='1" },
    ]) {
      const refused = await post(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ error: string }>().error).toBeTruthy();
    }
    // The attempt itself is untouched and still answers.
    const answered = await post({ intent: 'answer', attemptId: attempt.id, questionId, selected: [] });
    expect(answered.statusCode).toBe(200);
  });

  it('answers only POST, and only from this site', async () => {
    const get = await app.inject({ method: 'GET', url: '/api/attempts' });
    expect(get.statusCode).toBe(405);
    expect(get.json()).toEqual({ error: 'Use POST.' });
    const crossSite = await post({ intent: 'submit', attemptId: 'x' }, { origin: 'https://elsewhere.example' });
    expect(crossSite.statusCode).toBe(403);
    // An origin the browser would not name (a sandboxed frame, a privacy setting) is not taken for this site's.
    const hiddenOrigins: Record<string, string>[] = [
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of hiddenOrigins) {
      const hidden = await post({ intent: 'submit', attemptId: 'x' }, headers);
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json()).toEqual({ error: 'Requests from other sites are not accepted.' });
    }
  });

  it('sends a start or a result compressed when the browser takes it, and a short answer as it is', async () => {
    const long = contentFixture('long1', {}, 1);
    for (const question of long.practiceTests[0]!.questions) {
      question.text = `${question.text} ${'A scenario as long as a real exam question sets out. '.repeat(10)}`;
    }
    await importContent(database.db, [long]);
    const started = await post(
      { intent: 'start', testId: 'long1-pt1', mode: 'practice' },
      { 'accept-encoding': 'gzip, deflate, br' },
    );
    expect(started.statusCode).toBe(200);
    expect(started.headers['content-encoding']).toBe('br');
    expect(started.headers['vary']).toBe('Accept-Encoding');
    expect(started.headers['content-type']).toBe('application/json; charset=utf-8');
    const attempt = JSON.parse(brotliDecompressSync(started.rawPayload).toString('utf8')) as {
      id: string;
      questions: { id: string }[];
    };
    expect(attempt.questions.map((q) => q.id)).toEqual(['long1-pt1-q1', 'long1-pt1-q2', 'long1-pt1-q3']);

    const gzipped = await post({ intent: 'submit', attemptId: attempt.id }, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toMatchObject({ attemptId: attempt.id });

    const refused = await post({ intent: 'submit', attemptId: 'no-such-attempt' }, { 'accept-encoding': 'br' });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual({ error: attemptMessages.attemptNotFound, status: 404 });
  });

  it('sends the session cookie again when the session is extended on the way in, and only then', async () => {
    const start = { intent: 'start', testId: 'exam1-pt1', mode: 'practice' };
    expect((await post(start)).headers['set-cookie']).toBeUndefined();
    // Twenty days after signing in, the 30-day session is due for its daily extension.
    const in10Days = new Date(Date.now() + 10 * 86_400_000);
    await database.db
      .updateTable('sessions')
      .set({ expiresAt: engine === 'postgres' ? in10Days : in10Days.toISOString() })
      .execute();
    const renewed = await post(start);
    expect(renewed.statusCode).toBe(200);
    const cookies = [renewed.headers['set-cookie'] ?? []].flat();
    const session = cookies.find((c) => c.startsWith('pp.session_token='));
    expect(session?.split(';', 1)[0]).toBe(cookie.split('; ').find((c) => c.startsWith('pp.session_token=')));
    expect(session).toMatch(/; Max-Age=2592000(;|$)/);
    expect((await post(start)).headers['set-cookie']).toBeUndefined();
  });

  it('keeps the free tests a browser starts signed out, resumes them, and gives them to the student who signs in', async () => {
    const visitor = { cookie: '' };
    const asVisitor = async (body: object) => {
      const answer = await post(body, { cookie: visitor.cookie });
      const kept = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('pp_free_tests='));
      if (kept) visitor.cookie = kept.split(';', 1)[0]!;
      return { answer, kept };
    };
    const exam = await asVisitor({ intent: 'start', testId: 'exam1-pt1', mode: 'exam' });
    expect(exam.answer.statusCode).toBe(200);
    expect(exam.kept).toMatch(/; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    const examId = exam.answer.json<{ id: string }>().id;
    const question = exam.answer.json<{ questions: { id: string }[] }>().questions[0]!.id;
    await asVisitor({ intent: 'answer', attemptId: examId, questionId: question, selected: ['b'] });
    // A second start of the same test and mode, after a reload, resumes it with its answer.
    const again = await asVisitor({ intent: 'start', testId: 'exam1-pt1', mode: 'exam' });
    const resumed = again.answer.json<{ id: string; questions: { id: string; selected: string[] }[] }>();
    expect(resumed.id).toBe(examId);
    expect(resumed.questions.find((q) => q.id === question)?.selected).toEqual(['b']);
    const practiceId = (await asVisitor({ intent: 'start', testId: 'exam1-pt1', mode: 'practice' })).answer.json<{
      id: string;
    }>().id;
    expect(practiceId).not.toBe(examId);
    // The short demo is kept by nobody: it leaves the cookie as it was.
    expect((await asVisitor({ intent: 'start-demo', examId: 'exam1' })).kept).toBeUndefined();

    // A cookie altered by hand names nothing: the start is a new attempt.
    const [name, value] = visitor.cookie.split('=') as [string, string];
    const forged = await post(
      { intent: 'start', testId: 'exam1-pt1', mode: 'exam' },
      { cookie: `${name}=${value.replace(/^./, (c) => (c === 'W' ? 'X' : 'W'))}` },
    );
    expect(forged.json<{ id: string }>().id).not.toBe(examId);

    // Signed in on the same browser, the first request makes them the student's and removes the cookie; but
    // the student is taking this test in practice mode already, and that one stays the one they go on with.
    const ownPractice = (await post({ intent: 'start', testId: 'exam1-pt1', mode: 'practice' })).json<{ id: string }>();
    const signedIn = await post(
      { intent: 'answer', attemptId: examId, questionId: question, selected: ['a'] },
      {
        cookie: `${cookie}; ${visitor.cookie}`,
      },
    );
    expect(signedIn.statusCode).toBe(200);
    const cleared = [signedIn.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('pp_free_tests='));
    expect(cleared).toMatch(/Max-Age=0/);
    const ownerOf = async (id: string) =>
      (
        await database.db
          .selectFrom('attempts')
          .leftJoin('users', 'users.id', 'attempts.user_id')
          .select('users.email')
          .where('attempts.id', '=', id)
          .executeTakeFirstOrThrow()
      ).email;
    expect(await ownerOf(examId)).toBe('student@example.com');
    expect(await ownerOf(practiceId)).toBeNull();
    expect((await post({ intent: 'start', testId: 'exam1-pt1', mode: 'practice' })).json()).toMatchObject(ownPractice);
    expect((await post({ intent: 'submit', attemptId: examId })).json()).toMatchObject({ saved: true });
  });

  it('lets one address start a test signed out 30 times a minute, then refuses with 429 but resumes; students and others go on', async () => {
    // An app and database of its own: the limit counts per app, and closing an app closes its database.
    const { database: own, services, cookie: student } = await storeWithStudent(engine);
    const proxied = await buildApp({ database: own, services, publicUrl: TEST_BASE_URL, trustProxy: 1 });
    try {
      const start = (from: string, body: object, cookie = '') =>
        proxied.inject({
          method: 'POST',
          url: '/api/attempts',
          headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, 'x-forwarded-for': from, cookie },
          payload: JSON.stringify(body),
        });
      const free = { intent: 'start', testId: 'exam1-pt1', mode: 'practice' };
      const demo = { intent: 'start-demo', examId: 'exam1' };
      const stored = async () =>
        Number(
          (
            await own.db
              .selectFrom('attempts')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );

      // A browser elsewhere in the same classroom began the free test in exam mode, and keeps it.
      const begun = await start('10.7.0.9', { ...free, mode: 'exam' });
      const keptCookie = [begun.headers['set-cookie'] ?? []]
        .flat()
        .find((c) => c.startsWith('pp_free_tests='))!
        .split(';', 1)[0]!;
      // A refused start stores nothing and counts for nothing.
      expect((await start('10.7.0.1', { intent: 'start', testId: 'exam1-pt2', mode: 'exam' })).statusCode).toBe(403);
      for (let i = 0; i < SIGNED_OUT_STARTS_PER_MINUTE; i++) {
        expect((await start('10.7.0.1', i % 2 ? demo : free)).statusCode, `start ${i + 1}`).toBe(200);
      }
      expect(await stored()).toBe(SIGNED_OUT_STARTS_PER_MINUTE + 1);
      for (const body of [free, demo]) {
        const refused = await start('10.7.0.1', body);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['cache-control']).toBe('no-store');
        expect(refused.json()).toEqual({ error: attemptMessages.tooManyStarts, status: 429 });
      }
      // Past the limit, that browser still resumes the test it keeps, on the same network; it begins none.
      const resumed = await start('10.7.0.1', { ...free, mode: 'exam' }, keptCookie);
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json().id).toEqual(expect.any(String));
      expect(resumed.json().id).toBe(begun.json().id);
      expect((await start('10.7.0.1', free, keptCookie)).statusCode).toBe(429);
      expect(await stored()).toBe(SIGNED_OUT_STARTS_PER_MINUTE + 1);
      // Another address, and a student at the same one, start as before.
      expect((await start('10.7.0.2', free)).statusCode).toBe(200);
      expect((await start('10.7.0.1', { ...free, mode: 'exam' }, student)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
