import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { catalogueVersion } from '../modules/catalogue/catalogue-version.ts';
import { importContent } from '../modules/catalogue/content-import.ts';
import { findExam } from '../modules/catalogue/queries.ts';
import { contentFixture } from '../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../testing/databases.ts';
import { compressSmallest, PAGE_CACHE_CONTROL, preferredEncoding } from './page-body.ts';
import { createPageCache } from './page-cache.ts';
import { registerSecurityHeaders } from './security-headers.ts';

const SESSION = 'pp.session_token=alice-token';
/** Varied text of a real page's length (this project's README), where better compression shows. */
const LONG_TEXT = readFileSync('README.md', 'utf8').slice(0, 60_000);

/**
 * A host like the store's: its security headers with per-response nonces, compression, and pages rendered from the
 * catalogue. The "session" here is the store's cookie name with the user's name in it, which is enough to
 * render a personal header; the cache decides on the cookie's name, never on its value.
 */
async function host(
  database: DatabaseHandle,
  clock: { now: number },
  {
    ttlMs = 30_000,
    maxEntries = 50,
    whileRendering = async (_url: string) => {},
    version = () => catalogueVersion(database.db),
  } = {},
) {
  const cache = createPageCache({
    ttlMs,
    maxEntries,
    version,
    originOf: () => 'http://store.test',
    now: () => clock.now,
  });
  const app = Fastify();
  app.addHook('onRequest', cache.onRequest);
  registerSecurityHeaders(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  let renders = 0;
  app.all('/*', (request, reply) =>
    cache.serve(request, reply, async () => {
      renders++;
      const name = /pp\.session_token=(\w+)-token/.exec(request.headers.cookie ?? '')?.[1] ?? null;
      const claimed = request.headers['x-render-as'] as string | undefined;
      const user = name ?? claimed ?? null;
      const exam = await findExam(database.db, 'alpha');
      await whileRendering(request.url);
      const html =
        `<!doctype html><header>${user ? `Signed in as ${user}` : 'Log In'}</header>` +
        `<h1>${exam?.title ?? 'none'}</h1><p>${request.url.includes('long') ? LONG_TEXT : 'Practice makes perfect. '.repeat(100)}</p>` +
        `<script nonce="${reply.cspNonce.script}">window.render = ${renders}</script>`;
      const status = request.url.includes('missing') ? 404 : 200;
      return {
        response: new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } }),
        anonymous: user === null,
      };
    }),
  );
  return { app, cache, renders: () => renders };
}

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe.each(engines)('the page cache on %s', (engine) => {
  let database: DatabaseHandle;
  const clock = { now: 1_000_000 };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    clock.now += 60_000;
    await importContent(database.db, [contentFixture('alpha', { title: 'Alpha' })]);
  });

  it('serves an anonymous page a second time exactly as it sent it the first time, nonce and policy included', async () => {
    const { app, renders } = await host(database, clock);
    const first = await app.inject({ method: 'GET', url: '/' });
    const second = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(renders()).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    // Served before the security headers are made, the replay carries the stored ones.
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['strict-transport-security']).toBe(first.headers['strict-transport-security']);
    // The nonce the policy allows is the nonce the page's script carries, on the replay too.
    const nonce = nonceOf(second.headers['content-security-policy']);
    expect(nonce).toBeTruthy();
    expect(second.body).toContain(`<script nonce="${nonce}">`);
    await app.close();
  });

  it('keeps each address apart, query string included', async () => {
    const { app, renders } = await host(database, clock);
    await app.inject({ method: 'GET', url: '/exams?q=aws' });
    const other = await app.inject({ method: 'GET', url: '/exams?q=pmp' });
    const again = await app.inject({ method: 'GET', url: '/exams?q=aws' });
    expect(other.headers['x-page-cache']).toBe('miss');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(renders()).toBe(2);
    await app.close();
  });

  it('keeps an address only with the parameters its page reads, each once and with a value it takes', async () => {
    const { app, cache } = await host(database, clock);
    for (const url of [
      '/exams/alpha?utm_source=mail',
      '/?junk=1',
      '/exams?q=aws&q=pmp',
      '/exams?page=abc',
      '/exam/alpha/practice-tests?filter=everything',
      '/exam/alpha/practice-tests?sort=best-score&tab=faq',
      '/exams.data?_routes=<script>',
    ]) {
      const twice = [await app.inject({ method: 'GET', url }), await app.inject({ method: 'GET', url })];
      expect(
        twice.map((response) => response.headers['x-page-cache']),
        url,
      ).toEqual([undefined, undefined]);
    }
    expect(cache.size).toBe(0);
    for (const url of [
      '/exams?q=aws+cloud&page=2',
      '/exams/alpha?tab=faq',
      '/exam/alpha/practice-tests?filter=passed&sort=best-score',
      '/exams.data?q=aws&_routes=routes%2Fexams',
    ]) {
      await app.inject({ method: 'GET', url });
      expect((await app.inject({ method: 'GET', url })).headers['x-page-cache'], url).toBe('hit');
    }
    expect(cache.size).toBe(4);
    await app.close();
  });

  it('makes the smallest encoding of one page at a time; a page asked for meanwhile gets it on a later visit', async () => {
    let finish = () => {};
    const smallest = vi
      .spyOn(compressSmallest, 'br')
      .mockImplementation((body) => new Promise((resolve) => (finish = () => resolve(body))));
    const { app } = await host(database, clock);
    const ask = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    for (const url of ['/exams/one', '/exams/two']) await ask(url);
    await ask('/exams/one');
    await vi.waitFor(() => expect(smallest).toHaveBeenCalledTimes(1));
    await ask('/exams/two'); // while the first is being made: not started
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(smallest).toHaveBeenCalledTimes(1);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await ask('/exams/two');
    await vi.waitFor(() => expect(smallest).toHaveBeenCalledTimes(2));
    finish();
    smallest.mockRestore();
    await app.close();
  });

  it('compresses a stored page for clients that accept it, and the decoded page is the same', async () => {
    const { app } = await host(database, clock);
    const plain = await app.inject({ method: 'GET', url: '/exams/alpha' });
    const br = await app.inject({ method: 'GET', url: '/exams/alpha', headers: { 'accept-encoding': 'gzip, br' } });
    const gz = await app.inject({ method: 'GET', url: '/exams/alpha', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    await app.close();
  });

  it('sends a page asked for again more tightly compressed, made off the request path; a page read once costs nothing more', async () => {
    const smallest = vi.spyOn(compressSmallest, 'br');
    const { app } = await host(database, clock);
    const plain = await app.inject({ method: 'GET', url: '/exams/long' });
    const once = await app.inject({ method: 'GET', url: '/exams/long-once', headers: { 'accept-encoding': 'br' } });
    expect(once.headers['content-encoding']).toBe('br');
    for (const encoding of ['br', 'gzip'] as const) {
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      const ask = () => app.inject({ method: 'GET', url: '/exams/long', headers: { 'accept-encoding': encoding } });
      const quick = await ask();
      let later = await ask();
      for (let tries = 0; later.rawPayload.length === quick.rawPayload.length && tries < 500; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        later = await ask();
      }
      expect(later.headers['content-encoding'], encoding).toBe(encoding);
      expect(later.rawPayload.length, encoding).toBeLessThan(quick.rawPayload.length);
      expect(decode(quick.rawPayload).toString(), encoding).toBe(plain.body);
      expect(decode(later.rawPayload).toString(), encoding).toBe(plain.body);
    }
    // Made once for the page asked for again, never for the page read once.
    expect(smallest).toHaveBeenCalledOnce();
    smallest.mockRestore();
    await app.close();
  });

  it('never serves from memory, nor keeps, a page for a signed-in visitor or one with a message waiting', async () => {
    const { app, cache, renders } = await host(database, clock);
    const signedIn = await app.inject({ method: 'GET', url: '/', headers: { cookie: SESSION } });
    expect(signedIn.body).toContain('Signed in as alice');
    expect(signedIn.headers['x-page-cache']).toBeUndefined();
    expect(cache.size).toBe(0);

    const anonymous = await app.inject({ method: 'GET', url: '/' });
    expect(anonymous.headers['x-page-cache']).toBe('miss');
    expect(anonymous.body).toContain('Log In');
    expect(anonymous.body).not.toContain('alice');

    // With the anonymous page stored, the signed-in visitor still gets their own.
    const again = await app.inject({ method: 'GET', url: '/', headers: { cookie: `theme=dark; ${SESSION}` } });
    expect(again.body).toContain('Signed in as alice');
    const secure = await app.inject({ method: 'GET', url: '/', headers: { cookie: `__Secure-${SESSION}` } });
    expect(secure.body).toContain('Signed in as alice');
    const flash = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'pp_flash=eyJ0eXBlIjoic3VjY2VzcyJ9' },
    });
    expect(flash.headers['x-page-cache']).toBeUndefined();
    // A name with spaces around it is the session's cookie to its reader, so it is here too.
    const spaced = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `theme=dark; ${SESSION.replace('=', ' =')}` },
    });
    expect(spaced.headers['x-page-cache']).toBeUndefined();
    expect(renders()).toBe(6);

    // Another cookie makes nobody known: the visitor gets the stored anonymous page.
    const other = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=dark' } });
    expect(other.headers['x-page-cache']).toBe('hit');
    expect(other.body).toBe(anonymous.body);
    await app.close();
  });

  it('does not keep a page that was rendered for someone, whatever made the host think so', async () => {
    const { app, cache } = await host(database, clock);
    const personal = await app.inject({ method: 'GET', url: '/exams', headers: { 'x-render-as': 'bob' } });
    expect(personal.body).toContain('Signed in as bob');
    expect(cache.size).toBe(0);
    const anonymous = await app.inject({ method: 'GET', url: '/exams' });
    expect(anonymous.body).not.toContain('bob');
    await app.close();
  });

  it('while the catalogue cannot be read, renders every page instead of failing before the page is asked', async () => {
    let down = false;
    const version = () => (down ? Promise.reject(new Error('database is down')) : catalogueVersion(database.db));
    const { app, renders } = await host(database, clock, { version });
    expect((await app.inject({ method: 'GET', url: '/exams' })).statusCode).toBe(200);
    down = true;
    clock.now += 60_000;
    const page = await app.inject({ method: 'GET', url: '/exams' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-page-cache']).not.toBe('hit');
    expect(page.headers['content-security-policy']).toBeTruthy();
    expect(renders()).toBe(2);
    await app.close();
  });

  it('leaves other methods, other pages and failed pages alone', async () => {
    const { app, cache, renders } = await host(database, clock);
    await app.inject({ method: 'POST', url: '/exams', payload: { q: 'x' } });
    await app.inject({ method: 'HEAD', url: '/exams' });
    await app.inject({ method: 'GET', url: '/cart' });
    await app.inject({ method: 'GET', url: '/dashboard' });
    await app.inject({ method: 'GET', url: '/exams/alpha/extra' });
    const missing = await app.inject({ method: 'GET', url: '/exams/missing' });
    expect(missing.statusCode).toBe(404);
    expect(cache.size).toBe(0);
    expect(renders()).toBe(6);
    await app.close();
  });

  it('says on every page answer that it depends on cookies and may be kept by the browser only, and a signed-in one not at all', async () => {
    const { app } = await host(database, clock);
    for (const [headers, rule] of [
      [{}, PAGE_CACHE_CONTROL],
      [{}, PAGE_CACHE_CONTROL],
      [{ cookie: SESSION }, 'private, no-store'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: '/exam/alpha/practice-tests', headers });
      expect(response.headers['cache-control']).toBe(rule);
      expect(response.headers['vary']).toMatch(/^Cookie, Accept-Encoding$/i);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    await app.close();
  });

  it('empties itself within a second of a content import that changed the catalogue, made by any process', async () => {
    const { app, renders } = await host(database, clock);
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<h1>Alpha</h1>');

    // The same file again changes nothing: the page stays.
    await importContent(database.db, [contentFixture('alpha', { title: 'Alpha' })]);
    clock.now += 1000;
    expect((await app.inject({ method: 'GET', url: '/' })).headers['x-page-cache']).toBe('hit');

    // Another connection, as the content command in its own process would be, renames the exam.
    await importContent(database.db, [contentFixture('alpha', { title: 'Alpha, second edition' })]);
    clock.now += 200;
    const soon = await app.inject({ method: 'GET', url: '/' });
    expect(soon.headers['x-page-cache']).toBe('hit'); // the version is read at most once a second
    clock.now += 1000;
    const after = await app.inject({ method: 'GET', url: '/' });
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('<h1>Alpha, second edition</h1>');
    expect(renders()).toBe(2);
    await app.close();
  });

  it('does not keep a page rendered from the catalogue an import has just replaced', async () => {
    let imported = false;
    const { app, cache } = await host(database, clock, {
      // The import lands while /exams renders, and a request in between sees the new version.
      whileRendering: async (url) => {
        if (imported || url !== '/exams') return;
        imported = true;
        await importContent(database.db, [contentFixture('alpha', { title: 'Alpha, renamed mid-render' })]);
        clock.now += 1000;
        await app.inject({ method: 'GET', url: '/' });
      },
    });
    await app.inject({ method: 'GET', url: '/' }); // reads the version
    clock.now += 1000;
    const stale = await app.inject({ method: 'GET', url: '/exams' });
    expect(stale.body).toContain('<h1>Alpha</h1>');
    expect(cache.size).toBe(1); // the fresh home page only
    const exams = await app.inject({ method: 'GET', url: '/exams' });
    expect(exams.headers['x-page-cache']).toBe('miss');
    expect(exams.body).toContain('Alpha, renamed mid-render');
    await app.close();
  });

  it('forgets a page after its time and keeps a bounded number, dropping the least recently used', async () => {
    const { app, cache, renders } = await host(database, clock, { ttlMs: 5_000, maxEntries: 2 });
    await app.inject({ method: 'GET', url: '/exams/a' });
    await app.inject({ method: 'GET', url: '/exams/b' });
    await app.inject({ method: 'GET', url: '/exams/a' }); // a is now the most recently used
    await app.inject({ method: 'GET', url: '/exams/c' }); // b goes
    expect(cache.size).toBe(2);
    expect((await app.inject({ method: 'GET', url: '/exams/a' })).headers['x-page-cache']).toBe('hit');
    expect((await app.inject({ method: 'GET', url: '/exams/b' })).headers['x-page-cache']).toBe('miss');
    clock.now += 5_000;
    expect((await app.inject({ method: 'GET', url: '/exams/b' })).headers['x-page-cache']).toBe('miss');
    expect(renders()).toBe(5);
    await app.close();
  });
});

describe('choosing an encoding', () => {
  it('prefers brotli, then gzip, and honours a refusal', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
