import { redirect, type AppLoadContext } from 'react-router';
import type { PaymentOutcome } from '../../shared/order.ts';

/**
 * Someone else's payment (a link passed on, another account, signed out): it is fulfilled all the same,
 * but how it went is its owner's to hear. Such a visitor goes to the receipt page, which shows an order to
 * its owner only and asks the provider nothing for anyone else. Null for the owner, or a session unknown.
 */
export async function notTheOwner(
  context: AppLoadContext,
  sessionId: string,
  outcome: PaymentOutcome,
): Promise<Response | null> {
  if (outcome === 'not-found' || (await context.services.checkout.ownsSession(context.user?.id, sessionId)))
    return null;
  return redirect(`/thank-you?session_id=${encodeURIComponent(sessionId)}`);
}
