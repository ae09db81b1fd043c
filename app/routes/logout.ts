import { redirect } from 'react-router';
import { accountMessages } from '../../shared/account-messages.ts';
import { redirectWith } from '../lib/auth.server.ts';
import type { Route } from './+types/logout';

/** Signing out changes state, so it is a POST from the header's menu; a visit to /logout goes home. */
export function loader() {
  return redirect('/');
}

export async function action({ context }: Route.ActionArgs) {
  const setCookies = context.user ? await context.services.accounts.signOut(context.client) : [];
  // The signed-in page signed out from takes the sign-in page's place: Back from there would only bounce off it.
  return redirectWith(
    context,
    '/login',
    setCookies,
    { type: 'success', message: accountMessages.loggedOut },
    { replace: true },
  );
}
