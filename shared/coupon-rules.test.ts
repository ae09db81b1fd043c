import { describe, expect, it } from 'vitest';
import { checkCoupon, couponEntryProblem, normaliseCouponCode, type StoredCoupon } from './coupon-rules.ts';

const entry = { code: 'SAVE10', itemCount: 1, totalCents: 2999, applied: false };

describe('coupon entry checks, in the spec order', () => {
  it.each([
    [{ code: '   ' }, 'Please enter a coupon code'],
    [{ code: 'SAVE-10' }, 'Coupon code can only contain letters and numbers'],
    [{ code: 'ÉTÉ2026' }, 'Coupon code can only contain letters and numbers'],
    [{ code: 'abc' }, 'Coupon code must be at least 4 characters'],
    [{ code: 'a'.repeat(21) }, 'Coupon code cannot exceed 20 characters'],
    [{ itemCount: 0 }, 'Add items to cart before applying a coupon'],
    [{ totalCents: 0 }, 'Cart total must be greater than 0'],
    [{ applied: true }, 'Please remove the current coupon before applying a new one'],
    // The first failing check wins: a bad code on an empty cart reports the code.
    [{ code: 'ab', itemCount: 0, applied: true }, 'Coupon code must be at least 4 characters'],
  ])('%j → %s', (change, message) => expect(couponEntryProblem({ ...entry, ...change })).toBe(message));

  it('accepts 4 and 20 characters, after trimming and upper-casing', () => {
    expect(couponEntryProblem({ ...entry, code: ' save ' })).toBeNull();
    expect(couponEntryProblem({ ...entry, code: 'a'.repeat(20) })).toBeNull();
    expect(normaliseCouponCode('  save10 ')).toBe('SAVE10');
  });
});

const percent: StoredCoupon = {
  type: 'percentage',
  value: 10,
  isActive: true,
  providerCouponId: 'stripe_10',
  expiresAt: null,
  usedCount: 0,
  usageLimit: null,
  perUserLimit: null,
  maxDiscountCents: null,
};
const now = new Date('2026-11-21T12:00:00.000Z');

describe('coupon checks against stored data, in the spec order', () => {
  it.each([
    ['a negative total', percent, -1, 0, 'Invalid input parameters'],
    ['an unknown code', null, 2999, 0, 'Invalid coupon code'],
    ['a missing type', { ...percent, type: null }, 2999, 0, 'Invalid coupon configuration'],
    ['a missing value', { ...percent, value: null }, 2999, 0, 'Invalid coupon configuration'],
    ['a missing active flag', { ...percent, isActive: null }, 2999, 0, 'Invalid coupon configuration'],
    ['a missing provider coupon id', { ...percent, providerCouponId: null }, 2999, 0, 'Invalid coupon configuration'],
    ['an inactive coupon', { ...percent, isActive: false }, 2999, 0, 'Coupon is no longer active'],
    ['an expiry now', { ...percent, expiresAt: now.toISOString() }, 2999, 0, 'Coupon has expired'],
    ['a used-up coupon', { ...percent, usedCount: 10, usageLimit: 10 }, 2999, 0, 'Coupon usage limit reached'],
    ['a second use by the same user (default limit 1)', percent, 2999, 1, 'You have already used this coupon'],
    ['a percentage over 100', { ...percent, value: 101 }, 2999, 0, 'Invalid discount percentage'],
    ['a negative percentage', { ...percent, value: -5 }, 2999, 0, 'Invalid discount percentage'],
    ['a negative fixed amount', { ...percent, type: 'fixed', value: -100 }, 2999, 0, 'Invalid fixed discount amount'],
    ['an unknown type', { ...percent, type: 'bogus' }, 2999, 0, 'Invalid coupon type'],
    ['100 percent', { ...percent, value: 100 }, 2999, 0, 'Discount cannot exceed cart total'],
    [
      'a fixed amount equal to the total',
      { ...percent, type: 'fixed', value: 2999 },
      2999,
      0,
      'Discount cannot exceed cart total',
    ],
    [
      'a fixed amount above the total',
      { ...percent, type: 'fixed', value: 5000 },
      2999,
      0,
      'Discount cannot exceed cart total',
    ],
    ['a discount that rounds up to the total', { ...percent, value: 60 }, 1, 0, 'Discount cannot exceed cart total'],
    [
      'a fixed amount leaving 49 cents, under the smallest card payment',
      { ...percent, type: 'fixed', value: 2950 },
      2999,
      0,
      'Discount cannot leave less than $0.50 to pay, the smallest card payment',
    ],
    [
      'a percentage leaving 30 cents',
      { ...percent, value: 99 },
      2999,
      0,
      'Discount cannot leave less than $0.50 to pay, the smallest card payment',
    ],
  ] as const)('refuses %s', (_why, coupon, total, uses, message) => {
    expect(checkCoupon(coupon as StoredCoupon | null, total, uses, now)).toEqual({ ok: false, message });
  });

  it.each([
    ['10 percent, rounded to cents', percent, 2999, 300, '$3.00'],
    ['0 percent', { ...percent, value: 0 }, 2999, 0, '$0.00'],
    ['a percentage capped by its maximum', { ...percent, value: 50, maxDiscountCents: 1000 }, 2999, 1000, '$10.00'],
    ['a fixed amount under the total', { ...percent, type: 'fixed', value: 500 }, 2999, 500, '$5.00'],
    ['a fixed amount leaving exactly 50 cents', { ...percent, type: 'fixed', value: 2949 }, 2999, 2949, '$29.49'],
    [
      'one cent under its expiry',
      { ...percent, expiresAt: new Date(now.getTime() + 1).toISOString() },
      2999,
      300,
      '$3.00',
    ],
    ['a coupon under its usage limit', { ...percent, usedCount: 9, usageLimit: 10 }, 2999, 300, '$3.00'],
  ] as const)('applies %s', (_why, coupon, total, discountCents, amount) => {
    expect(checkCoupon(coupon as StoredCoupon, total, 0, now)).toEqual({
      ok: true,
      discountCents,
      message: `Coupon applied successfully! You saved ${amount}`,
    });
  });

  it('allows more uses per user when the coupon says so', () => {
    expect(checkCoupon({ ...percent, perUserLimit: 3 }, 2999, 2, now)).toMatchObject({ ok: true });
    expect(checkCoupon({ ...percent, perUserLimit: 3 }, 2999, 3, now)).toMatchObject({
      ok: false,
      message: 'You have already used this coupon',
    });
  });
});
