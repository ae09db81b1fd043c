/**
 * What the store needs from a card payment provider. Two implement it: the built-in sandbox (default)
 * and Stripe Checkout. Amounts are integer cents; the currency is a lower-case ISO code.
 */
export interface PaymentLine {
  examId: string;
  description: string;
  unitAmountCents: number;
  quantity: number;
}

export interface PaymentRequest {
  orderId: string;
  userId: string;
  customerEmail: string;
  customerName: string;
  currency: string;
  lines: PaymentLine[];
  /** The coupon, when one applies: its code, its id at the provider (for reports) and the discount we computed. */
  discount: { couponCode: string; providerCouponId: string; amountCents: number } | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** open: not paid yet; pending: paid by a method that settles later; failed: declined; expired: given up. */
export type PaymentState = 'open' | 'pending' | 'succeeded' | 'failed' | 'expired';

export interface ProviderPayment {
  sessionId: string;
  /** Our order id, which every session carries in its metadata. */
  orderId: string | null;
  state: PaymentState;
  currency: string;
  amountSubtotalCents: number;
  amountDiscountCents: number;
  amountTotalCents: number;
  paymentId: string | null;
  customerId: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * Origins of the provider's payment pages. Without scripts the cart's form is answered with a redirect to
   * one, which the browser follows only if the pages' `form-action` policy names it.
   */
  readonly pageOrigins: readonly string[];
  createSession(request: PaymentRequest): Promise<{ sessionId: string; url: string }>;
  /** The session as the provider sees it now; null when it does not know the id. */
  retrieve(sessionId: string): Promise<ProviderPayment | null>;
  /** Closes an unpaid session so it can no longer be paid; answers its state afterwards. */
  expire(sessionId: string): Promise<ProviderPayment | null>;
  /**
   * The payment session a notification is about, after checking the provider's signature over the exact
   * bytes received. Throws WebhookSignatureError when the signature does not match.
   */
  webhookSession(rawBody: Buffer, signature: string | undefined): string | null;
}

export class WebhookSignatureError extends Error {
  constructor() {
    super('The notification signature does not match');
  }
}

/** A provider refused or could not answer; the message is the provider's own. */
export class ProviderError extends Error {}
