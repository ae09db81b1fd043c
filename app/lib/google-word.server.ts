import { createCookie, type AppLoadContext } from 'react-router';
import { accountMessages } from '../../shared/account-messages.ts';

/**
 * What the last Google sign-in in this browser has to say beyond "signed in": that it made a new account
 * ('Registration successful'), or why it was refused when the student can act on it (the address belongs to
 * a password account). The Google window sets it as it closes; the window that opened it reads it once with
 * its question whether the sign-in worked, so the word cannot be lost in a race between the window closing
 * and its message arriving.
 */
const wordCookie = (context: Pick<AppLoadContext, 'origin'>) =>
  createCookie('pp_google_word', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/auth',
    maxAge: 120,
    secure: context.origin.startsWith('https://'),
  });

/** A refusal is read only while signed out, a new account's welcome only once signed in. */
const WORDS = { refused: accountMessages.emailInUse, registered: accountMessages.registered } as const;
export type GoogleWord = keyof typeof WORDS;

export function setGoogleWord(context: Pick<AppLoadContext, 'origin'>, word: GoogleWord): Promise<string> {
  return wordCookie(context).serialize(word);
}

/** The word waiting of the kind asked for, if any, and the header that removes it so it is read once. */
export async function takeGoogleWord(
  request: Request,
  context: Pick<AppLoadContext, 'origin'>,
  kind: GoogleWord,
): Promise<{ message: string; clear: string } | null> {
  const cookie = wordCookie(context);
  const value: unknown = await cookie.parse(request.headers.get('cookie'));
  // Only the store's own words: a cookie is whatever the browser sends.
  if (value !== kind) return null;
  return { message: WORDS[kind], clear: await cookie.serialize('', { maxAge: 0 }) };
}
