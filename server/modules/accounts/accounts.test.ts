import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages as m } from '../../../shared/account-messages.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { startOidcServer } from '../../testing/oidc.ts';
import { createTestServices, TEST_BASE_URL } from '../../testing/services.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { createMailer } from '../mail/mailer.ts';
import type { AccountResult } from './service.ts';
import { RATE_LIMITS } from './auth.ts';

/** The Cookie header a browser would send back after these Set-Cookie headers. */
const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');
const ok = (result: AccountResult) => {
  if (!result.ok) throw new Error(`expected success, got ${result.message}`);
  return result;
};
let ipCounter = 0;
/** Each test signs in from its own address, so the rate limits of one do not reach another. */
const newClient = () => ({ ip: `10.0.0.${++ipCounter}` });
/** A call straight to the sign-in library's API, as any caller could make it, each from its own address. */
const callAuth = (services: ReturnType<typeof createTestServices>, path: string, body: object) =>
  services.accounts.handler(
    new Request(`${TEST_BASE_URL}/api/auth/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: TEST_BASE_URL,
        'x-practicepass-client-ip': newClient().ip,
      },
      body: JSON.stringify(body),
    }),
  );

describe.each(engines)('accounts on %s', (engine) => {
  let database: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let oidc: Awaited<ReturnType<typeof startOidcServer>>;
  let services: ReturnType<typeof createTestServices>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    smtp = await startSmtpServer();
    oidc = await startOidcServer();
    services = createTestServices(database, {
      mailer: createMailer({ smtpUrl: smtp.url, from: 'PracticePass <no-reply@practicepass.test>', outboxDir: '' }),
      google: { clientId: 'practicepass', clientSecret: 'secret', discoveryUrl: oidc.discoveryUrl },
    });
  });
  afterAll(async () => {
    await smtp.close();
    await oidc.close();
    await database.close();
  });

  it('registers a user who is then signed in, with the users record the spec describes', async () => {
    const client = newClient();
    const result = ok(
      await services.accounts.register(
        { name: ' Ada Lovelace ', email: 'Ada@Example.com ', password: 'analytical-engine' },
        client,
      ),
    );
    const user = await services.accounts.currentUser(new Headers({ cookie: cookieOf(result.setCookies) }));
    expect(user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const row = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(row.createdAt).toBeTruthy();
    expect(row.lastOrderAt).toBeNull();
    // The session cookie is HttpOnly and SameSite=Lax.
    const session = result.setCookies.find((c) => c.startsWith('pp.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it('marks session cookies Secure when the store is served over HTTPS', async () => {
    const secure = createTestServices(database, { baseUrl: 'https://practicepass.test' });
    const result = ok(
      await secure.accounts.register(
        { name: 'Sec', email: 'sec@example.com', password: 'secure-cookie-1' },
        newClient(),
      ),
    );
    const session = result.setCookies.find((c) => c.includes('pp.session_token='));
    expect(session).toMatch(/^__Secure-pp\.session_token=/);
    expect(session).toMatch(/; Secure/i);
  });

  it('refuses a second account with the same email', async () => {
    const client = newClient();
    ok(
      await services.accounts.register(
        { name: 'One', email: 'twice@example.com', password: 'first-password-1' },
        client,
      ),
    );
    const again = await services.accounts.register(
      { name: 'Two', email: 'TWICE@example.com', password: 'second-password-2' },
      client,
    );
    expect(again).toEqual({ ok: false, status: 422, message: m.emailInUse });
  });

  // Both pass the form's email pattern (spec §5) but not the stricter check of account creation.
  it.each([['ab@b.c'], ['ümläut@bücher.de']])(
    'says an email such as %s is invalid, on sign-up and sign-in',
    async (email) => {
      const password = 'a-good-password-7';
      expect(await services.accounts.register({ name: 'Odd', email, password }, newClient())).toMatchObject({
        ok: false,
        message: m.emailInvalid,
      });
      expect(await services.accounts.signIn({ email, password }, newClient())).toMatchObject({
        ok: false,
        message: m.emailInvalid,
      });
    },
  );

  it.each([
    ['too short', 'short1'],
    ['too long', 'x'.repeat(129)],
    ['among the most common', 'Password123'],
  ])('refuses a password that is %s', async (_why, password) => {
    const result = await services.accounts.register(
      { name: 'Weak', email: `weak${password.length}@example.com`, password },
      newClient(),
    );
    expect(result).toMatchObject({ ok: false, message: m.passwordWeak });
  });

  it('applies the common-password rule to direct API calls too', async () => {
    const response = await services.accounts.handler(
      new Request(`${TEST_BASE_URL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, 'x-practicepass-client-ip': '10.9.9.9' },
        body: JSON.stringify({ name: 'Api', email: 'api@example.com', password: 'password1' }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PASSWORD_TOO_WEAK' });
  });

  it('holds direct API calls to the form’s rules: a name, at most 80 characters, a real email, nothing else', async () => {
    // Each call from its own address, past the limit on sign-ups per address.
    const signUp = (body: object) => callAuth(services, 'sign-up/email', body);
    const password = 'a-good-password-7';
    const refusals: [object, string][] = [
      [{ name: '   ', email: 'blank@example.com', password }, m.nameMissing],
      [{ name: 'N'.repeat(81), email: 'long@example.com', password }, m.nameTooLong],
      // Stored as sent: spaces after 80 letters are still too long.
      [{ name: `${'N'.repeat(80)}${' '.repeat(500)}`, email: 'spaces@example.com', password }, m.nameTooLong],
      [{ name: 'Long Mail', email: `${'a'.repeat(250)}@example.com`, password }, m.emailInvalid],
      [
        { name: 'Extra', email: 'extra@example.com', password, image: 'https://evil.test/x.png' },
        'image: Unrecognized key: "image"',
      ],
      [{ name: 42, email: 'typed@example.com', password }, 'name: Invalid input: expected string, received number'],
    ];
    for (const [body, message] of refusals) {
      const response = await signUp(body);
      expect(response.status, message).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    const stored = await database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['blank@example.com', 'long@example.com', 'extra@example.com', 'typed@example.com'])
      .execute();
    expect(stored).toEqual([]);
    // The form says the same, in the spec's words.
    expect(
      await services.accounts.register(
        { name: 'Long Mail', email: `${'b'.repeat(250)}@example.com`, password },
        newClient(),
      ),
    ).toMatchObject({ ok: false, message: m.emailInvalid });
    // 80 characters is allowed.
    expect((await signUp({ name: 'N'.repeat(80), email: 'eighty@example.com', password })).status).toBe(200);
  });

  it('tells a missing account from a wrong password, and signs in with the right one', async () => {
    const client = newClient();
    ok(await services.accounts.register({ name: 'Bo', email: 'bo@example.com', password: 'correct-horse-9' }, client));
    expect(
      await services.accounts.signIn({ email: 'nobody@example.com', password: 'whatever-123' }, client),
    ).toMatchObject({
      ok: false,
      message: m.noAccount,
    });
    expect(
      await services.accounts.signIn({ email: 'bo@example.com', password: 'wrong-horse-9' }, client),
    ).toMatchObject({
      ok: false,
      message: m.wrongPassword,
    });
    // No password is that long: a wrong one, said the same way, or no account at all.
    expect(
      await services.accounts.signIn({ email: 'bo@example.com', password: 'x'.repeat(129) }, client),
    ).toMatchObject({ ok: false, message: m.wrongPassword });
    expect(
      await services.accounts.signIn({ email: 'nobody@example.com', password: 'x'.repeat(129) }, client),
    ).toMatchObject({ ok: false, message: m.noAccount });
    const signedIn = ok(
      await services.accounts.signIn({ email: ' BO@example.com', password: 'correct-horse-9' }, client),
    );
    expect(await services.accounts.currentUser(new Headers({ cookie: cookieOf(signedIn.setCookies) }))).toMatchObject({
      name: 'Bo',
    });
  });

  it('signs out: the session no longer counts', async () => {
    const client = newClient();
    const result = ok(
      await services.accounts.register({ name: 'Cy', email: 'cy@example.com', password: 'signing-out-42' }, client),
    );
    const cookie = cookieOf(result.setCookies);
    await services.accounts.signOut({ ...client, cookie });
    expect(await services.accounts.currentUser(new Headers({ cookie }))).toBeNull();
  });

  it('resets a password with a one-time link sent over SMTP', async () => {
    const client = newClient();
    ok(await services.accounts.register({ name: 'Di', email: 'di@example.com', password: 'old-password-77' }, client));
    ok(await services.accounts.requestPasswordReset('di@example.com', client));
    const mail = smtp.messages.find((msg) => msg.to.includes('di@example.com'));
    expect(mail?.subject).toBe('Reset your PracticePass password');
    const link = /http:\/\/store\.test\/\S+/.exec(mail!.text)?.[0];
    expect(link).toBeTruthy();
    // The emailed link passes through the library, which lands on our page with the token.
    const landing = await services.accounts.handler(new Request(link!));
    const target = new URL(landing.headers.get('location')!, TEST_BASE_URL);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;

    ok(await services.accounts.resetPassword(token, 'new-password-88', client));
    expect(
      await services.accounts.signIn({ email: 'di@example.com', password: 'old-password-77' }, client),
    ).toMatchObject({
      message: m.wrongPassword,
    });
    ok(await services.accounts.signIn({ email: 'di@example.com', password: 'new-password-88' }, client));
    expect(await services.accounts.resetPassword(token, 'another-password-99', client)).toMatchObject({
      ok: false,
      message: m.resetLinkInvalid,
    });
  });

  it('once a reset link is used, the links of earlier requests no longer work', async () => {
    const client = newClient();
    ok(
      await services.accounts.register({ name: 'Eve', email: 'eve@example.com', password: 'old-password-71' }, client),
    );
    const tokenOf = async (index: number) => {
      const mail = smtp.messages.filter((msg) => msg.to.includes('eve@example.com'))[index]!;
      const landing = await services.accounts.handler(new Request(/http:\/\/store\.test\/\S+/.exec(mail.text)![0]));
      return new URL(landing.headers.get('location')!, TEST_BASE_URL).searchParams.get('token')!;
    };
    ok(await services.accounts.requestPasswordReset('eve@example.com', client));
    ok(await services.accounts.requestPasswordReset('eve@example.com', client));
    const [first, second] = [await tokenOf(0), await tokenOf(1)];
    expect(first).not.toBe(second);

    ok(await services.accounts.resetPassword(second, 'new-password-72', client));
    expect(await services.accounts.resetPassword(first, 'other-password-73', client)).toMatchObject({
      ok: false,
      message: m.resetLinkInvalid,
    });
    ok(await services.accounts.signIn({ email: 'eve@example.com', password: 'new-password-72' }, client));
  });

  it('refuses an expired reset link, and says the same whether or not the account exists', async () => {
    const client = newClient();
    ok(await services.accounts.register({ name: 'Ed', email: 'ed@example.com', password: 'expiring-pass-5' }, client));
    const before = smtp.messages.length;
    ok(await services.accounts.requestPasswordReset('nobody-here@example.com', client));
    expect(smtp.messages.length).toBe(before);
    ok(await services.accounts.requestPasswordReset('ed@example.com', client));
    const text = smtp.messages.at(-1)!.text;
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();
    await database.db
      .updateTable('verifications' as never)
      .set({
        expiresAt: engine === 'postgres' ? new Date(Date.now() - 1000) : new Date(Date.now() - 1000).toISOString(),
      } as never)
      .execute();
    expect(await services.accounts.resetPassword(token!, 'fresh-password-6', client)).toMatchObject({
      ok: false,
      message: m.resetLinkInvalid,
    });
  });

  it('signs in with Google through a real OpenID Connect server, with PKCE, state and nonce', async () => {
    const client = newClient();
    oidc.signInAs({ email: 'grace@example.com', name: 'Grace Hopper' });
    const start = await googleStart(client);
    expect(start?.url).toContain(oidc.issuer);
    expect(start?.url).toContain('code_challenge=');
    const authorize = await fetch(start.url, { redirect: 'manual' });
    const callback = authorize.headers.get('location')!;
    expect(callback.startsWith(`${TEST_BASE_URL}/api/auth/callback/google`)).toBe(true);
    const done = await services.accounts.handler(
      new Request(callback, { headers: { cookie: cookieOf(start.setCookies) } }),
    );
    // The sign-in made the account: the library's address for a new user says so.
    expect(done.headers.get('location')).toBe(`${TEST_BASE_URL}/auth/google/done?new=1`);
    const user = await services.accounts.currentUser(new Headers({ cookie: cookieOf(done.headers.getSetCookie()) }));
    expect(user).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com' });
    // The next time, the account is there already.
    const again = await googleAs({ email: 'grace@example.com', name: 'Grace Hopper' });
    expect(again.location).toBe(`${TEST_BASE_URL}/auth/google/done`);
    expect(again.signedIn?.id).toBe(user?.id);
  });

  it('names a Google user without a name "Google User", and reports a refused Google sign-in', async () => {
    const client = newClient();
    oidc.signInAs({ email: 'nameless@example.com' });
    const start = await googleStart(client);
    const callback = (await fetch(start.url, { redirect: 'manual' })).headers.get('location')!;
    const done = await services.accounts.handler(
      new Request(callback, { headers: { cookie: cookieOf(start.setCookies) } }),
    );
    const user = await services.accounts.currentUser(new Headers({ cookie: cookieOf(done.headers.getSetCookie()) }));
    expect(user?.name).toBe('Google User');

    oidc.refuseNext();
    const again = await googleStart(client);
    const refused = (await fetch(again.url, { redirect: 'manual' })).headers.get('location')!;
    const failed = await services.accounts.handler(
      new Request(refused, { headers: { cookie: cookieOf(again.setCookies) } }),
    );
    expect(failed.headers.get('location')).toMatch(/^http:\/\/store\.test\/auth\/google\/done\?error=/);
  });

  it('sends a Google return it cannot use (a forged state) to the store’s failure page', async () => {
    const response = await services.accounts.handler(
      new Request(`${TEST_BASE_URL}/api/auth/callback/google?code=anything&state=forged`, {
        headers: { 'x-practicepass-client-ip': newClient().ip },
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(new RegExp(`^${TEST_BASE_URL}/auth/google/done\\?error=\\w+`));
  });

  /** The start of a Google sign-in from `client`; a refusal fails the test. */
  async function googleStart(client: { ip: string }) {
    const start = await services.accounts.googleSignIn(client, '/auth/google/done');
    if (!start || start === 'too-many') throw new Error(`expected a Google sign-in to start, got ${start}`);
    return start;
  }

  it('lets one address, a classroom’s, start Google sign-in 30 times a minute, then says to wait', async () => {
    const classroom = newClient();
    for (let i = 0; i < RATE_LIMITS['/sign-in/social'].max; i++)
      expect((await googleStart(classroom)).url).toContain(oidc.issuer);
    expect(await services.accounts.googleSignIn(classroom, '/auth/google/done')).toBe('too-many');
    expect((await googleStart(newClient())).url).toContain(oidc.issuer);
  });

  /** A whole Google sign-in as `user`: the store's answer at the end of the callback, and who is signed in. */
  async function googleAs(user: { email: string; name?: string; emailVerified?: boolean }) {
    oidc.signInAs(user);
    const start = await googleStart(newClient());
    const callback = (await fetch(start.url, { redirect: 'manual' })).headers.get('location')!;
    const done = await services.accounts.handler(
      new Request(callback, { headers: { cookie: cookieOf(start.setCookies) } }),
    );
    const signedIn = await services.accounts.currentUser(
      new Headers({ cookie: cookieOf(done.headers.getSetCookie()) }),
    );
    return { location: done.headers.get('location')!, signedIn };
  }

  it('refuses a Google address the provider has not verified, and makes no account of it', async () => {
    const { location, signedIn } = await googleAs({ email: 'claimed@example.com', emailVerified: false });
    expect(location).toMatch(/^http:\/\/store\.test\/auth\/google\/done\?error=/);
    expect(signedIn).toBeNull();
    expect(
      await database.db.selectFrom('users').select('id').where('email', '=', 'claimed@example.com').execute(),
    ).toEqual([]);
    // The address is still free for its owner.
    ok(
      await services.accounts.register(
        { name: 'Owner', email: 'claimed@example.com', password: 'rightful-owner-1' },
        newClient(),
      ),
    );
  });

  it('joins Google to a password account only once a reset link proved the mailbox', async () => {
    const client = newClient();
    ok(
      await services.accounts.register({ name: 'Flo', email: 'flo@example.com', password: 'password-first-1' }, client),
    );
    const refused = await googleAs({ email: 'flo@example.com', name: 'Flo G' });
    expect(new URL(refused.location).searchParams.getAll('error')).toContain('account_not_linked');
    expect(refused.signedIn).toBeNull();

    ok(await services.accounts.requestPasswordReset('flo@example.com', client));
    const mail = smtp.messages.filter((msg) => msg.to.includes('flo@example.com')).at(-1)!;
    const landing = await services.accounts.handler(new Request(/http:\/\/store\.test\/\S+/.exec(mail.text)![0]));
    const token = new URL(landing.headers.get('location')!, TEST_BASE_URL).searchParams.get('token')!;
    ok(await services.accounts.resetPassword(token, 'password-second-2', client));

    const joined = await googleAs({ email: 'flo@example.com', name: 'Flo G' });
    expect(joined.location).toBe(`${TEST_BASE_URL}/auth/google/done`);
    expect(joined.signedIn).toMatchObject({ email: 'flo@example.com', name: 'Flo' });
    const users = await database.db.selectFrom('users').select('id').where('email', '=', 'flo@example.com').execute();
    expect(users).toHaveLength(1);
    expect(joined.signedIn?.id).toBe(users[0]!.id);
  });

  /** The reset links kept for an account: each one mailed, and none that was not. */
  const resetLinksOf = async (email: string) =>
    (
      await database.db
        .selectFrom('verifications')
        .innerJoin('users', 'users.id', 'verifications.value')
        .select('verifications.identifier')
        .where('users.email', '=', email)
        .where('verifications.identifier', 'like', 'reset-password:%')
        .execute()
    ).length;

  it('sends one mailbox at most three live reset links, however many addresses ask', async () => {
    ok(
      await services.accounts.register(
        { name: 'Gus', email: 'gus@example.com', password: 'flooded-inbox-1' },
        newClient(),
      ),
    );
    for (let i = 0; i < 5; i++) ok(await services.accounts.requestPasswordReset('gus@example.com', newClient()));
    const mails = smtp.messages.filter((msg) => msg.to.includes('gus@example.com'));
    expect(mails).toHaveLength(3);
    // The links refused are not kept: repeated requests cannot hold the limit up past the mailed links' hour.
    expect(await resetLinksOf('gus@example.com')).toBe(3);
    // The mail greets nobody by name: a name is whatever the person who registered typed.
    expect(mails[0]!.text.startsWith('Hello,\n')).toBe(true);
  });

  it('says so when the reset email could not be sent, and logs why', async () => {
    const logged: string[] = [];
    const failing = createTestServices(database, {
      mailer: {
        send: (mail) => Promise.reject(new Error(`mail server down, <${mail.to}> not reached`)),
        describe: () => 'failing',
      },
      log: (level, message, details) => logged.push(`${level} ${message} ${String(details[0])}`),
    });
    ok(
      await failing.accounts.register(
        { name: 'Hal', email: 'hal@example.com', password: 'unsent-letter-1' },
        newClient(),
      ),
    );
    expect(await failing.accounts.requestPasswordReset('hal@example.com', newClient())).toEqual({
      ok: false,
      status: 503,
      message: m.resetMailFailed,
    });
    expect(logged.join('\n')).toContain('mail server down, <[email address]> not reached');
    expect(await resetLinksOf('hal@example.com')).toBe(0);
    // Nor does the log name anyone: not the address the mail was for, nor one registered twice.
    await failing.accounts.register(
      { name: 'Hal', email: 'hal@example.com', password: 'unsent-letter-2' },
      newClient(),
    );
    expect(logged.join('\n')).not.toContain('hal@');
    // An address with no account gets the usual answer: nothing was to be sent.
    ok(await failing.accounts.requestPasswordReset('nobody-at-all@example.com', newClient()));
  });

  it('prints no refusal to the console; the library’s own warnings and faults go to the store’s log', async () => {
    const logged: string[] = [];
    const watched = createTestServices(database, {
      log: (level, message) => logged.push(`${level} ${message}`),
    });
    const printed = (['log', 'info', 'warn', 'error'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => {}),
    );
    try {
      const call = (path: string, body: object) => callAuth(watched, path, body);
      // Refused by the store's own rule: nothing to log. Refused by the library (a wrong password): its warning,
      // a sign of someone guessing, goes to the store's log as a warning; neither is an error, nor printed.
      expect(
        (await call('sign-up/email', { name: ' ', email: 'quiet@example.com', password: 'quiet-please-1' })).status,
      ).toBe(400);
      expect(logged).toEqual([]);
      ok(
        await watched.accounts.register(
          { name: 'Quinn', email: 'quinn@example.com', password: 'quiet-please-2' },
          newClient(),
        ),
      );
      expect((await call('sign-in/email', { email: 'quinn@example.com', password: 'not-the-one-2' })).status).toBe(401);
      expect(logged.filter((line) => !line.startsWith('warn '))).toEqual([]);
      for (const spy of printed) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of printed) spy.mockRestore();
    }
  });

  it('answers a registration that loses the race for its email as taken', async () => {
    const input = { name: 'Ivy', email: 'ivy@example.com', password: 'twin-submits-1' };
    const results = await Promise.all([1, 2, 3].map(() => services.accounts.register(input, newClient())));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ message: m.emailInUse });
  });

  it('refuses a name of invisible characters alone', async () => {
    expect(
      await services.accounts.register(
        { name: '\u200B\u200B', email: 'zw@example.com', password: 'invisible-name-1' },
        newClient(),
      ),
    ).toMatchObject({ ok: false, message: m.nameMissing });
  });

  it('limits sign-in attempts per client, and the limit holds across a restart', async () => {
    const client = newClient();
    for (let i = 0; i < 10; i++) {
      const attempt = await services.accounts.signIn(
        { email: 'nobody@example.com', password: 'guess-number-x' },
        client,
      );
      expect(attempt).toMatchObject({ ok: false, message: m.noAccount });
    }
    const limited = await services.accounts.signIn({ email: 'nobody@example.com', password: 'guess-number-x' }, client);
    expect(limited).toMatchObject({ ok: false, status: 429, message: m.tooManyAttempts });
    // A new process: new services on the same database.
    const restarted = createTestServices(database);
    expect(
      await restarted.accounts.signIn({ email: 'nobody@example.com', password: 'guess-number-x' }, client),
    ).toMatchObject({
      status: 429,
    });
    // Another client is not affected.
    expect(
      await restarted.accounts.signIn({ email: 'nobody@example.com', password: 'guess-number-x' }, newClient()),
    ).toMatchObject({
      message: m.noAccount,
    });
  });
});
