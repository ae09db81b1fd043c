// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { COUPON_KEEP_MS, forgetAppliedCoupon, readAppliedCoupon, saveAppliedCoupon } from './applied-coupon.ts';

afterEach(() => localStorage.clear());

describe('the applied coupon kept in the browser', () => {
  const appliedAt = Date.parse('2026-11-21T10:00:00.000Z');

  it('comes back for up to 24 hours after it was applied, then is forgotten', () => {
    saveAppliedCoupon('SAVE10', appliedAt);
    expect(JSON.parse(localStorage.getItem('appliedCoupon')!)).toEqual({ code: 'SAVE10', appliedAt });
    expect(readAppliedCoupon(appliedAt + COUPON_KEEP_MS - 1)).toEqual({ code: 'SAVE10', appliedAt });
    expect(readAppliedCoupon(appliedAt + COUPON_KEEP_MS)).toBeNull();
    expect(localStorage.getItem('appliedCoupon')).toBeNull();
  });

  it('treats an unreadable entry as none, and can be removed', () => {
    localStorage.setItem('appliedCoupon', '{broken');
    expect(readAppliedCoupon(appliedAt)).toBeNull();
    saveAppliedCoupon('SAVE10', appliedAt);
    forgetAppliedCoupon();
    expect(readAppliedCoupon(appliedAt)).toBeNull();
  });
});
