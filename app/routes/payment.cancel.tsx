import { redirect } from 'react-router';
import { ORDER_ID_PATTERN } from '../../shared/order.ts';
import type { Route } from './+types/payment.cancel';

/**
 * /payment/failed is the payment page's cancel link: the student's checkout closes, the cart stays. A
 * payment already made there goes on to its receipt, or to the pending page while it settles.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get('order');
  const paid =
    context.user && orderId && ORDER_ID_PATTERN.test(orderId)
      ? await context.services.checkout.cancel(context.user.id, orderId)
      : null;
  if (paid?.outcome === 'succeeded')
    return redirect(`/payment/verify?session_id=${encodeURIComponent(paid.sessionId)}`);
  if (paid?.outcome === 'pending') return redirect(`/payment-pending?session_id=${encodeURIComponent(paid.sessionId)}`);
  if (paid?.outcome === 'mismatch') return redirect('/payment-failed?reason=mismatch');
  return redirect('/payment-failed?reason=cancelled');
}
