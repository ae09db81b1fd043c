import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices, TEST_BASE_URL } from '../../testing/services.ts';
import { cookieValue, verifiedToken } from './session-reader.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('reading the session cookie', () => {
  it('takes the first cookie of the name, trimmed, unquoted and percent-decoded when it decodes', () => {
    expect(cookieValue('a=1; pp.session_token=tok%2Esig; pp.session_token=other', 'pp.session_token')).toBe('tok.sig');
    expect(cookieValue('  pp.session_token = "quoted.value" ', 'pp.session_token')).toBe('quoted.value');
    expect(cookieValue('pp.session_token=100%', 'pp.session_token')).toBe('100%');
    expect(cookieValue('xpp.session_token=1; flag; =empty', 'pp.session_token')).toBeUndefined();
  });

  it('accepts a token only with its HMAC-SHA256 in standard base64', () => {
    // RFC 4231, test cases 2 and 1; the base64 of their digests worked out with openssl.
    const signature = 'W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM=';
    const token = 'what do ya want for nothing?';
    expect(verifiedToken(`${token}.${signature}`, 'Jefe')).toBe(token);
    expect(verifiedToken(`${token}.${signature}`, 'Jeff')).toBeNull();
    expect(verifiedToken(`${token}x.${signature}`, 'Jefe')).toBeNull();
    expect(verifiedToken(signature, 'Jefe')).toBeNull();
    expect(verifiedToken(`.${signature}`, 'Jefe')).toBeNull();
    // The same bytes written URL-safe, or with the padding left off, are not what the library signs.
    const key = '\x0b'.repeat(20);
    const hiThere = 'sDRMYdjbOFNcqK/OrwvxK4gdwgDJgz2nJuk3bC4yz/c=';
    expect(verifiedToken(`Hi There.${hiThere}`, key)).toBe('Hi There');
    expect(verifiedToken(`Hi There.${hiThere.replaceAll('/', '_')}`, key)).toBeNull();
    expect(verifiedToken(`Hi There.${hiThere.slice(0, -1)}`, key)).toBeNull();
  });
});

describe.each(engines)('the signed-in user on %s', (engine) => {
  let database: DatabaseHandle;
  let services: ReturnType<typeof createTestServices>;
  let registered = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    services = createTestServices(database);
  });
  afterAll(() => database.close());

  /** A new student's session cookie, as the browser sends it back after registering. */
  async function newSession(store = services) {
    const n = ++registered;
    const result = await store.accounts.register(
      { name: `Reader ${n}`, email: `reader${n}@example.com`, password: 'session-reader-7' },
      { ip: `10.9.0.${n}` },
    );
    if (!result.ok) throw new Error(result.message);
    const cookie = result.setCookies.map((c) => c.split(';', 1)[0]!).find((c) => c.includes('pp.session_token='))!;
    const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!;
    return { cookie, token, email: `reader${n}@example.com` };
  }

  /** Whom the sign-in library itself says the cookie belongs to, through its own session endpoint. */
  async function libraryUser(cookie: string, store = services) {
    const response = await store.accounts.handler(
      new Request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { cookie } }),
    );
    const body = (await response.json()) as { user: { id: string; name: string; email: string } } | null;
    return body && { id: body.user.id, name: body.user.name, email: body.user.email };
  }

  const expiresAtOf = async (token: string) => {
    const row = await database.db
      .selectFrom('sessions')
      .select('expiresAt')
      .where('token', '=', token)
      .executeTakeFirst();
    return row && new Date(row.expiresAt).getTime();
  };
  const setExpiresAt = (token: string, at: Date) =>
    database.db
      .updateTable('sessions')
      .set({ expiresAt: engine === 'postgres' ? at : at.toISOString() })
      .where('token', '=', token)
      .execute();

  it('names the same user as the sign-in library for every form of cookie', async () => {
    const a = await newSession();
    const b = await newSession();
    const [name, value] = [a.cookie.slice(0, a.cookie.indexOf('=')), a.cookie.slice(a.cookie.indexOf('=') + 1)];
    const signature = decodeURIComponent(value).split('.')[1]!;
    const headers = [
      a.cookie,
      `theme=dark; ${a.cookie}; tz=Europe%2FParis`,
      `${name}=${decodeURIComponent(value)}`,
      `${name}="${value}"`,
      `${a.cookie}; ${b.cookie}`,
      `${b.cookie}; ${a.cookie}`,
      `${name}=${a.token}`,
      `${name}=${b.token}.${signature}`,
      `${name}=${a.token}.${signature.slice(1)}A`,
      `${name}=`,
      `${name}=%E0%A4%A`,
      `pp.dont_remember=true.${signature}; ${a.cookie}`,
      'unrelated=1',
    ];
    const expected = [a, a, a, a, a, b, null, null, null, null, null, a, null];
    for (const [i, cookie] of headers.entries()) {
      const user = await services.accounts.currentUser(new Headers({ cookie }));
      expect(user, cookie).toEqual(await libraryUser(cookie));
      expect(user?.email ?? null, cookie).toBe(expected[i]?.email ?? null);
    }
  });

  it('reads the Secure-prefixed cookie of a store served over HTTPS, and only that one', async () => {
    const secure = createTestServices(database, { baseUrl: 'https://practicepass.test' });
    const { cookie, email } = await newSession(secure);
    expect(cookie).toMatch(/^__Secure-pp\.session_token=/);
    expect(await secure.accounts.currentUser(new Headers({ cookie }))).toMatchObject({ email });
    const unprefixed = cookie.replace('__Secure-', '');
    expect(await secure.accounts.currentUser(new Headers({ cookie: unprefixed }))).toBeNull();
    expect(await libraryUser(unprefixed, secure)).toBeNull();
  });

  it('counts no session once signed out, nor one whose row is gone', async () => {
    const signedOut = await newSession();
    await services.accounts.signOut({ ip: '10.9.1.1', cookie: signedOut.cookie });
    expect(await services.accounts.currentUser(new Headers({ cookie: signedOut.cookie }))).toBeNull();

    const removed = await newSession();
    await database.db.deleteFrom('sessions').where('token', '=', removed.token).execute();
    expect(await services.accounts.currentUser(new Headers({ cookie: removed.cookie }))).toBeNull();
  });

  it('leaves an expired session to the library, which ends it', async () => {
    const { cookie, token } = await newSession();
    await setExpiresAt(token, new Date(Date.now() - 60_000));
    expect(await services.accounts.currentUser(new Headers({ cookie }))).toBeNull();
    expect(await expiresAtOf(token)).toBeUndefined();
  });

  it('leaves a session due for extension to the library, which extends it by 30 days', async () => {
    const { cookie, token, email } = await newSession();
    // Sessions last 30 days and are extended once a day: one with 10 days left was last extended 20 days ago.
    await setExpiresAt(token, new Date(Date.now() + 10 * DAY_MS));
    const before = Date.now();
    const renewed: string[] = [];
    const user = await services.accounts.currentUser(new Headers({ cookie }), (c) => renewed.push(...c));
    expect(user).toMatchObject({ email });
    const extended = (await expiresAtOf(token))!;
    expect(extended).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(extended).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1000);
    // And the browser is told: the same cookie, kept 30 days from now (else it drops it 30 days after sign-in).
    const session = renewed.find((c) => c.startsWith('pp.session_token='));
    expect(session?.split(';', 1)[0]).toBe(cookie);
    expect(session).toMatch(/; Max-Age=2592000(;|$)/);
    expect(session).toMatch(/; HttpOnly(;|$)/);
  });

  it('sends no cookie back for a session that needs no extension', async () => {
    const { cookie } = await newSession();
    const renewed: string[] = [];
    await services.accounts.currentUser(new Headers({ cookie }), (c) => renewed.push(...c));
    expect(renewed).toEqual([]);
  });

  it('leaves a session extended less than a day ago as it is', async () => {
    const { cookie, token, email } = await newSession();
    const in29Days = new Date(Date.now() + 29.5 * DAY_MS);
    await setExpiresAt(token, in29Days);
    expect(await services.accounts.currentUser(new Headers({ cookie }))).toMatchObject({ email });
    expect(await expiresAtOf(token)).toBe(in29Days.getTime());
  });
});
