import { takeGoogleRefusal } from '../lib/google-refusal.server.ts';
import type { Route } from './+types/auth.session';

/** Whether this browser is signed in, and why not when Google said no for a reason: asked after the Google window closes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refusal = context.user === null ? await takeGoogleRefusal(request) : null;
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (refusal) headers.append('Set-Cookie', refusal.clear);
  return Response.json({ signedIn: context.user !== null, message: refusal?.message ?? null }, { headers });
}
