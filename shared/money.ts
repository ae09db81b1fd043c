/**
 * The smallest card payment: Stripe refuses a US-dollar payment of less than 50 cents. A price is never below
 * it, and a coupon may not leave less than it to pay.
 */
export const MINIMUM_CHARGE_CENTS = 50;

/** Formats integer cents as dollars with two decimals: 2999 → "$29.99". */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
