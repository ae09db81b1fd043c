import { describe, expect, it } from 'vitest';
import { newOrderId, ORDER_ID_PATTERN, splitDiscount } from './order.ts';
import { failureText } from './checkout-messages.ts';

describe('order ids', () => {
  it('are ORD-, the time in milliseconds and eight upper-case letters', () => {
    const id = newOrderId(new Date('2026-11-21T10:00:00Z'), (n) => Uint8Array.from({ length: n }, (_, i) => i * 27));
    expect(id).toBe('ORD-1795255200000ABCDEFGH');
    expect(ORDER_ID_PATTERN.test(id)).toBe(true);
  });
});

describe('splitting a discount over lines', () => {
  it('adds up to the discount exactly and follows the line amounts', () => {
    expect(splitDiscount([1000, 2000, 3000], 600)).toEqual([100, 200, 300]);
    expect(splitDiscount([999, 999, 999], 100)).toEqual([34, 33, 33]);
    expect(splitDiscount([2999], 500)).toEqual([500]);
  });

  it('gives nothing when there is no discount', () => {
    expect(splitDiscount([1000, 500], 0)).toEqual([0, 0]);
  });

  it('never gives a line more than its amount', () => {
    const parts = splitDiscount([1, 9999], 9999);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(9999);
    expect(parts[0]).toBeLessThanOrEqual(1);
  });
});

describe('order failure reasons', () => {
  it('shows only known reasons', () => {
    expect(failureText('no-session')).toBe('No session ID found');
    expect(failureText('<script>')).toBe('Payment was not completed');
    expect(failureText(null)).toBe('Payment was not completed');
  });

  it('takes no name every object inherits for a reason', () => {
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(failureText(inherited)).toBe('Payment was not completed');
    }
  });
});
