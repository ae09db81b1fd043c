import type { Kysely } from 'kysely';
import { normaliseEmail } from '../../../shared/account-rules.ts';
import { accountMessages } from '../../../shared/account-messages.ts';
import type { Database } from '../../db/schema.ts';
import { CLIENT_IP_HEADER, resetMailOutcome, type Auth } from './auth.ts';
import { createSessionReader } from './session-reader.ts';

export type { SessionUser } from './session-reader.ts';

/** Who is asking: their address (for rate limits) and the cookies they sent. */
export interface Client {
  ip: string;
  cookie?: string | null;
}

export type AccountResult = { ok: true; setCookies: string[] } | { ok: false; status: number; message: string };

interface ErrorBody {
  code?: string;
  message?: string;
}

/** Sign-in says INVALID_EMAIL; sign-up checks its body first and names the field of a VALIDATION_ERROR. */
const invalidEmail = (payload: ErrorBody) =>
  payload.code === 'INVALID_EMAIL' || (payload.code === 'VALIDATION_ERROR' && /\bemail\b/i.test(payload.message ?? ''));

/** A refusal in the store's own words (the body rules of auth-requests.ts), passed on as it is. */
const ownMessage = (payload: ErrorBody) =>
  payload.code === 'VALIDATION_ERROR' && (Object.values(accountMessages) as string[]).includes(payload.message ?? '')
    ? payload.message!
    : null;

/**
 * Registration, sign-in, sign-out and password reset. Each goes through the library's HTTP handler,
 * exactly as a browser's call to /api/auth would, so its rate limits and origin checks apply to the
 * store's own forms too. Failures come back in the spec's words.
 */
export function createAccountsService(auth: Auth, db: Kysely<Database>, baseUrl: string, googleEnabled: boolean) {
  async function call(path: string, client: Client, body?: unknown, method = 'POST') {
    const headers = new Headers({ origin: baseUrl, [CLIENT_IP_HEADER]: client.ip });
    if (client.cookie) headers.set('cookie', client.cookie);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const response = await auth.handler(
      new Request(`${baseUrl}/api/auth${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const payload = (await response.json().catch(() => ({}))) as ErrorBody & Record<string, unknown>;
    return { response, payload, setCookies: response.headers.getSetCookie() };
  }

  async function userExists(email: string): Promise<boolean> {
    const row = await db.selectFrom('users').select('id').where('email', '=', normaliseEmail(email)).executeTakeFirst();
    return row !== undefined;
  }

  /** A refused registration in the spec's words, or null for a refusal the spec has no words for. */
  async function registrationRefusal(status: number, payload: ErrorBody, email: string): Promise<string | null> {
    if (status === 429) return accountMessages.tooManyAttempts;
    // Two registrations of one email at once (a double submit, two tabs): the one that loses the race
    // finds the address taken.
    const taken =
      payload.code?.startsWith('USER_ALREADY_EXISTS') ||
      (payload.code === 'FAILED_TO_CREATE_USER' && (await userExists(email)));
    if (taken) return accountMessages.emailInUse;
    if (invalidEmail(payload)) return accountMessages.emailInvalid;
    if (['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'PASSWORD_TOO_WEAK'].includes(payload.code ?? '')) {
      return accountMessages.passwordWeak;
    }
    return ownMessage(payload);
  }

  /** A refused sign-in in the spec's words, or null for a refusal the spec has no words for. */
  async function signInRefusal(status: number, payload: ErrorBody, email: string): Promise<string | null> {
    if (status === 429) return accountMessages.tooManyAttempts;
    if (invalidEmail(payload)) return accountMessages.emailInvalid;
    // The spec tells a missing account apart from a wrong password.
    if (payload.code === 'INVALID_EMAIL_OR_PASSWORD')
      return (await userExists(email)) ? accountMessages.wrongPassword : accountMessages.noAccount;
    return null;
  }

  return {
    googleEnabled,
    handler: auth.handler,

    /**
     * The sign-in API's answer to a registration or sign-in it refused, with its `error` in the spec's words,
     * as the store's forms say it (the library's own sentence stays in `message`). Other answers pass as they are.
     */
    async inOurWords(path: string, body: unknown, response: Response): Promise<Response> {
      const refusalOf = { '/sign-up/email': registrationRefusal, '/sign-in/email': signInRefusal }[path];
      if (response.ok || !refusalOf) return response;
      const payload = (await response
        .clone()
        .json()
        .catch(() => null)) as (ErrorBody & Record<string, unknown>) | null;
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return response;
      const given = (body as { email?: unknown } | null)?.email;
      const error = await refusalOf(response.status, payload, typeof given === 'string' ? given : '');
      if (!error) return response;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      headers.set('content-type', 'application/json; charset=utf-8');
      return new Response(JSON.stringify({ ...payload, error }), { status: response.status, headers });
    },

    currentUser: createSessionReader(auth, db),

    async register(input: { name: string; email: string; password: string }, client: Client): Promise<AccountResult> {
      const { response, payload, setCookies } = await call('/sign-up/email', client, {
        name: input.name.trim(),
        email: normaliseEmail(input.email),
        password: input.password,
      });
      if (response.ok) return { ok: true, setCookies };
      const message =
        (await registrationRefusal(response.status, payload, input.email)) ?? accountMessages.registrationFailed;
      return { ok: false, status: response.status, message };
    },

    async signIn(input: { email: string; password: string }, client: Client): Promise<AccountResult> {
      const { response, payload, setCookies } = await call('/sign-in/email', client, {
        email: normaliseEmail(input.email),
        password: input.password,
      });
      if (response.ok) return { ok: true, setCookies };
      const message = (await signInRefusal(response.status, payload, input.email)) ?? accountMessages.loginFailed;
      return { ok: false, status: response.status, message };
    },

    async signOut(client: Client): Promise<string[]> {
      return (await call('/sign-out', client, {})).setCookies;
    },

    /** Sends the reset link when the account exists; the answer is the same either way. */
    async requestPasswordReset(email: string, client: Client): Promise<AccountResult> {
      const outcome = { failed: false };
      const { response } = await resetMailOutcome.run(outcome, () =>
        call('/request-password-reset', client, {
          email: normaliseEmail(email),
          redirectTo: `${baseUrl}/reset-password`,
        }),
      );
      if (response.status === 429) return { ok: false, status: 429, message: accountMessages.tooManyAttempts };
      if (outcome.failed) return { ok: false, status: 503, message: accountMessages.resetMailFailed };
      return { ok: true, setCookies: [] };
    },

    async resetPassword(token: string, newPassword: string, client: Client): Promise<AccountResult> {
      const { response, payload } = await call('/reset-password', client, { token, newPassword });
      if (response.ok) return { ok: true, setCookies: [] };
      const message =
        response.status === 429
          ? accountMessages.tooManyAttempts
          : ['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'PASSWORD_TOO_WEAK'].includes(payload.code ?? '')
            ? accountMessages.passwordWeak
            : accountMessages.resetLinkInvalid;
      return { ok: false, status: response.status, message };
    },

    /** Starts Google sign-in: the provider's URL to send the browser to, and the state cookies to set. */
    /** Where to send the browser for Google's sign-in; 'too-many' past the sign-in limit, null when off. */
    async googleSignIn(
      client: Client,
      callbackPath: string,
    ): Promise<{ url: string; setCookies: string[] } | 'too-many' | null> {
      if (!googleEnabled) return null;
      const then = `${baseUrl}${callbackPath}${callbackPath.includes('?') ? '&' : '?'}`;
      const { response, payload, setCookies } = await call('/sign-in/social', client, {
        provider: 'google',
        callbackURL: `${baseUrl}${callbackPath}`,
        // Where the library sends a sign-in that made the account, so the page can say so.
        newUserCallbackURL: `${then}new=1`,
        errorCallbackURL: `${then}error=google`,
      });
      if (response.status === 429) return 'too-many';
      return response.ok && typeof payload.url === 'string' ? { url: payload.url, setCookies } : null;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
