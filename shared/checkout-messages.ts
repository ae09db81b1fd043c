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

export type FailureReason = keyof typeof failureReasons;

export function failureText(code: string | null): string {
  return code !== null && Object.hasOwn(failureReasons, code)
    ? failureReasons[code as FailureReason]
    : checkoutMessages.notCompleted;
}
