import type { Route } from './+types/auth.session';

/** Whether this browser is signed in: asked after the Google window closes. */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ signedIn: context.user !== null }, { headers: { 'Cache-Control': 'no-store' } });
}
