import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Auth } from './auth.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

/**
 * Who is signed in, from a request's cookies: read as the sign-in library reads its session (an
 * HMAC-SHA256-signed token in a cookie, and its row in `sessions`), for the cost of one signature and one
 * query. The library's own check runs its whole endpoint machinery around the same query, about 0.7 ms a
 * request, which was more than the test engine spends on an answer (decision 0017).
 *
 * Only the common case is answered here: a correctly signed token of a live session that is not yet due to
 * be extended. Anything else goes to the library, so its rules stay its own: an expired session (which it
 * deletes), one due for extension (which it extends), and a "don't remember me" session. Nothing is kept
 * between requests, so a sign-out or a password reset takes effect at once.
 */
export function createSessionReader(auth: Auth, db: Kysely<Database>) {
  const settings = auth.$context.then((context) => ({
    tokenCookie: context.authCookies.sessionToken.name,
    dontRememberCookie: context.authCookies.dontRememberToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  async function fromLibrary(headers: Headers, renewed?: (setCookies: string[]) => void): Promise<SessionUser | null> {
    const { headers: answer, response: session } = await auth.api.getSession({ headers, returnHeaders: true });
    // A session the library extends is sent again with a new lifetime, else the browser would drop its
    // cookie 30 days after signing in, however often the student came.
    const setCookies = answer.getSetCookie();
    if (setCookies.length > 0) renewed?.(setCookies);
    return session ? { id: session.user.id, name: session.user.name, email: session.user.email } : null;
  }

  /**
   * Who is signed in. `renewed` receives the cookies to send back when the library extended the session
   * (once a day at most) or cleared a dead one.
   */
  return async function currentUser(
    headers: Headers,
    renewed?: (setCookies: string[]) => void,
  ): Promise<SessionUser | null> {
    const s = await settings;
    const cookies = headers.get('cookie') ?? '';
    const signed = cookieValue(cookies, s.tokenCookie);
    if (signed === undefined) return null;
    if (cookieValue(cookies, s.dontRememberCookie) !== undefined) return fromLibrary(headers, renewed);
    const token = verifiedToken(signed, s.secret);
    if (token === null) return null;
    const row = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select(['sessions.expiresAt', 'users.id', 'users.name', 'users.email'])
      .where('sessions.token', '=', token)
      .executeTakeFirst();
    if (!row) return null;
    const expiresAt = new Date(row.expiresAt).getTime();
    const now = Date.now();
    const dueForExtension = expiresAt - s.expiresInMs + s.updateAgeMs <= now;
    if (!(expiresAt > now) || dueForExtension) return fromLibrary(headers, renewed);
    return { id: row.id, name: row.name, email: row.email };
  };
}

/**
 * A cookie's value as the library's parser reads it: the first cookie of that name, trimmed, without
 * surrounding quotes, percent-decoded when it decodes.
 */
export function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The token of a `token.signature` value whose signature is the HMAC-SHA256 of the token under the
 * secret, in standard base64 (44 characters), as the library signs it; null for anything else.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
