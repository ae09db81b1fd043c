import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { isWeakPassword } from '../../../shared/account-rules.ts';
import type { Engine } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetPasswordMail } from './account-mail.ts';
import { authBodyProblem } from './auth-requests.ts';
import { hideAddresses, withoutAddresses } from '../../lib/hidden-addresses.ts';

/** The header our HTTP layer sets to the client's address; any value a client sends is replaced. */
export const CLIENT_IP_HEADER = 'x-practicepass-client-ip';

export interface AuthOptions {
  db: Kysely<Database>;
  engine: Engine;
  /** Public origin, e.g. http://localhost:3000: callbacks and cookie security derive from it. */
  baseUrl: string;
  secret: string;
  mailer: Mailer;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  /** Where the library's own warnings and errors go: the store's log. */
  log?: AuthLog;
}

export type AuthLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string, details: unknown[]) => void;

/** How many reset links of one account may be live (an hour each) before no more mail is sent. */
export const LIVE_RESET_LINKS = 3;

/**
 * Set by whoever asks for a reset link, to learn whether its mail went out: the library answers the same
 * whether or not sending failed.
 */
export const resetMailOutcome = new AsyncLocalStorage<{ failed: boolean }>();

/** Limits per client address, per window, on the routes people can abuse. */
export const RATE_LIMITS = {
  '/sign-in/email': { window: 60, max: 10 },
  // Starting Google sign-in guesses nothing: the limit bounds the sign-in states it stores, and leaves room
  // for a classroom behind one address. Without a rule of its own, the library's default for sign-in paths
  // (3 in 10 seconds) would apply.
  '/sign-in/social': { window: 60, max: 30 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 3 },
  '/reset-password': { window: 60, max: 10 },
} as const;

export function createAuth(options: AuthOptions) {
  const { google } = options;
  return betterAuth({
    appName: 'PracticePass',
    baseURL: options.baseUrl,
    secret: options.secret,
    telemetry: { enabled: false },
    logger: options.log
      ? {
          // Warnings and errors only (its notes name addresses: "Sign-up attempt for existing email: …"),
          // and without the email addresses a database's or mail server's error can carry.
          level: 'warn',
          log: (level, message, ...details) => options.log!(level, hideAddresses(message), withoutAddresses(details)),
        }
      : {},
    database: { db: options.db, type: options.engine === 'postgres' ? 'postgres' : 'sqlite' },
    user: {
      modelName: 'users',
      additionalFields: { lastOrderAt: { type: 'date', required: false, input: false } },
    },
    session: { modelName: 'sessions', expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url, token }) => {
        // One mailbox gets a few links an hour however many are asked for, from however many addresses.
        // A link that is not mailed is not kept either: it would only hold the limit up for nothing, and
        // anyone repeating the request could then keep the account holder's own links from being sent.
        const unsent = () =>
          options.db.deleteFrom('verifications').where('identifier', '=', `reset-password:${token}`).execute();
        const links = await options.db
          .selectFrom('verifications')
          .select('expiresAt')
          .where('identifier', 'like', 'reset-password:%')
          .where('value', '=', user.id)
          .execute();
        const now = Date.now();
        if (links.filter((l) => new Date(l.expiresAt).getTime() > now).length > LIVE_RESET_LINKS) {
          await unsent();
          return;
        }
        try {
          await options.mailer.send(resetPasswordMail(user, url));
        } catch (error) {
          const outcome = resetMailOutcome.getStore();
          if (outcome) outcome.failed = true;
          await unsent();
          throw error;
        }
      },
      // One reset per request: the links of earlier requests go with the one used, not an hour later. Using
      // a link proves the mailbox is the account holder's, so Google sign-in with it may join the account.
      onPasswordReset: async ({ user }) => {
        await options.db
          .deleteFrom('verifications')
          .where('identifier', 'like', 'reset-password:%')
          .where('value', '=', user.id)
          .execute();
        await options.db
          .updateTable('users')
          .set({ emailVerified: options.engine === 'postgres' ? true : 1 })
          .where('id', '=', user.id)
          .execute();
      },
    },
    // A Google return the library cannot use (a forged, stale or replayed state) ends where every failed
    // Google sign-in ends, not on the library's own error page, which the store does not offer.
    onAPIError: {
      errorURL: `${options.baseUrl}/auth/google/done`,
      // A refusal (a wrong password, a form's rule) is the answer to its caller, not a fault of the store: only
      // faults are logged, and in the store's log, where the library would print every refusal to the console.
      onError: (error) => {
        if (isAPIError(error) && error.status !== 'INTERNAL_SERVER_ERROR') return;
        const message = error instanceof Error ? error.message : String(error);
        options.log?.('error', hideAddresses(message), withoutAddresses([error]));
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      window: 60,
      max: 200,
      customRules: RATE_LIMITS,
    },
    advanced: {
      cookiePrefix: 'pp',
      useSecureCookies: options.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // The library turns its origin and redirect checks off when it thinks it runs under a test runner;
      // they stay on, so the tests see what the store does.
      disableOriginCheck: false,
    },
    hooks: {
      // The library checks length; the list of common passwords is ours, and holds for every caller.
      before: createAuthMiddleware(async (ctx) => {
        const password =
          ctx.path === '/sign-up/email'
            ? ctx.body?.password
            : ctx.path === '/reset-password'
              ? ctx.body?.newPassword
              : undefined;
        if (typeof password === 'string' && isWeakPassword(password)) {
          throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_WEAK', message: 'Password is too weak' });
        }
        // Every caller, the store's forms or anyone else, is held to the same body (auth-requests.ts).
        const problem = authBodyProblem(ctx.path, ctx.body);
        if (!problem) return;
        if (ctx.path === '/sign-in/email' && problem.field === 'password' && problem.tooLong) {
          // No stored password is that long: it is a wrong password, and said the same way.
          throw new APIError('UNAUTHORIZED', {
            code: 'INVALID_EMAIL_OR_PASSWORD',
            message: 'Invalid email or password',
          });
        }
        throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: problem.message, field: problem.field });
      }),
    },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: google.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                mapProfileToUser: (profile) => ({
                  name: typeof profile.name === 'string' && profile.name.trim() ? profile.name : 'Google User',
                  // Only an address the provider has verified opens or makes an account: an unverified one
                  // could be anyone's. Without it the sign-in fails as one without an email does.
                  ...(profile.emailVerified === true ? {} : { email: undefined }),
                }),
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
