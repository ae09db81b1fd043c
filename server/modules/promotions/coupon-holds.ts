import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { couponMessages } from '../../../shared/coupon-messages.ts';
import type { Database } from '../../db/schema.ts';

type Trx = Transaction<Database>;

/**
 * A checkout holds one use of its coupon from the moment payment starts: the coupon's count goes up at
 * once, so however many students start paying together, no more can hold it than its usage limit allows.
 * Fulfilment turns the hold into a use; a payment that fails or expires gives it back.
 *
 * The count is raised first, by a conditional update that also asks the coupon to be active and unexpired
 * at this moment (the checks before it ran outside the transaction): on PostgreSQL that locks the coupon's
 * row until the transaction ends, so the per-user count read next cannot race another checkout of it.
 */
export async function holdCoupon(
  trx: Trx,
  input: { code: string; userId: string; checkoutId: string; now: string },
): Promise<string | null> {
  const raised = await trx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1), last_modified: input.now }))
    .where('code', '=', input.code)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', input.now)]))
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  if (Number(raised.numUpdatedRows) === 0) return whyNotHeld(trx, input.code, input.now);
  const coupon = await trx
    .selectFrom('coupons')
    .select(['per_user_limit', 'provider_coupon_id'])
    .where('code', '=', input.code)
    .executeTakeFirstOrThrow();
  const mine = await trx
    .selectFrom('coupon_usages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_code', '=', input.code)
    .where('user_id', '=', input.userId)
    .where('status', 'in', ['reserved', 'used'])
    .executeTakeFirstOrThrow();
  if (Number(mine.n) >= coupon.per_user_limit) return couponMessages.alreadyUsed;
  await trx
    .insertInto('coupon_usages')
    .values({
      id: randomUUID(),
      coupon_code: input.code,
      user_id: input.userId,
      session_id: input.checkoutId,
      provider_coupon_id: coupon.provider_coupon_id,
      status: 'reserved',
      used_at: input.now,
    })
    .execute();
  return null;
}

/**
 * Why a coupon checked a moment ago could not be held: the owner turned it off, its expiry passed, or
 * other checkouts took its last uses while this one waited for the student's row.
 */
async function whyNotHeld(trx: Trx, code: string, now: string): Promise<string> {
  const coupon = await trx
    .selectFrom('coupons')
    .select(['is_active', 'expires_at'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!coupon) return couponMessages.unknown;
  if (coupon.is_active !== 1) return couponMessages.inactive;
  if (coupon.expires_at !== null && coupon.expires_at <= now) return couponMessages.expired;
  return couponMessages.usageLimit;
}

/** Gives a checkout's hold back. Does nothing when there is none (already given back, or used). */
export async function releaseCoupon(trx: Trx, code: string, checkoutId: string, now: string): Promise<void> {
  const released = await trx
    .updateTable('coupon_usages')
    .set({ status: 'released' })
    .where('coupon_code', '=', code)
    .where('session_id', '=', checkoutId)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) === 0) return;
  await trx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1), last_modified: now }))
    .where('code', '=', code)
    .where('used_count', '>', 0)
    .execute();
}

/**
 * Fulfilment's part: the hold becomes a use. A payment that completed after its hold was given back (a
 * provider that took the card just as the session expired) still counts, if the limit leaves room; the
 * student paid the discounted price and keeps it either way.
 */
export async function useCoupon(
  trx: Trx,
  code: string,
  checkoutId: string,
  userId: string,
  now: string,
): Promise<void> {
  const used = await trx
    .updateTable('coupon_usages')
    .set({ status: 'used', used_at: now })
    .where('coupon_code', '=', code)
    .where('session_id', '=', checkoutId)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) > 0) return;
  const existing = await trx
    .selectFrom('coupon_usages')
    .select('status')
    .where('coupon_code', '=', code)
    .where('session_id', '=', checkoutId)
    .executeTakeFirst();
  if (existing?.status === 'used') return;
  await trx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1), last_modified: now }))
    .where('code', '=', code)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .execute();
  if (existing) {
    await trx
      .updateTable('coupon_usages')
      .set({ status: 'used', used_at: now })
      .where('coupon_code', '=', code)
      .where('session_id', '=', checkoutId)
      .execute();
  } else {
    await trx
      .insertInto('coupon_usages')
      .values({
        id: randomUUID(),
        coupon_code: code,
        user_id: userId,
        session_id: checkoutId,
        provider_coupon_id: null,
        status: 'used',
        used_at: now,
      })
      .execute();
  }
}
