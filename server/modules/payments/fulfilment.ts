import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { accessEnds } from '../../../shared/progress.ts';
import { lockUser } from '../../db/row-locks.ts';
import type { CheckoutsTable, Database } from '../../db/schema.ts';
import { accessStarts } from '../practice/access.ts';
import { releaseCoupon, useCoupon } from '../promotions/coupon-holds.ts';
import { parseLines } from './checkout-lines.ts';
import type { ProviderPayment } from './provider.ts';

type Db = Kysely<Database>;

/**
 * What one call did: `fulfilled`, the order is made; `done`, an earlier call had made it (or there is no
 * such checkout); `mismatch`, the payment is not what the checkout was priced at, and the checkout is held;
 * `held`, an earlier call had held it.
 */
export type Fulfilment = 'fulfilled' | 'done' | 'mismatch' | 'held';

/**
 * Whether the provider took exactly what the store priced: the checkout's total, in integer cents, in its
 * currency (an ISO code; Stripe and the sandbox report it in lower case, as the store keeps it).
 */
function paidAsPriced(
  checkout: Pick<CheckoutsTable, 'total_cents' | 'currency'>,
  payment: Pick<ProviderPayment, 'amountTotalCents' | 'currency'>,
): boolean {
  return (
    payment.amountTotalCents === checkout.total_cents &&
    payment.currency.toLowerCase() === checkout.currency.toLowerCase()
  );
}

/**
 * Turns a paid checkout into an order, in one transaction: a purchase per item (valid for the exam's
 * validity days times the quantity bought, from when any access the student has to the exam ends), the coupon's use, the order and its items, the student's lastOrderAt, and the bought
 * exams taken out of the cart. Runs exactly once per checkout however often, and however concurrently,
 * it is called: the first statement locks the checkout's row (PostgreSQL; SQLite runs one transaction at a
 * time), and a completed checkout is left as it is.
 *
 * A payment of another amount or currency than the checkout's total grants nothing: the checkout is held
 * as `mismatch` for support, and its coupon hold is given back, since no order used it.
 */
export async function fulfil(db: Db, orderId: string, payment: ProviderPayment, now: Date): Promise<Fulfilment> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('checkouts').set({ updated_at: at }).where('order_id', '=', orderId).execute();
    const checkout = await trx.selectFrom('checkouts').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    if (!checkout || checkout.status === 'complete') return 'done';
    if (checkout.status === 'mismatch') return 'held';
    // The student's row before the coupon's, in the order a start takes them (checkout.ts), so a start
    // of the same student with the same coupon, at the same moment, waits for this rather than deadlocks.
    await lockUser(trx, checkout.user_id);
    if (!paidAsPriced(checkout, payment)) {
      await trx
        .updateTable('checkouts')
        .set({ status: 'mismatch', updated_at: at })
        .where('order_id', '=', orderId)
        .execute();
      if (checkout.coupon_code) await releaseCoupon(trx, checkout.coupon_code, orderId, at);
      return 'mismatch';
    }

    const lines = parseLines(checkout.lines_json);
    const exams = await trx
      .selectFrom('exams')
      .select(['id', 'validity_days'])
      .where(
        'id',
        'in',
        lines.map((l) => l.examId),
      )
      .execute();
    const validity = new Map(exams.map((e) => [e.id, e.validity_days]));
    const accessFrom = await accessStarts(
      trx,
      checkout.user_id,
      lines.map((l) => l.examId),
      at,
    );

    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        user_id: checkout.user_id,
        session_id: payment.sessionId,
        payment_id: payment.paymentId,
        provider_customer_id: payment.customerId,
        payment_status: 'succeeded',
        currency: payment.currency,
        amount_subtotal_cents: checkout.subtotal_cents,
        amount_discount_cents: checkout.discount_cents,
        amount_total_cents: checkout.total_cents,
        // What the provider actually took: the total, or the checkout would have been held above.
        amount_received_cents: payment.amountTotalCents,
        customer_email: checkout.customer_email,
        customer_name: checkout.customer_name,
        coupon_code: checkout.coupon_code,
        confirmation_claimed_at: null,
        confirmation_sent_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto('order_items')
      .values(
        lines.map((line, position) => ({
          order_id: orderId,
          position,
          exam_id: line.examId,
          description: line.description,
          quantity: line.quantity,
          unit_amount_cents: line.unitAmountCents,
          amount_subtotal_cents: line.subtotalCents,
          amount_discount_cents: line.discountCents,
          amount_total_cents: line.totalCents,
        })),
      )
      .execute();
    await trx
      .insertInto('purchases')
      .values(
        lines.map((line) => ({
          id: randomUUID(),
          user_id: checkout.user_id,
          exam_id: line.examId,
          title: line.description,
          category: line.category,
          price_cents: line.unitAmountCents,
          quantity: line.quantity,
          total_amount_cents: line.totalCents,
          session_id: payment.sessionId,
          order_id: orderId,
          status: 'active' as const,
          purchase_date: at,
          // Each unit is one access period: two of a 365-day exam give 730 days.
          expires_at: accessEnds(
            accessFrom(line.examId),
            (validity.get(line.examId) ?? 365) * line.quantity,
          ).toISOString(),
          last_access_date: null,
          updated_at: at,
        })),
      )
      .execute();
    if (checkout.coupon_code) await useCoupon(trx, checkout.coupon_code, orderId, checkout.user_id, at);
    await trx.updateTable('users').set({ lastOrderAt: at }).where('id', '=', checkout.user_id).execute();
    await trx
      .deleteFrom('cart_items')
      .where('user_id', '=', checkout.user_id)
      .where(
        'exam_id',
        'in',
        lines.map((l) => l.examId),
      )
      .execute();
    await trx
      .updateTable('checkouts')
      .set({ status: 'complete', session_id: payment.sessionId, updated_at: at })
      .where('order_id', '=', orderId)
      .execute();
    return 'fulfilled';
  });
}
