import type { Kysely } from 'kysely';
import type { OrderView } from '../../../shared/order.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A user's orders, newest first, each with its items; or the one with a given payment session or order id. */
export async function ordersOf(
  db: Db,
  userId: string,
  only: { sessionId?: string; orderId?: string } = {},
): Promise<OrderView[]> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (only.sessionId !== undefined) query = query.where('session_id', '=', only.sessionId);
  if (only.orderId !== undefined) query = query.where('id', '=', only.orderId);
  const orders = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('position')
    .execute();
  return orders.map((order) => ({
    orderId: order.id,
    sessionId: order.session_id,
    createdAt: order.created_at,
    paymentStatus: order.payment_status,
    currency: order.currency,
    amountSubtotalCents: order.amount_subtotal_cents,
    amountDiscountCents: order.amount_discount_cents,
    amountTotalCents: order.amount_total_cents,
    amountReceivedCents: order.amount_received_cents,
    customerEmail: order.customer_email,
    customerName: order.customer_name,
    couponCode: order.coupon_code,
    items: items
      .filter((i) => i.order_id === order.id)
      .map((i) => ({
        examId: i.exam_id,
        description: i.description,
        quantity: i.quantity,
        unitAmountCents: i.unit_amount_cents,
        amountSubtotalCents: i.amount_subtotal_cents,
        amountDiscountCents: i.amount_discount_cents,
        amountTotalCents: i.amount_total_cents,
      })),
  }));
}
