import { data, redirect, type AppLoadContext } from 'react-router';
import { checkoutMessages } from '../../shared/checkout-messages.ts';
import { redirectWith } from '../lib/auth.server.ts';
import { readForm } from '../lib/form.server.ts';
import { timeZoneOf } from '../lib/time-zone.ts';
import type { Route } from './+types/checkout';

/** Who pays: the signed-in student, with the time zone their browser named (for the order email). */
const payer = (request: Request, user: NonNullable<AppLoadContext['user']>) => ({
  ...user,
  timeZone: timeZoneOf(request),
});

const couponCode = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.slice(0, 40) : null);

/**
 * decisions.md: /checkout starts payment for the cart when signed in, else goes to /login?redirect=/cart.
 * The cart's 'Proceed to Payment' posts here with its applied coupon, and 'Go to Checkout' links here with
 * it; the price is always the server's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) return redirect('/login?redirect=/cart');
  // Only the store's own links start a payment. A link from another site carries the session cookie too
  // (a top-level GET), and starting a checkout closes the student's open payment page and holds their
  // coupon; such a visit, or an address typed in, goes to the cart, whose button posts.
  if (request.headers.get('sec-fetch-site') !== 'same-origin') return redirect('/cart');
  // 'Go to Checkout' elsewhere in the store carries the coupon applied in the cart.
  const coupon = couponCode(new URL(request.url).searchParams.get('coupon'));
  const started = await context.services.checkout.start(payer(request, context.user), coupon, context.client.ip);
  if (started.ok) return redirect(started.url);
  return redirectWith(context, '/cart', [], { type: 'error', message: started.message });
}

export async function action({ request, context }: Route.ActionArgs) {
  // The cart's button posts from the page (its form sent by the browser itself before the page's scripts
  // have started): a refusal then goes back to the cart, said there, instead of a bare JSON answer.
  const wholePage = request.headers.get('sec-fetch-mode') === 'navigate';
  if (!context.user) {
    if (wholePage) return redirect('/login?redirect=/cart');
    return data({ error: checkoutMessages.notAuthenticated }, 401);
  }
  const form = await readForm(request);
  const coupon = couponCode(form.get('coupon'));
  const started = await context.services.checkout.start(payer(request, context.user), coupon, context.client.ip);
  if (started.ok) return redirect(started.url);
  if (wholePage) return redirectWith(context, '/cart', [], { type: 'error', message: started.message });
  return data({ error: started.message }, 400);
}
