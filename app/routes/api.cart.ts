import { cartRequestSchema } from '../../shared/cart-requests.ts';
import { couponMessages } from '../../shared/coupon-messages.ts';
import { requestProblems } from '../../shared/request-problems.ts';
import type { Route } from './+types/api.cart';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/** The cart: stored for signed-in students, priced from the browser's ids for everyone else. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = cartRequestSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return json({ error: couponMessages.invalidInput, problems: requestProblems(parsed.error) }, 400);
  const { cart } = context.services;
  const input = parsed.data;
  const user = context.user;
  if (input.intent === 'view')
    return json({ cart: user ? await cart.view(user.id) : await cart.priceLocal(input.local ?? []) });
  if (input.intent === 'coupon') {
    const current = user ? await cart.view(user.id) : await cart.priceLocal(input.local ?? []);
    return json({
      cart: current,
      coupon: await cart.checkCoupon({
        code: input.code,
        userId: user?.id ?? null,
        cart: current,
        applied: input.applied,
        caller: context.client.ip,
      }),
    });
  }
  // Changing a stored cart needs a signed-in student; an anonymous cart changes in the browser.
  if (!user) return json({ error: 'Sign in to change a stored cart.' }, 401);
  switch (input.intent) {
    case 'add':
      return json(await cart.add(user.id, input.examId));
    case 'remove':
      return json({ cart: await cart.remove(user.id, input.examId) });
    case 'quantity':
      return json({ cart: await cart.setQuantity(user.id, input.examId, input.quantity) });
    case 'clear':
      return json({ cart: await cart.clear(user.id) });
    case 'merge':
      return json({ cart: await cart.merge(user.id, input.local) });
  }
}

export function loader() {
  return json({ error: 'Use POST.' }, 405);
}
