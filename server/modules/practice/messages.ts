import { chooseLabel } from '../../../shared/scoring.ts';

/**
 * Test taking's refusals (spec §8) that only the server decides; the browser shows the server's words, so
 * they travel in no script.
 */
export const attemptMessages = {
  timeUp: 'Time is up: answers after the end of the exam no longer count.',
  answerLocked: 'This answer has been checked and can no longer change.',
  attemptClosed: 'This attempt has already been submitted.',
  attemptNotFound: 'This attempt could not be found. Start the test again.',
  /** Practice mode: a question that asks for several answers is checked with all of them. */
  chooseAll: (count: number) => `${chooseLabel(count)}: select ${count === 2 ? 'both' : 'them all'} before checking.`,
  signedOut: 'You are signed out. Sign in again to go on with this test: your answers so far are kept.',
  /** Too many tests started signed out from one client address in a minute (`SIGNED_OUT_STARTS_PER_MINUTE`). */
  tooManyStarts: 'Too many tests started. Please wait a minute and try again.',
} as const;
