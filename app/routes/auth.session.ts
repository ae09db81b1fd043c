import { takeGoogleWord } from '../lib/google-word.server.ts';
import type { Route } from './+types/auth.session';

/**
 * Whether this browser is signed in: asked after the Google window closes. The answer also carries, once,
 * what that window left to say (`message`): 'Registration successful' when it made the account, or why it
 * was refused when the student can act on it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = context.user !== null;
  const word = await takeGoogleWord(request, context, signedIn);
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (word) headers.append('Set-Cookie', word.clear);
  return Response.json(word ? { signedIn, message: word.message } : { signedIn }, { headers });
}
