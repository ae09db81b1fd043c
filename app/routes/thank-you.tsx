import { useEffect } from 'react';
import { Link, redirect } from 'react-router';
import { checkoutMessages } from '../../shared/checkout-messages.ts';
import { forgetAppliedCoupon } from '../features/cart/applied-coupon.ts';
import { OrderReceipt } from '../features/orders/order-receipt.tsx';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/thank-you';

export function meta({ loaderData }: Route.MetaArgs) {
  const found = loaderData && 'order' in loaderData ? loaderData.order : null;
  const title = !found ? 'Order Details Not Found' : loaderData.receipt ? 'Receipt' : 'Thank you';
  return [{ title: `${title} | PracticePass` }, { name: 'robots', content: 'noindex' }];
}

/** decisions.md: the order is read by its payment session, and only its owner sees it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const sessionId = params.get('session_id');
  // Reached again from the order history: the receipt of an order paid some time ago.
  const receipt = params.get('view') === 'receipt';
  if (!sessionId || sessionId.length > 255) return { order: null, receipt };
  const { checkout } = context.services;
  let order = await checkout.orderBySession(user.id, sessionId);
  // Only the owner's payment is asked after; anyone else just finds no order here.
  if (!order && (await checkout.ownsSession(user.id, sessionId))) {
    // Arrived before the payment was confirmed here: ask once, then show it or say where it stands. If the
    // provider does not answer, the pending page waits and asks again.
    const outcome = await checkout.sync(sessionId).catch((error: unknown) => {
      context.log.error({ err: error, sessionId }, 'Payment status unknown');
      return 'pending' as const;
    });
    if (outcome === 'pending') return redirect(`/payment-pending?session_id=${encodeURIComponent(sessionId)}`);
    if (outcome === 'mismatch') return redirect('/payment-failed?reason=mismatch');
    if (outcome === 'succeeded') order = await checkout.orderBySession(user.id, sessionId);
  }
  return { order, receipt };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { order, receipt } = loaderData;
  // The coupon was spent on this order; the cart starts afresh. An old receipt leaves today's cart alone.
  useEffect(() => {
    if (order && !receipt) forgetAppliedCoupon();
  }, [order, receipt]);

  if (!order) {
    return (
      <section aria-labelledby="thanks-heading" className="container-page max-w-xl py-12">
        <div className="rounded-xl bg-white p-6 text-center shadow-sm">
          <h1 id="thanks-heading" className="text-2xl font-bold">
            {checkoutMessages.orderNotFound}
          </h1>
          <p className="mt-2 text-slate-700">{checkoutMessages.orderNotFoundText}</p>
          <Link to="/" className="btn-primary mt-5">
            Return to Home
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="thanks-heading" className="container-page max-w-3xl py-10">
      <div className="rounded-xl bg-white p-6 shadow-sm print:shadow-none">
        <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">Payment received</p>
        <h1 id="thanks-heading" className="mt-1 text-2xl font-bold sm:text-3xl">
          {receipt ? 'Receipt' : 'Thank you for your purchase!'}
        </h1>
        {receipt ? (
          <p className="mt-2 text-slate-700">
            The confirmation was sent to <EmailAddress address={order.customerEmail} />.
          </p>
        ) : (
          <p className="mt-2 text-slate-700">
            A confirmation email has been sent to <EmailAddress address={order.customerEmail} />. Your exams are
            unlocked now.
          </p>
        )}
        <div className="mt-6">
          <OrderReceipt order={order} />
        </div>
        <div className="mt-8 flex flex-wrap gap-3 print:hidden">
          <Link to="/purchased" className="btn-primary">
            View My Purchases
          </Link>
          <Link to="/" className="btn-secondary">
            Return to Home
          </Link>
          <button type="button" className="btn-secondary" onClick={() => window.print()}>
            Print receipt
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * An address too long for a phone's line breaks before its `@`, so that each part stays whole; only a part
 * longer than a line is broken inside.
 */
function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  return (
    <strong className="wrap-break-word">
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </strong>
  );
}
