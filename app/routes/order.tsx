import { Link, redirect } from 'react-router';
import { checkoutMessages } from '../../shared/checkout-messages.ts';
import { formatPrice } from '../../shared/money.ts';
import { type OrderView } from '../../shared/order.ts';
import { EmptyState } from '../features/dashboard/dashboard.tsx';
import { PaymentStatus } from '../features/orders/order-receipt.tsx';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/order';
import { formatDate } from '../../shared/dates.ts';
import { useTimeZone } from '../lib/time-zone.ts';

export function meta() {
  return [{ title: 'Orders | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

const pageHref = (page: number) => (page > 1 ? `/order?page=${page}` : '/order');

/** decisions.md: the signed-in user's own orders, newest first, a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  // A page number written another way (page=1, page=abc, page=02) goes to the newest orders' address.
  const written = new URL(request.url).searchParams.get('page');
  const page = written !== null && /^[1-9][0-9]{0,4}$/.test(written) ? Number(written) : 1;
  if (written !== null && page === 1) throw redirect(pageHref(1));
  let read;
  try {
    read = await context.services.checkout.orders(user.id, page);
  } catch (error) {
    context.log.error({ err: error }, 'Orders could not be read');
    return {
      orders: [] as OrderView[],
      hasOlder: false,
      page,
      error: checkoutMessages.ordersFailed('the order history is unavailable right now'),
    };
  }
  // Past the last order (a page number typed in): the newest orders instead of an empty page.
  if (read.orders.length === 0 && page > 1) throw redirect(pageHref(1));
  return { ...read, page, error: null };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { orders, hasOlder, page, error } = loaderData;
  return (
    <section aria-labelledby="page-heading" className="container-page py-10">
      <h1 id="page-heading" className="text-3xl font-bold">
        Orders
      </h1>
      {error ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-600 bg-red-50 p-4 text-red-900">
          {error}
        </p>
      ) : orders.length === 0 ? (
        <div className="mt-6 max-w-xl">
          <EmptyState level={2} title={checkoutMessages.noOrders} text="Your orders and receipts will be listed here.">
            <Link to="/exams" className="btn-primary">
              Explore exams
            </Link>
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map((order) => (
            <li key={order.orderId}>
              <article aria-labelledby={`order-${order.orderId}`} className="rounded-xl bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`order-${order.orderId}`} className="font-mono text-base font-semibold break-all">
                    {order.orderId}
                  </h2>
                  <PaymentStatus status={order.paymentStatus} />
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {formatDate(order.createdAt, 'long', timeZone)} · {formatPrice(order.amountTotalCents)}{' '}
                  {order.currency.toUpperCase()}
                  {order.couponCode && ` · coupon ${order.couponCode}`}
                </p>
                <ul className="mt-3 list-disc pl-5 text-sm">
                  {order.items.map((item) => (
                    <li key={item.examId}>
                      {item.description} × {item.quantity}
                    </li>
                  ))}
                </ul>
                <Link
                  to={`/thank-you?session_id=${encodeURIComponent(order.sessionId)}&view=receipt`}
                  className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
                  aria-label={`Receipt for order ${order.orderId}`}
                >
                  View receipt
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
      {(page > 1 || hasOlder) && (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-3">
          {page > 1 && (
            <Link to={pageHref(page - 1)} className="btn-secondary">
              Newer orders
            </Link>
          )}
          <span className="text-sm text-slate-700">Page {page}</span>
          {hasOlder && (
            <Link to={pageHref(page + 1)} className="btn-secondary">
              Older orders
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
