import { data, redirect } from 'react-router';
import { checkoutMessages } from '../../shared/checkout-messages.ts';
import { redirectWith } from '../lib/auth.server.ts';
import { readForm } from '../lib/form.server.ts';
import type { Route } from './+types/checkout';

/**
 * decisions.md: /checkout starts payment for the cart when signed in, else goes to /login?redirect=/cart.
 * The cart's 'Proceed to Payment' posts here with its applied coupon; the price is always the server's.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) return redirect('/login?redirect=/cart');
  const started = await context.services.checkout.start(context.user, null);
  if (started.ok) return redirect(started.url);
  return redirectWith('/cart', [], { type: 'error', message: started.message });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) return data({ error: checkoutMessages.notAuthenticated }, 401);
  const form = await readForm(request);
  const coupon = form.get('coupon');
  const code = typeof coupon === 'string' && coupon.trim() !== '' ? coupon.slice(0, 40) : null;
  const started = await context.services.checkout.start(context.user, code);
  if (started.ok) return redirect(started.url);
  return data({ error: started.message }, 400);
}
