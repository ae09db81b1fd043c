import { takeGoogleRefusal } from '../lib/google-refusal.server.ts';
import type { Route } from './+types/auth.session';

/**
 * Whether this browser is signed in: asked after the Google window closes. When Google's sign-in was refused
 * for a reason the student can act on, the answer also carries it (`message`), once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = context.user !== null;
  const refusal = signedIn ? null : await takeGoogleRefusal(request, context);
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (refusal) headers.append('Set-Cookie', refusal.clear);
  return Response.json(refusal ? { signedIn, message: refusal.message } : { signedIn }, { headers });
}
