import { redirect, replace, type AppLoadContext } from 'react-router';
import { safeRedirectTarget } from '../../shared/account-rules.ts';
import { setFlash, type Flash } from './flash.server.ts';

/** The signed-in user, or a redirect to /login that brings them back here afterwards. */
export function requireUser(request: Request, context: AppLoadContext) {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`/login?from=${encodeURIComponent(url.pathname + url.search)}`);
}

/** /login and /register are for signed-out visitors: everyone else goes home. */
export function requireSignedOut(context: AppLoadContext) {
  if (context.user) throw redirect('/');
}

/** Where to go after signing in: `from`, else `redirect` (as in /login?redirect=/cart), else the dashboard. */
export function targetFrom(request: Request): string {
  const params = new URL(request.url).searchParams;
  return safeRedirectTarget(params.get('from') ?? params.get('redirect'));
}

/**
 * What the sign-in and sign-up pages say to a visitor sent there to pay (the cart's "Sign in to Checkout", the
 * demo's "Proceed to Full Course Registration"): the cart the browser keeps joins the account.
 */
export function cartLead(target: string, page: 'login' | 'register'): string | null {
  if (target !== '/cart') return null;
  return page === 'login'
    ? 'Sign in to pay for your cart. New here? Register instead: your cart comes with you either way.'
    : 'Create your account to pay for your cart: it comes with you.';
}

/**
 * Where a student goes once signed in or registered (`targetFrom`), with their session and the page's message.
 * Signed in, the form's page would only send Back on home: the page asked for takes its place in the history.
 */
export function redirectSignedIn(context: AppLoadContext, request: Request, setCookies: string[], message: string) {
  return redirectWith(context, targetFrom(request), setCookies, { type: 'success', message }, { replace: true });
}

/**
 * A redirect that also sets cookies (a session) and a message for the next page. `replace`: in the browser, the
 * next page takes the place of the one the form was on in the history, as when signing in or out makes that
 * page one Back could only bounce off.
 */
export async function redirectWith(
  context: AppLoadContext,
  to: string,
  setCookies: string[],
  flash?: Flash,
  { replace: replacing = false } = {},
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  if (flash) headers.append('Set-Cookie', await setFlash(context, flash));
  return (replacing ? replace : redirect)(to, { headers });
}
