import { createCookie } from 'react-router';
import { accountMessages } from '../../shared/account-messages.ts';

/**
 * Why the last Google sign-in in this browser was refused, when the student can act on it (the address
 * belongs to a password account). The Google window sets it as it closes; the window that opened it reads
 * it once with its question whether the sign-in worked, so the reason cannot be lost in a race between the
 * window closing and its message arriving.
 */
const refusalCookie = createCookie('pp_google_refusal', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/auth',
  maxAge: 120,
});

export function setGoogleRefusal(message: typeof accountMessages.emailInUse): Promise<string> {
  return refusalCookie.serialize(message);
}

/** The waiting reason, if any, and the header that removes it so it is read once. */
export async function takeGoogleRefusal(request: Request): Promise<{ message: string; clear: string } | null> {
  const value: unknown = await refusalCookie.parse(request.headers.get('cookie'));
  // Only the store's own words: a cookie is whatever the browser sends.
  if (value !== accountMessages.emailInUse) return null;
  return { message: value, clear: await refusalCookie.serialize('', { maxAge: 0 }) };
}
