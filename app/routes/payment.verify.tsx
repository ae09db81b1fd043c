import { redirect } from 'react-router';
import { checkoutMessages } from '../../shared/checkout-messages.ts';
import { redirectWith } from '../lib/auth.server.ts';
import { notTheOwner } from '../lib/payment-owner.server.ts';
import type { Route } from './+types/payment.verify';

/**
 * /payment/verify and /payment/success?session_id=…: the provider sends the student back here; the server
 * asks the provider how the payment went and fulfils it if it is paid (the webhook may have done so first).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get('session_id');
  if (!sessionId || sessionId.length > 255) return redirect('/payment-failed?reason=no-session');
  const session = encodeURIComponent(sessionId);
  let outcome;
  try {
    outcome = await context.services.checkout.sync(sessionId, context.client.ip);
  } catch (error) {
    // The provider could not be asked: the payment may well have gone through, so the student can ask again.
    context.log.error({ err: error, sessionId }, 'Payment verification failed');
    return redirect(`/payment-failed?reason=verify-failed&session_id=${session}`);
  }
  const elsewhere = await notTheOwner(context, sessionId, outcome);
  if (elsewhere) return elsewhere;
  switch (outcome) {
    case 'succeeded':
      return redirectWith(context, `/thank-you?session_id=${session}`, [], {
        type: 'success',
        message: checkoutMessages.completed,
      });
    case 'pending':
      return redirect(`/payment-pending?session_id=${session}`);
    case 'not-found':
      return redirect('/payment-failed?reason=not-found');
    case 'mismatch':
      return redirect('/payment-failed?reason=mismatch');
    default:
      return redirect('/payment-failed?reason=not-completed');
  }
}
