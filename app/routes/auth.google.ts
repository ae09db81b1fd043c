import { redirect } from 'react-router';
import { redirectWith, targetFrom } from '../lib/auth.server.ts';
import type { Route } from './+types/auth.google';

/** Sends the browser (the popup, or this window when popups are blocked) to Google's sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.services.accounts.googleEnabled) throw new Response('Not Found', { status: 404 });
  const popup = new URL(request.url).searchParams.get('popup') === '1';
  const done = `/auth/google/done?from=${encodeURIComponent(targetFrom(request))}${popup ? '&popup=1' : ''}`;
  const start = await context.services.accounts.googleSignIn(context.client, done);
  if (start === 'too-many') return redirect(`${done}&error=too-many`);
  if (!start) return redirect(`${done}&error=unavailable`);
  return redirectWith(context, start.url, start.setCookies);
}
