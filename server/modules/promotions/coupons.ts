import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  checkCoupon,
  COUPON_MAX_LENGTH,
  COUPON_MIN_LENGTH,
  normaliseCouponCode,
  type CouponCheck,
} from '../../../shared/coupon-rules.ts';
import { couponMessages } from '../../../shared/coupon-messages.ts';
import type { CouponsTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Not in the spec: the student's only use of the coupon is held by a payment still being confirmed. */
export const heldBySettlingPayment =
  'This coupon is held by your payment that is still being confirmed. If that payment fails, you can use it again.';

/** Checks a code for a user and a cart total (cents) against what is stored: spec §5's server-side checks. */
export async function validateCoupon(
  db: Db,
  input: { code: string; userId: string | null; totalCents: number; now: Date },
): Promise<CouponCheck> {
  const code = normaliseCouponCode(input.code);
  const row = code ? await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst() : undefined;
  // The student's uses, and holds of payments still settling: what a new checkout meets (coupon-holds.ts).
  // A hold of a payment page still open is the student's own and not counted, against their limit or the
  // coupon's: starting a new checkout closes that page first and gives the hold back (should the provider
  // fail to close it just then, the checkout refuses after all).
  const mine = input.userId
    ? await db
        .selectFrom('coupon_usages')
        .leftJoin('checkouts', (join) =>
          join
            .onRef('checkouts.order_id', '=', 'coupon_usages.session_id')
            .on('checkouts.status', 'in', ['creating', 'open']),
        )
        .select(['checkouts.order_id as openCheckout', 'coupon_usages.status'])
        .where('coupon_usages.coupon_code', '=', code)
        .where('coupon_usages.user_id', '=', input.userId)
        .where('coupon_usages.status', 'in', ['reserved', 'used'])
        .execute()
    : [];
  const heldByOpenPage = mine.filter((use) => use.openCheckout !== null).length;
  const verdict = checkCoupon(
    row
      ? {
          type: row.type,
          value: row.value,
          isActive: row.is_active === null ? null : row.is_active === 1,
          providerCouponId: row.provider_coupon_id,
          expiresAt: row.expires_at,
          usedCount: row.used_count - heldByOpenPage,
          usageLimit: row.usage_limit,
          perUserLimit: row.per_user_limit,
          maxDiscountCents: row.max_discount_cents,
        }
      : null,
    input.totalCents,
    mine.length - heldByOpenPage,
    input.now,
  );
  // Refused for the student's own uses while none of them is complete: a payment is still settling.
  if (!verdict.ok && verdict.message === couponMessages.alreadyUsed && mine.every((use) => use.status === 'reserved'))
    return { ok: false, message: heldBySettlingPayment };
  return verdict;
}

/** The largest whole number both databases store in an integer column. */
const MAX_INT = 2_147_483_647;
/** An empty option (`--value ""`) is a missing one, not zero. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * A number typed on the command line, in digits only: JavaScript would also read '0x10' as 16 and '1e3' as
 * 1000, which an owner typing cents never means. Blank is missing; anything else is left to be refused.
 */
const inDigits = (v: unknown) => {
  const given = blankAsMissing(v);
  return typeof given === 'string' && /^\d+$/.test(given.trim()) ? Number(given.trim()) : given;
};
const TOO_LARGE = `must be at most ${MAX_INT}`;
const whole = z.number('must be a whole number in digits').int('must be a whole number');

/** What `npm run coupons -- create` accepts; every mistake gets a message naming the option. */
export const newCouponSchema = z
  .object({
    code: z
      .string()
      .transform(normaliseCouponCode)
      .pipe(
        z
          .string()
          .regex(
            new RegExp(`^[A-Z0-9]{${COUPON_MIN_LENGTH},${COUPON_MAX_LENGTH}}$`),
            `must be ${COUPON_MIN_LENGTH}-${COUPON_MAX_LENGTH} letters or digits`,
          ),
      ),
    type: z.enum(['percentage', 'fixed'], 'must be percentage or fixed'),
    value: z.preprocess(
      inDigits,
      z.number('must be a whole number in digits').int('must be a whole number').max(MAX_INT, TOO_LARGE),
    ),
    maxDiscountCents: z.preprocess(
      inDigits,
      whole.min(1, 'must be at least 1 cent').max(MAX_INT, TOO_LARGE).optional(),
    ),
    usageLimit: z.preprocess(inDigits, whole.min(1, 'must be at least 1').max(MAX_INT, TOO_LARGE).optional()),
    perUserLimit: z.preprocess(inDigits, whole.min(1, 'must be at least 1').max(MAX_INT, TOO_LARGE).default(1)),
    expires: z.iso.date('must be a date as YYYY-MM-DD').optional(),
    providerCouponId: z.string().min(1).max(200).optional(),
  })
  .superRefine((c, ctx) => {
    // 0% is a valid stored coupon (spec §5) that saves nothing: not one an owner means to make.
    if (c.type === 'percentage' && (c.value < 1 || c.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percentage must be from 1 to 100' });
    }
    if (c.type === 'percentage' && c.value === 100 && c.maxDiscountCents === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'a 100% coupon needs a maximum discount: with nothing left to pay, no cart could use it',
      });
    }
    if (c.type === 'fixed' && c.value < 1)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a fixed discount must be at least 1 cent' });
    if (c.type === 'fixed' && c.maxDiscountCents !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxDiscountCents'],
        message: 'only a percentage coupon has a maximum discount',
      });
    }
  });

export type NewCoupon = z.output<typeof newCouponSchema>;

export async function createCoupon(
  db: Db,
  coupon: NewCoupon,
  now: Date,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const exists = await db.selectFrom('coupons').select('code').where('code', '=', coupon.code).executeTakeFirst();
  if (exists) return { ok: false, error: `A coupon with the code ${coupon.code} already exists` };
  const iso = now.toISOString();
  const row: CouponsTable = {
    code: coupon.code,
    type: coupon.type,
    value: coupon.value,
    is_active: 1,
    // A label for Stripe's reports, written into each checkout's one-off Stripe coupon (the code by default).
    provider_coupon_id: coupon.providerCouponId ?? coupon.code,
    // A coupon dated YYYY-MM-DD is valid through that day (UTC).
    expires_at: coupon.expires
      ? new Date(Date.parse(`${coupon.expires}T00:00:00.000Z`) + 86_400_000).toISOString()
      : null,
    used_count: 0,
    usage_limit: coupon.usageLimit ?? null,
    per_user_limit: coupon.perUserLimit,
    max_discount_cents: coupon.maxDiscountCents ?? null,
    created_at: iso,
    last_modified: iso,
  };
  await db.insertInto('coupons').values(row).execute();
  return { ok: true };
}

export function listCoupons(db: Db) {
  return db.selectFrom('coupons').selectAll().orderBy('code').execute();
}

/** Turns a coupon off, or back on (`active`); false when no coupon has the code. */
export async function setCouponActive(db: Db, rawCode: string, active: boolean, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ is_active: active ? 1 : 0, last_modified: now.toISOString() })
    .where('code', '=', normaliseCouponCode(rawCode))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
