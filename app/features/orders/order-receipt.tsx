import { Link } from 'react-router';
import { checkoutMessages } from '../../../shared/checkout-messages.ts';
import { formatPrice } from '../../../shared/money.ts';
import { type OrderView } from '../../../shared/order.ts';
import { formatDate } from '../../../shared/dates.ts';
import { useTimeZone } from '../../lib/time-zone.ts';

const statusStyles: Record<string, string> = {
  succeeded: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
};

export function PaymentStatus({ status }: { status: string }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-sm font-semibold capitalize ${statusStyles[status] ?? 'bg-slate-100'}`}
    >
      {status}
    </span>
  );
}

/** An order's summary and items: the thank-you page and the printed receipt. Amounts arrive in cents. */
export function OrderReceipt({ order }: { order: OrderView }) {
  const timeZone = useTimeZone();
  const currency = order.currency.toUpperCase();
  return (
    <>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Order ID</dt>
          <dd className="font-mono font-medium break-all">{order.orderId}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Order Date</dt>
          <dd className="font-medium">{formatDate(order.createdAt, 'long', timeZone)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Payment Status</dt>
          <dd>
            <PaymentStatus status={order.paymentStatus} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Amount Paid</dt>
          <dd className="font-medium">{formatPrice(order.amountReceivedCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Currency</dt>
          <dd className="font-medium">{currency}</dd>
        </div>
        {order.couponCode && (
          <div>
            <dt className="text-slate-600">Coupon Applied</dt>
            <dd className="font-medium">{order.couponCode}</dd>
          </div>
        )}
      </dl>

      <h2 className="mt-6 text-lg font-semibold">Items</h2>
      {order.items.length === 0 ? (
        <p className="mt-2 text-slate-700">{checkoutMessages.noItems}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 font-medium">
                Description
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {/* On a phone a short word leaves the description its width; the column's name is read whole. */}
                <span aria-hidden="true" className="sm:hidden">
                  Qty
                </span>
                <span className="max-sm:sr-only">Quantity</span>
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.examId} className="border-b border-slate-100">
                <td className="py-2 pr-2">
                  {/* Straight on to what was bought. */}
                  <Link to={`/exam/${item.examId}/practice-tests`} className="text-link">
                    {item.description}
                  </Link>
                </td>
                <td className="py-2 text-right">{item.quantity}</td>
                <td className="py-2 pl-3 text-right whitespace-nowrap">{formatPrice(item.amountSubtotalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {order.amountDiscountCents > 0 && (
              <tr className="text-emerald-800">
                <th scope="row" colSpan={2} className="py-2 text-right font-medium">
                  Discount{order.couponCode ? ` (${order.couponCode})` : ''}
                </th>
                <td className="py-2 pl-3 text-right whitespace-nowrap">-{formatPrice(order.amountDiscountCents)}</td>
              </tr>
            )}
            <tr className="text-base font-bold">
              <th scope="row" colSpan={2} className="py-2 text-right">
                Total
              </th>
              <td className="py-2 pl-3 text-right whitespace-nowrap">
                {formatPrice(order.amountTotalCents)} {currency}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </>
  );
}
