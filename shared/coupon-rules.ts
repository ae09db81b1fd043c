import { couponMessages as m } from './coupon-messages.ts';
import { formatPrice, MINIMUM_CHARGE_CENTS } from './money.ts';

export const COUPON_MIN_LENGTH = 4;
export const COUPON_MAX_LENGTH = 20;

/** Spec §5: a code is trimmed and upper-cased before anything else. */
export function normaliseCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export interface CouponEntry {
  code: string;
  itemCount: number;
  totalCents: number;
  /** A coupon is already applied to this cart. */
  applied: boolean;
}

/**
 * The entry checks of spec §5, in its order. The browser runs them for instant feedback and the server
 * runs them again; both use this function. Returns the message, or null when the code may be checked.
 */
export function couponEntryProblem(entry: CouponEntry): string | null {
  const code = normaliseCouponCode(entry.code);
  if (code === '') return m.empty;
  if (!/^[A-Z0-9]+$/.test(code)) return m.notAlphanumeric;
  if (code.length < COUPON_MIN_LENGTH) return m.tooShort;
  if (code.length > COUPON_MAX_LENGTH) return m.tooLong;
  if (entry.itemCount === 0) return m.emptyCart;
  if (entry.totalCents <= 0) return m.zeroTotal;
  if (entry.applied) return m.alreadyApplied;
  return null;
}

/** A coupon as stored; any field may be missing on a badly configured one. */
export interface StoredCoupon {
  type: string | null;
  /** Whole percent for a percentage coupon; cents for a fixed one. */
  value: number | null;
  isActive: boolean | null;
  providerCouponId: string | null;
  expiresAt: string | null;
  usedCount: number;
  usageLimit: number | null;
  perUserLimit: number | null;
  maxDiscountCents: number | null;
}

export type CouponCheck = { ok: true; discountCents: number; message: string } | { ok: false; message: string };

/**
 * The stored-data checks of spec §5, in its order, and the discount in cents (rounded before it is compared
 * with the total). A coupon expires at its expiry instant. `userUses` is how often this user has already used the coupon.
 */
export function checkCoupon(coupon: StoredCoupon | null, totalCents: number, userUses: number, now: Date): CouponCheck {
  if (!Number.isInteger(totalCents) || totalCents < 0 || !Number.isInteger(userUses) || userUses < 0) {
    return { ok: false, message: m.invalidInput };
  }
  if (!coupon) return { ok: false, message: m.unknown };
  if (!coupon.type || coupon.value === null || coupon.isActive === null || !coupon.providerCouponId) {
    return { ok: false, message: m.misconfigured };
  }
  if (!coupon.isActive) return { ok: false, message: m.inactive };
  if (coupon.expiresAt && new Date(coupon.expiresAt).getTime() <= now.getTime())
    return { ok: false, message: m.expired };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return { ok: false, message: m.usageLimit };
  if (userUses >= (coupon.perUserLimit ?? 1)) return { ok: false, message: m.alreadyUsed };

  let discount: number;
  if (coupon.type === 'percentage') {
    if (coupon.value < 0 || coupon.value > 100) return { ok: false, message: m.badPercentage };
    discount = (totalCents * coupon.value) / 100;
    if (coupon.maxDiscountCents !== null) discount = Math.min(discount, coupon.maxDiscountCents);
  } else if (coupon.type === 'fixed') {
    if (coupon.value < 0) return { ok: false, message: m.badFixed };
    discount = Math.min(coupon.value, totalCents);
  } else {
    return { ok: false, message: m.badType };
  }
  // Rounded to cents first, so a discount can never round up to the whole total.
  const discountCents = Math.round(discount);
  if (discountCents >= totalCents) return { ok: false, message: m.exceedsTotal };
  if (totalCents - discountCents < MINIMUM_CHARGE_CENTS) return { ok: false, message: m.belowMinimumCharge };
  return { ok: true, discountCents, message: m.applied(formatPrice(discountCents)) };
}
