import { redirect } from 'react-router';
import type { Route } from './+types/checkout';

/**
 * decisions.md: /checkout starts payment for the cart when signed in, else goes to /login?redirect=/cart.
 * Until card payments arrive, a signed-in student is taken to the cart, where payment will start.
 */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(context.user ? '/cart' : '/login?redirect=/cart');
}
