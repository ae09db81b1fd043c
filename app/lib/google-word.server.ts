import { createCookie, type AppLoadContext } from 'react-router';
import { accountMessages } from '../../shared/account-messages.ts';

/**
 * What the last Google sign-in in this browser has to say beyond "signed in": that it made a new account
 * ('Registration successful'), or why it was refused when the student can act on it (the address belongs to
 * a password account, or too many sign-ins from one address). The Google window sets it as it closes; the window that opened it reads it once with
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
const WORDS = {
  refused: { message: accountMessages.emailInUse, signedIn: false },
  'too-many': { message: accountMessages.tooManyAttempts, signedIn: false },
  registered: { message: accountMessages.registered, signedIn: true },
} as const;
export type GoogleWord = keyof typeof WORDS;

/** What a word says, for the Google window itself to show as it closes. */
export const googleWordMessage = (word: GoogleWord): string => WORDS[word].message;

export function setGoogleWord(context: Pick<AppLoadContext, 'origin'>, word: GoogleWord): Promise<string> {
  return wordCookie(context).serialize(word);
}

/**
 * The word waiting for a browser signed in or not, if any, and the header that removes it so it is read
 * once.
 */
export async function takeGoogleWord(
  request: Request,
  context: Pick<AppLoadContext, 'origin'>,
  signedIn: boolean,
): Promise<{ message: string; clear: string } | null> {
  const cookie = wordCookie(context);
  const value: unknown = await cookie.parse(request.headers.get('cookie'));
  // Only the store's own words: a cookie is whatever the browser sends.
  if (typeof value !== 'string' || !Object.hasOwn(WORDS, value)) return null;
  const word = WORDS[value as GoogleWord];
  if (word.signedIn !== signedIn) return null;
  return { message: word.message, clear: await cookie.serialize('', { maxAge: 0 }) };
}
