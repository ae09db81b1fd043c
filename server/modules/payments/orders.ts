import type { Kysely } from 'kysely';
import type { OrderView } from '../../../shared/order.ts';
import type { Database } from '../../db/schema.ts';
import { parseLines } from './checkout-lines.ts';

type Db = Kysely<Database>;

/** How many orders one page of the order history lists. */
export const ORDERS_PER_PAGE = 50;

/**
 * A user's orders, newest first, each with its items (at most `limit`, after skipping `offset`); or the one
 * with a given payment session or order id.
 */
export async function ordersOf(
  db: Db,
  userId: string,
  only: { sessionId?: string; orderId?: string } = {},
  window: { limit: number; offset: number } = { limit: ORDERS_PER_PAGE, offset: 0 },
): Promise<OrderView[]> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (only.sessionId !== undefined) query = query.where('session_id', '=', only.sessionId);
  if (only.orderId !== undefined) query = query.where('id', '=', only.orderId);
  const orders = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
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

/**
 * A user's payments still settling (a method that clears later), as orders marked pending: the money is on
 * its way, so the order history says so before the payment clears and the order is written.
 */
export async function settlingOrdersOf(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await db
    .selectFrom('checkouts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('session_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((c) => ({
    orderId: c.order_id,
    sessionId: c.session_id!,
    createdAt: c.created_at,
    paymentStatus: 'pending',
    currency: c.currency,
    amountSubtotalCents: c.subtotal_cents,
    amountDiscountCents: c.discount_cents,
    amountTotalCents: c.total_cents,
    amountReceivedCents: 0,
    customerEmail: c.customer_email,
    customerName: c.customer_name,
    couponCode: c.coupon_code,
    items: parseLines(c.lines_json).map((line) => ({
      examId: line.examId,
      description: line.description,
      quantity: line.quantity,
      unitAmountCents: line.unitAmountCents,
      amountSubtotalCents: line.subtotalCents,
      amountDiscountCents: line.discountCents,
      amountTotalCents: line.totalCents,
    })),
  }));
}
