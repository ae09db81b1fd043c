/** An order as its owner sees it: the thank-you page, the receipt and the order list. Amounts in cents. */
export interface OrderItemView {
  examId: string;
  description: string;
  quantity: number;
  unitAmountCents: number;
  amountSubtotalCents: number;
  amountDiscountCents: number;
  amountTotalCents: number;
}

export interface OrderView {
  orderId: string;
  sessionId: string;
  createdAt: string;
  paymentStatus: string;
  currency: string;
  amountSubtotalCents: number;
  amountDiscountCents: number;
  amountTotalCents: number;
  amountReceivedCents: number;
  customerEmail: string;
  customerName: string;
  couponCode: string | null;
  items: OrderItemView[];
}

/**
 * What the browser is told about a payment it waits for. `mismatch`: paid, but not the amount or currency
 * the store priced, so nothing was granted and support must look at it.
 */
export type PaymentOutcome = 'succeeded' | 'pending' | 'failed' | 'not-found' | 'mismatch';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Spec §3: 'ORD-' + timestamp + 8 random upper-case characters, e.g. ORD-1795000000000QWERTYUI. */
export function newOrderId(now: Date, random: (n: number) => Uint8Array): string {
  const bytes = random(8);
  let suffix = '';
  for (const byte of bytes) suffix += LETTERS[byte % LETTERS.length];
  return `ORD-${now.getTime()}${suffix}`;
}

export const ORDER_ID_PATTERN = /^ORD-\d{10,16}[A-Z]{8}$/;

/**
 * Splits a discount over lines in proportion to their amounts, in whole cents, so the parts add up to the
 * discount exactly (largest remainders get the odd cents; ties go to the earlier line).
 */
export function splitDiscount(lineAmounts: number[], discountCents: number): number[] {
  const total = lineAmounts.reduce((a, b) => a + b, 0);
  if (total <= 0 || discountCents <= 0) return lineAmounts.map(() => 0);
  const exact = lineAmounts.map((amount) => (amount * discountCents) / total);
  const parts = exact.map(Math.floor);
  let left = discountCents - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}
