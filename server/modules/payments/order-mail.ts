import { formatPrice } from '../../../shared/money.ts';
import { formatDate } from '../../../shared/dates.ts';
import { type OrderView } from '../../../shared/order.ts';
import type { Mail } from '../mail/mailer.ts';

/**
 * The order confirmation: what was bought, until when each exam is open, what was paid, and where to find
 * it, dated in the student's zone. `accessUntil` maps each exam to the end of its access.
 */
export function orderConfirmationMail(
  order: OrderView,
  baseUrl: string,
  accessUntil: Map<string, string>,
  timeZone = 'UTC',
): Mail {
  const until = (examId: string) => {
    const end = accessUntil.get(examId);
    return end ? `, access until ${formatDate(end, 'long', timeZone)}` : '';
  };
  const lines = order.items.map(
    (item) => `- ${item.description} × ${item.quantity}: ${formatPrice(item.amountSubtotalCents)}${until(item.examId)}`,
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
      'Your receipt is always in your orders:',
      `${baseUrl}/order`,
      '',
      'PracticePass',
    ].join('\n'),
  };
}
