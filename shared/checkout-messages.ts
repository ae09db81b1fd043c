/** Checkout, payment verification and orders (spec §8), word for word. */
export const checkoutMessages = {
  error: (message: string) => `An error occurred: ${message}`,
  processing: 'Error processing checkout',
  notAuthenticated: 'User is not authenticated',
  sessionNotFound: 'Checkout session not found',
  noSessionId: 'No session ID found',
  verifyFailed: 'Failed to verify payment',
  notCompleted: 'Payment was not completed',
  completed: 'Payment completed successfully! Thank you for your purchase.',
  loadingOrder: 'Loading order details...',
  noItems: 'No items found in this order.',
  orderNotFound: 'Order Details Not Found',
  orderNotFoundText: "We couldn't find information about your order.",
  noOrders: 'No Orders Found',
  ordersFailed: (message: string) => `Failed to load orders: ${message}`,
  emptyCart: 'Your cart is empty.',
  payingElsewhere: 'Your cart went to payment in another tab or window. Pay there, or proceed to payment again here.',
  stillSettling: (titles: string) =>
    `Your payment for ${titles} is still being confirmed. Access follows as soon as it clears: there is no need to pay again.`,
} as const;

/**
 * Why a payment did not go through, as a code in the failure page's address. Only these texts are shown,
 * so a crafted link cannot put words of its own on the page.
 */
export const failureReasons = {
  'not-completed': checkoutMessages.notCompleted,
  cancelled: 'Payment was cancelled. Your cart is just as you left it.',
  'no-session': checkoutMessages.noSessionId,
  'not-found': checkoutMessages.sessionNotFound,
  'verify-failed': checkoutMessages.verifyFailed,
} as const;

/**
 * What the failure page says under 'Failed to verify payment' for a payment taken for another amount or
 * currency than the store priced (`reason=mismatch`, decision 0009): charged, yet nothing unlocked. Read by
 * the page's loader alone, so no page's script carries it.
 */
export const mismatchExplanation =
  "The amount taken for this payment is not your order's total, so your exams are not unlocked and your cart is kept. Please contact support before paying again: we will put it right, by unlocking your exams or refunding the payment.";

/**
 * What the failure page says under 'Checkout session not found' when a cancel link is followed from an account
 * other than the one that opened the payment page (`reason=other-account`): whether it was paid is that
 * account's to know, so the page says neither "charged" nor "not charged". Read by the page's loader alone.
 */
export const otherAccountExplanation =
  'This payment page was opened from another account. If you paid on it, your order and your exams are in that account: log in with it to see them.';

export type FailureReason = keyof typeof failureReasons;

export function failureText(code: string | null): string {
  return code !== null && Object.hasOwn(failureReasons, code)
    ? failureReasons[code as FailureReason]
    : checkoutMessages.notCompleted;
}
