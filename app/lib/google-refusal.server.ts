import { createCookie, type AppLoadContext } from 'react-router';
import { accountMessages } from '../../shared/account-messages.ts';

/**
 * Why the last Google sign-in in this browser was refused, when the student can act on it (the address
 * belongs to a password account). The Google window sets it as it closes; the window that opened it reads
 * it once with its question whether the sign-in worked, so the reason cannot be lost in a race between the
 * window closing and its message arriving.
 */
const refusalCookie = (context: Pick<AppLoadContext, 'origin'>) =>
  createCookie('pp_google_refusal', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/auth',
    maxAge: 120,
    secure: context.origin.startsWith('https://'),
  });

export function setGoogleRefusal(
  context: Pick<AppLoadContext, 'origin'>,
  message: typeof accountMessages.emailInUse,
): Promise<string> {
  return refusalCookie(context).serialize(message);
}

/** The waiting reason, if any, and the header that removes it so it is read once. */
export async function takeGoogleRefusal(
  request: Request,
  context: Pick<AppLoadContext, 'origin'>,
): Promise<{ message: string; clear: string } | null> {
  const cookie = refusalCookie(context);
  const value: unknown = await cookie.parse(request.headers.get('cookie'));
  // Only the store's own words: a cookie is whatever the browser sends.
  if (value !== accountMessages.emailInUse) return null;
  return { message: value, clear: await cookie.serialize('', { maxAge: 0 }) };
}
