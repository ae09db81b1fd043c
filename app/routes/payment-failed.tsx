import { Link } from 'react-router';
import {
  checkoutMessages,
  failureText,
  mismatchExplanation,
  otherAccountExplanation,
} from '../../shared/checkout-messages.ts';
import type { Route } from './+types/payment-failed';

export function meta() {
  return [{ title: 'Payment not completed | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Failures whose page says more than its reason. Not among `failureReasons`, whose entries every page that reads
 * the checkout messages carries a trace of: these are read by the loader alone.
 */
const explained = {
  // Charged, but not as priced: the page must not say "not charged".
  mismatch: { heading: 'Payment Failed', reason: checkoutMessages.verifyFailed, explanation: mismatchExplanation },
  // A cancel link followed from another account: nothing is known here of that payment (payment.cancel.tsx).
  'other-account': {
    heading: 'Checkout Not Found',
    reason: checkoutMessages.sessionNotFound,
    explanation: otherAccountExplanation,
  },
};

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const code = params.get('reason');
  const sessionId = params.get('session_id');
  if (code !== null && Object.hasOwn(explained, code))
    return { ...explained[code as keyof typeof explained], checkAgain: null, cancelled: false };
  // Only when the provider could not be asked is the payment's fate unknown: it may have gone through.
  const unconfirmed = code === 'verify-failed' && sessionId !== null && sessionId.length <= 255;
  // The student chose to leave the payment page: nothing failed.
  const cancelled = code === 'cancelled';
  return {
    heading: cancelled ? 'Payment Cancelled' : 'Payment Failed',
    reason: failureText(code),
    checkAgain: unconfirmed ? sessionId : null,
    cancelled,
    explanation: null,
  };
}

export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
  const { heading, reason, checkAgain, cancelled, explanation } = loaderData;
  return (
    <section aria-labelledby="failed-heading" className="container-page max-w-xl py-12">
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <h1 id="failed-heading" className="text-2xl font-bold">
          {heading}
        </h1>
        <p role="alert" className="mt-3 font-medium text-red-800">
          {reason}
        </p>
        {explanation ? (
          <p className="mt-2 text-slate-700">{explanation}</p>
        ) : checkAgain ? (
          <p className="mt-2 text-slate-700">
            The card processor could not be reached to confirm this payment. If your card was charged, your exams unlock
            as soon as the payment is confirmed, and the order appears in your orders: there is no need to pay again.
          </p>
        ) : cancelled ? (
          <p className="mt-2 text-slate-700">
            You have not been charged. Your cart is kept for whenever you are ready.
          </p>
        ) : (
          <p className="mt-2 text-slate-700">
            You have not been charged for this attempt. Your cart is kept, so you can try again with the same or another
            card.
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {checkAgain ? (
            <>
              <Link to={`/payment/verify?session_id=${encodeURIComponent(checkAgain)}`} className="btn-primary">
                Check again
              </Link>
              <Link to="/order" className="btn-secondary">
                View orders
              </Link>
            </>
          ) : (
            <Link to="/cart" className="btn-primary">
              Return to Cart
            </Link>
          )}
          <Link to="/contact" className="btn-secondary">
            Contact support
          </Link>
        </div>
      </div>
    </section>
  );
}
