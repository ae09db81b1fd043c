import { formatPrice } from '../../../shared/money.ts';
import { formatDate } from '../../../shared/dates.ts';
import { type OrderView } from '../../../shared/order.ts';
import type { Mail } from '../mail/mailer.ts';

/** The order confirmation: what was bought, what was paid, and where to find it, dated in the student's zone. */
export function orderConfirmationMail(order: OrderView, baseUrl: string, timeZone = 'UTC'): Mail {
  const lines = order.items.map(
    (item) => `- ${item.description} × ${item.quantity}: ${formatPrice(item.amountSubtotalCents)}`,
  );
  return {
    to: order.customerEmail,
    subject: `Your PracticePass order ${order.orderId}`,
    text: [
      `Hello ${order.customerName},`,
      '',
      'Thank you for your purchase. Your practice tests are unlocked and ready:',
      '',
      `${baseUrl}/purchased`,
      '',
      `Order: ${order.orderId}`,
      `Date: ${formatDate(order.createdAt, 'long', timeZone)}`,
      '',
      ...lines,
      ...(order.amountDiscountCents > 0
        ? [`Discount${order.couponCode ? ` (${order.couponCode})` : ''}: -${formatPrice(order.amountDiscountCents)}`]
        : []),
      `Total paid: ${formatPrice(order.amountTotalCents)} ${order.currency.toUpperCase()}`,
      '',
      'Access to each exam lasts one year from today. Your receipt is always in your orders:',
      `${baseUrl}/order`,
      '',
      'PracticePass',
    ].join('\n'),
  };
}
