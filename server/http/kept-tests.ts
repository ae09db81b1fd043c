import { createCookie } from 'react-router';
import type { SessionUser } from '../modules/accounts/service.ts';
import type { PracticeService } from '../modules/practice/service.ts';

/** How many free tests begun signed out one browser keeps (decision 0026): the newest first. */
export const KEPT_TESTS_MAX = 10;
/**
 * A week from the last start: longer than the attempts it names are kept (a day after their start and their
 * last answer, decision 0024), so a test answered on and off for days is still there; an id whose attempt
 * has gone names nothing.
 */
const KEPT_SECONDS = 7 * 24 * 60 * 60;
const NAME = 'pp_free_tests';
const ATTEMPT_ID = /^[0-9a-f-]{36}$/;

/**
 * The free tests this browser began signed out, by attempt id (decision 0026): a signed cookie that only
 * the server reads, so a reload or a link away and back resumes the test, and signing up or in makes the
 * attempts the student's. The ids are random and already all a visitor needs to go on with such an attempt;
 * the signature keeps the cookie the store's own, as the message cookie is. `Secure` behind HTTPS.
 */
export function keptTestsCookie(secret: string, secure: boolean) {
  const cookie = createCookie(NAME, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: KEPT_SECONDS,
    secure,
    secrets: [secret],
  });
  return {
    /** The kept attempt ids of a request's Cookie header; none when the cookie is absent, altered or odd. */
    async read(header: string | undefined): Promise<string[]> {
      if (!header?.includes(`${NAME}=`)) return [];
      const value: unknown = await cookie.parse(header);
      if (!Array.isArray(value)) return [];
      return value.filter((id): id is string => typeof id === 'string' && ATTEMPT_ID.test(id)).slice(0, KEPT_TESTS_MAX);
    },
    /** The Set-Cookie header that keeps `started` first, before the ones kept already. */
    keep(started: string, kept: readonly string[]): Promise<string> {
      return cookie.serialize([started, ...kept.filter((id) => id !== started)].slice(0, KEPT_TESTS_MAX));
    },
    /** The Set-Cookie header that removes the cookie. */
    clear(): Promise<string> {
      return cookie.serialize([], { maxAge: 0 });
    },
  };
}

export type KeptTestsCookie = ReturnType<typeof keptTestsCookie>;

/** The cookie for a response of this origin: `Secure` behind HTTPS. Both are made once. */
export function keptTestsCookies(secret: string): (origin: string) => KeptTestsCookie {
  const plain = keptTestsCookie(secret, false);
  const secure = keptTestsCookie(secret, true);
  return (origin) => (origin.startsWith('https://') ? secure : plain);
}

/**
 * Signed in with the cookie: the first request that carries both the session and the cookie makes its
 * attempts the student's (whichever way they signed in: the form, registration, Google's window). Returns the
 * Set-Cookie header that removes it then, else null.
 */
export async function claimKeptTests(
  cookie: KeptTestsCookie,
  header: string | undefined,
  user: Pick<SessionUser, 'id'>,
  practice: Pick<PracticeService, 'claimKept'>,
): Promise<string | null> {
  if (!header?.includes(`${NAME}=`)) return null;
  await practice.claimKept(user.id, await cookie.read(header));
  return cookie.clear();
}
