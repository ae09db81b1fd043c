import { redirect } from 'react-router';
import { ORDER_ID_PATTERN } from '../../shared/order.ts';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/payment.cancel';

/**
 * /payment/failed is the payment page's cancel link: the student's checkout closes, the cart stays. A
 * payment already made there goes on to its receipt, or to the pending page while it settles. Only the
 * checkout's own student learns which: a visitor whose sign-in has lapsed (or who paid on another device)
 * signs in first, and another account is told only that the checkout is not its own, never "not charged".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const orderId = new URL(request.url).searchParams.get('order');
  const found =
    orderId && ORDER_ID_PATTERN.test(orderId) ? await context.services.checkout.cancel(user.id, orderId) : null;
  if (!found) return redirect('/payment-failed?reason=other-account');
  if (found.outcome === 'succeeded')
    return redirect(`/payment/verify?session_id=${encodeURIComponent(found.sessionId)}`);
  if (found.outcome === 'pending')
    return redirect(`/payment-pending?session_id=${encodeURIComponent(found.sessionId)}`);
  if (found.outcome === 'mismatch') return redirect('/payment-failed?reason=mismatch');
  // The provider could not be asked to close the page: it may have been paid, so nothing is claimed.
  if (found.outcome === 'unconfirmed')
    return redirect(`/payment-failed?reason=verify-failed&session_id=${encodeURIComponent(found.sessionId)}`);
  return redirect('/payment-failed?reason=cancelled');
}
