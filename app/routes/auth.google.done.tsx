import { useEffect } from 'react';
import { data, useLoaderData } from 'react-router';
import { accountMessages } from '../../shared/account-messages.ts';
import { AUTH_CHANNEL } from '../features/accounts/components/google-button.tsx';
import { redirectWith, targetFrom } from '../lib/auth.server.ts';
import { googleWordMessage, setGoogleWord } from '../lib/google-word.server.ts';
import type { Route } from './+types/auth.google.done';

export function meta() {
  return [{ title: 'Google sign-in | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Where Google sign-in ends. In the popup: tell the window that opened it, and close. Without a popup:
 * go on to the page the visitor came from, or back to /login with the failure.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const ok = context.user !== null && !params.get('error');
  // Google's sign-in made the account just now (the library's address for a new user).
  const registered = ok && params.get('new') === '1';
  // The address belongs to an account made with a password: the library joins Google to it only once the
  // mailbox is proven (a password reset), so until then the student signs in with the password.
  const errors = params.getAll('error');
  const refusal = errors.includes('account_not_linked') ? 'refused' : errors.includes('too-many') ? 'too-many' : null;
  const message = refusal ? googleWordMessage(refusal) : null;
  if (params.get('popup') === '1') {
    // The window that opened this one asks the server, not this page, what came of the sign-in.
    const word = registered ? 'registered' : refusal;
    const headers: HeadersInit = word ? { 'Set-Cookie': await setGoogleWord(context, word) } : {};
    return data({ ok, message }, { headers });
  }
  if (ok) {
    const welcome = registered ? accountMessages.registered : accountMessages.loggedIn;
    return redirectWith(context, targetFrom(request), [], { type: 'success', message: welcome });
  }
  // Signing in another way still leads on to the page the visitor was going to.
  const login = params.has('from') ? `/login?from=${encodeURIComponent(targetFrom(request))}` : '/login';
  return redirectWith(context, login, [], { type: 'error', message: message ?? accountMessages.googleFailed });
}

export default function GoogleDone() {
  const { ok, message } = useLoaderData<{ ok: boolean; message: string | null }>();
  useEffect(() => {
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.postMessage({ ok });
    channel.close();
    window.close();
  }, [ok]);
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-xl font-semibold">{ok ? 'You are signed in' : (message ?? accountMessages.googleFailed)}</h1>
      <p className="mt-2 text-slate-700">You can close this window.</p>
    </section>
  );
}
