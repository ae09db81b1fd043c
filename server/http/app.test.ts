import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, engines } from '../testing/databases.ts';
import { createTestServices, TEST_BASE_URL } from '../testing/services.ts';
import { accountMessages } from '../../shared/account-messages.ts';
import { buildApp } from './app.ts';
import { NUL_REFUSED } from './nul-characters.ts';
import { ADDRESS_REFUSED, HOST_REFUSED, TARGET_REFUSED } from './request-target.ts';

describe.each(engines)('the HTTP host on %s', (engine) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('answers /healthz with 200 while the database answers, and 503 once it does not', async () => {
    const database = await createTestDatabase(engine);
    const app = await buildApp({ database, services: createTestServices(database) });
    close = () => app.close();
    const ok = await app.inject({ method: 'GET', url: '/healthz' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: engine });

    const down = await buildApp({
      database: { ...database, ping: () => Promise.resolve(false) },
      services: createTestServices(database),
    });
    const unavailable = await down.inject({ method: 'GET', url: '/healthz' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ status: 'unavailable', database: engine });
    await down.close();
  });

  it('sends security headers on every answer', async () => {
    const database = await createTestDatabase(engine);
    const app = await buildApp({ database, services: createTestServices(database) });
    close = () => app.close();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('offers only the documented sign-in operations and the links back into them', async () => {
    const database = await createTestDatabase(engine);
    const app = await buildApp({ database, services: createTestServices(database) });
    close = () => app.close();
    const origin = TEST_BASE_URL;
    const closed = [
      { method: 'GET', url: '/api/auth/get-session' },
      { method: 'GET', url: '/api/auth/list-sessions' },
      { method: 'POST', url: '/api/auth/update-user', payload: { name: '' } },
      { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'a', newPassword: 'b' } },
      { method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'google' } },
      { method: 'GET', url: '/api/auth/sign-up/email' },
      { method: 'DELETE', url: '/api/auth/sign-out' },
      { method: 'GET', url: '/api/auth/callback/elsewhere' },
      { method: 'GET', url: '/api/auth/oauth2/callback/google' },
    ] as const;
    for (const request of closed) {
      const response = await app.inject({ ...request, headers: { origin } });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toEqual({ error: 'There is nothing at this address.' });
    }
    // The documented ones reach the library: a bad body is its refusal, not a 404.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email?x=1',
      headers: { origin },
      payload: { email: 'someone@example.com', password: 'a-password-1', rememberMe: false },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'rememberMe: Unrecognized key: "rememberMe"',
    });
    // The link in the reset email goes on to the reset page, whatever its token.
    const link = await app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password',
    });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toMatch(/^https?:\/\/[^/]+\/reset-password\?error=INVALID_TOKEN$/);
  });

  it('refuses a registration or sign-in over the API in the words the forms use', async () => {
    const database = await createTestDatabase(engine);
    const app = await buildApp({ database, services: createTestServices(database) });
    close = () => app.close();
    const post = (operation: string, payload: object, ip: string) =>
      app.inject({
        method: 'POST',
        url: `/api/auth/${operation}`,
        headers: { origin: TEST_BASE_URL, 'x-forwarded-for': ip },
        payload,
        remoteAddress: ip,
      });
    const student = { name: 'Api Words', email: 'words@example.com', password: 'in-our-words-1' };
    expect((await post('sign-up/email', student, '10.7.0.1')).statusCode).toBe(200);
    const refusals = [
      ['sign-up/email', { ...student, email: 'WORDS@example.com' }, accountMessages.emailInUse],
      ['sign-up/email', { ...student, email: 'a@b' }, accountMessages.emailInvalid],
      ['sign-in/email', { email: 'nobody@example.com', password: 'in-our-words-1' }, accountMessages.noAccount],
      ['sign-in/email', { email: 'words@example.com', password: 'not-the-one-1' }, accountMessages.wrongPassword],
      ['sign-in/email', { email: 'a@b', password: 'in-our-words-1' }, accountMessages.emailInvalid],
    ] as const;
    for (const [index, [operation, payload, error]] of refusals.entries()) {
      const refused = await post(operation, payload, `10.7.1.${index}`);
      expect(refused.statusCode, error).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, error).toBeLessThan(500);
      expect(refused.json(), error).toMatchObject({ error });
    }
  });

  it('keeps the sign-in library’s own checks on under the test runner: no post from elsewhere, no way off the site', async () => {
    const database = await createTestDatabase(engine);
    const services = createTestServices(database);
    const app = await buildApp({ database, services });
    close = () => app.close();
    const registered = await services.accounts.register(
      { name: 'Ola Origin', email: 'ola@example.com', password: 'origin-checks-on-1' },
      { ip: '10.9.8.7' },
    );
    if (!registered.ok) throw new Error('expected the student registered');
    const cookie = registered.setCookies.map((c) => c.split(';')[0]).join('; ');
    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie },
      payload: '{}',
    });
    expect(signOut.statusCode).toBe(403);
    expect(await services.accounts.currentUser(new Headers({ cookie }))).toMatchObject({ name: 'Ola Origin' });
    // A reset link that names another site to go on to leads nowhere but here.
    const link = await app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/not-a-token?callbackURL=https%3A%2F%2Fevil.example%2F',
    });
    expect(link.headers.location ?? '').not.toContain('evil.example');
  });

  it('refuses a host that is not a name or an address, in the Host header or a trusted proxy’s', async () => {
    const database = await createTestDatabase(engine);
    const app = await buildApp({ database, services: createTestServices(database), trustProxy: 1 });
    close = () => app.close();
    // Such a host would change the page rendered while the page cache kept it under the address asked for.
    for (const headers of [{ host: 'x/login?' }, { host: 'a b' }, { host: 'x:99999' }, { 'x-forwarded-host': 'x?' }]) {
      const response = await app.inject({ method: 'GET', url: '/healthz', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
      expect(response.json()).toEqual(HOST_REFUSED);
      // Refused at the door, with the headers of every answer.
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
    }
    const fine = await app.inject({ method: 'GET', url: '/healthz', headers: { host: 'practicepass.example:8080' } });
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a request target that is not a path (an absolute address, or *) with a 400, not a 500', async () => {
    const database = await createTestDatabase(engine);
    const app = await buildApp({
      database,
      services: createTestServices(database),
      publicUrl: 'http://localhost:3000',
    });
    close = () => app.close();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    // Sent on a socket of its own: an HTTP client would turn the absolute address into a path.
    const raw = (requestLine: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
        );
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const line of [
      'GET http://x/exams HTTP/1.1',
      'GET http://x/api/auth/callback/google HTTP/1.1',
      'OPTIONS * HTTP/1.1',
    ]) {
      const answer = await raw(line);
      expect(answer.split('\r\n', 1)[0], line).toBe('HTTP/1.1 400 Bad Request');
      expect(answer, line).toContain(TARGET_REFUSED.error);
      expect(answer.toLowerCase(), line).toContain('x-content-type-options: nosniff');
    }
    // An address the router cannot read: a sentence and the store's headers, the address not echoed back.
    for (const path of ['/%3Cscript%3Ealert(1)%3C/script%3E%', '/exams/%']) {
      const answer = await raw(`GET ${path} HTTP/1.1`);
      expect(answer.split('\r\n', 1)[0], path).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.split('\r\n\r\n')[1], path).toBe(JSON.stringify(ADDRESS_REFUSED));
      expect(answer.toLowerCase(), path).toContain("content-security-policy: default-src 'none'");
    }
    expect((await raw('GET /healthz HTTP/1.1')).split('\r\n', 1)[0]).toBe('HTTP/1.1 200 OK');
  });

  it('refuses a NUL character in an address or a body with a 400 and says why, on either database', async () => {
    const database = await createTestDatabase(engine);
    const app = await buildApp({ database, services: createTestServices(database) });
    close = () => app.close();
    const json = { 'content-type': 'application/json' };
    const refused = [
      // The sign-in library looks the token up: PostgreSQL refused the NUL with a server error.
      {
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: json,
        payload: '{"token":"t\\u0000","newPassword":"long-enough-password-1"}',
      },
      { method: 'POST', url: '/api/attempts', headers: json, payload: '{"intent":"submit","attemptId":"a\\u0000"}' },
      { method: 'GET', url: '/api/auth/reset-password/tok%00en?callbackURL=/reset-password' },
      // The JSON endpoints read a body as JSON whatever its Content-Type says.
      ...['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/octet-stream'].map(
        (type) => ({
          method: 'POST' as const,
          url: '/api/attempts',
          headers: { 'content-type': type },
          payload: '{"intent":"start-demo","examId":"a\\u0000"}',
        }),
      ),
      { method: 'POST', url: '/api/attempts', payload: '{"intent":"start-demo","examId":"a\\u0000"}' },
    ] as const;
    for (const request of refused) {
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json(), request.url).toEqual(NUL_REFUSED);
    }
    // A browser asking for a page gets the refusal as a page.
    const page = await app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/tok%00en?callbackURL=/reset-password',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`<h1>Request not accepted</h1><p role="alert">${NUL_REFUSED.error}</p>`);
    // The same fields without one are looked at as usual: an unknown reset token is refused for what it is.
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: json,
      payload: '{"token":"t","newPassword":"long-enough-password-1"}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).not.toEqual(NUL_REFUSED);
  });

  it('logs each request once, after answering it, with its path but never its query', async () => {
    const database = await createTestDatabase(engine);
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    const app = await buildApp({ database, services: createTestServices(database), logger: { level: 'info', stream } });
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/healthz?token=one-time-secret' });
    await app.inject({ method: 'GET', url: '/no-such-endpoint' });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toMatchObject([
      { level: 30, method: 'GET', path: '/healthz', statusCode: 200 },
      { level: 30, method: 'GET', path: '/no-such-endpoint', statusCode: 404 },
    ]);
    expect(typeof requests[0]!.ms).toBe('number');
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain('one-time-secret');
  });
});
