import { z } from 'zod';
import { accountMessages as m } from '../../../shared/account-messages.ts';
import {
  isNameGiven,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../shared/account-rules.ts';

const email = z.string().max(254, m.emailInvalid);
const newPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/**
 * The sign-in library's operations the store offers over HTTP, each with the one body it takes: the same
 * rules as the store's forms, and nothing the forms do not send. The API document is made from these.
 */
export const AUTH_OPERATIONS = {
  '/sign-up/email': {
    summary: 'Register with name, email and password',
    body: z.strictObject({
      // Checked as sent, since the library stores it as sent: the store's form trims it first.
      name: z.string().max(NAME_MAX_LENGTH, m.nameTooLong).refine(isNameGiven, m.nameMissing),
      email,
      password: newPassword,
    }),
  },
  '/sign-in/email': {
    summary: 'Sign in with email and password',
    body: z.strictObject({ email, password: z.string().max(PASSWORD_MAX_LENGTH) }),
  },
  '/sign-out': { summary: 'Sign out, ending the session', body: z.strictObject({}) },
  '/request-password-reset': {
    summary: 'Ask for a password-reset email (the answer is the same whether the address is known or not)',
    body: z.strictObject({ email, redirectTo: z.string().max(200).optional() }),
  },
  '/reset-password': {
    summary: 'Set a new password with the token from the email',
    body: z.strictObject({ token: z.string().max(200), newPassword }),
  },
} as const;

type Operation = keyof typeof AUTH_OPERATIONS;
const isOperation = (path: string): path is Operation => Object.hasOwn(AUTH_OPERATIONS, path);

/**
 * Whether a request to /api/auth{path} is one the store offers: the operations above, and the two links
 * that lead back into the library (the reset link in the email, Google's return). The library's other
 * endpoints (sessions, accounts, profile changes) answer 404.
 */
export function offeredAuthRequest(method: string, path: string): boolean {
  if (method === 'POST') return isOperation(path);
  if (method === 'GET' || method === 'HEAD') {
    return /^\/reset-password\/[^/]+$/.test(path) || path === '/callback/google';
  }
  return false;
}

const OUR_WORDS = new Set<string>(Object.values(m));

export type BodyProblem = { field: string; message: string; tooLong: boolean } | null;

/** The first thing wrong with an operation's body, or null; paths that are not operations pass. */
export function authBodyProblem(path: string, body: unknown): BodyProblem {
  if (!isOperation(path)) return null;
  const parsed = AUTH_OPERATIONS[path].body.safeParse(body ?? {});
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.');
  // The store's own sentences stand alone; the schema's say which field they are about.
  const message = OUR_WORDS.has(issue.message) || !field ? issue.message : `${field}: ${issue.message}`;
  return { field, message, tooLong: issue.code === 'too_big' };
}
