import Stripe from 'stripe';
import {
  ProviderError,
  WebhookSignatureError,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentState,
  type ProviderPayment,
} from './provider.ts';

/** Where Stripe Checkout's hosted pages are (a Checkout custom domain would add its own). */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests), e.g. http://127.0.0.1:12111. */
  apiUrl?: string;
}

function stateOf(session: Stripe.Checkout.Session): PaymentState {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'succeeded';
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') {
    // Complete but unpaid: a payment method that settles later (a bank debit). The session looks the same
    // whether it is still settling or has failed; only its payment intent tells them apart.
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    if (intent && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) return 'failed';
    return 'pending';
  }
  return 'open';
}

function paymentOf(session: Stripe.Checkout.Session): ProviderPayment {
  const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));
  return {
    sessionId: session.id,
    orderId: session.metadata?.orderId ?? null,
    state: stateOf(session),
    // No currency reported is none, so it matches no checkout's: fulfilment checks what was paid.
    currency: session.currency ?? '',
    amountSubtotalCents: session.amount_subtotal ?? 0,
    amountDiscountCents: session.total_details?.amount_discount ?? 0,
    amountTotalCents: session.amount_total ?? 0,
    paymentId: idOf(session.payment_intent),
    customerId: idOf(session.customer),
  };
}

/** Stripe Checkout through the official SDK. Prices and the discount are ours; Stripe collects the card. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? '80' : '443'),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) throw new ProviderError(error.message);
      throw error;
    }
  }

  async function retrieve(sessionId: string): Promise<ProviderPayment | null> {
    try {
      return paymentOf(await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      if (error instanceof Stripe.errors.StripeError) throw new ProviderError(error.message);
      throw error;
    }
  }

  /**
   * The discount as a coupon of its own for this one checkout, for exactly the amount the store worked out.
   * A Stripe coupon has no cap, so the store's own coupon in Stripe would take 50 % of $100 where the store
   * caps it at $10; and Stripe rounds percentages its own way. The store's coupon is named in the metadata.
   */
  async function discountCoupon({ discount, currency, orderId }: PaymentRequest) {
    if (!discount || discount.amountCents <= 0) return null;
    return call(() =>
      stripe.coupons.create(
        {
          amount_off: discount.amountCents,
          currency,
          duration: 'once',
          max_redemptions: 1,
          name: discount.couponCode,
          metadata: { orderId, couponCode: discount.couponCode, providerCouponId: discount.providerCouponId },
        },
        { idempotencyKey: `coupon-${orderId}` },
      ),
    );
  }

  return {
    name: 'stripe',
    pageOrigins: [STRIPE_CHECKOUT_ORIGIN],

    async createSession(request) {
      const coupon = await discountCoupon(request);
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: request.lines.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency: request.currency,
                unit_amount: line.unitAmountCents,
                product_data: { name: line.description, metadata: { examId: line.examId } },
              },
            })),
            ...(coupon && { discounts: [{ coupon: coupon.id }] }),
            customer_email: request.customerEmail,
            client_reference_id: request.userId,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            metadata: {
              orderId: request.orderId,
              userId: request.userId,
              customerEmail: request.customerEmail,
              customerName: request.customerName,
              couponCode: request.discount?.couponCode ?? '',
              discountCents: String(request.discount?.amountCents ?? 0),
            },
          },
          // A retried request never makes a second session for the same order.
          { idempotencyKey: `checkout-${request.orderId}` },
        ),
      );
      if (!session.url) throw new ProviderError('Stripe returned no payment page');
      return { sessionId: session.id, url: session.url };
    },

    retrieve,

    async expire(sessionId) {
      const current = await retrieve(sessionId);
      if (!current || current.state !== 'open') return current;
      try {
        return paymentOf(await call(() => stripe.checkout.sessions.expire(sessionId)));
      } catch (error) {
        // Paid between the two calls: Stripe expires open sessions only, and what it became is the answer.
        const after = await retrieve(sessionId);
        if (after && after.state !== 'open') return after;
        throw error;
      }
    },

    webhookSession(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      if (!event.type.startsWith('checkout.session.')) return null;
      return (event.data.object as { id: string }).id;
    },
  };
}
