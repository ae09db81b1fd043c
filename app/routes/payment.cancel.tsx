import { redirect } from 'react-router';
import { ORDER_ID_PATTERN } from '../../shared/order.ts';
import type { Route } from './+types/payment.cancel';

/** /payment/failed is the payment page's cancel link: the student's checkout closes, the cart stays. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get('order');
  if (context.user && orderId && ORDER_ID_PATTERN.test(orderId)) {
    await context.services.checkout.cancel(context.user.id, orderId);
  }
  return redirect('/payment-failed?reason=cancelled');
}
