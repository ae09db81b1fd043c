import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SandboxPaymentsTable } from '../../db/schema.ts';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentState,
  type ProviderPayment,
} from './provider.ts';
import { cardDetailsProblem, cardOutcome } from './sandbox-cards.ts';

type Db = Kysely<Database>;

/** How a notification reaches the store: over HTTP in the running server, directly in tests. */
export type Deliver = (body: string, signature: string) => Promise<void>;

export interface SandboxOptions {
  db: Db;
  baseUrl: string;
  /** Signs notifications; the store's webhook checks it. */
  secret: string;
  deliver: Deliver;
  /** Seconds a pending payment takes to settle. */
  settleSeconds: number;
  clock: () => Date;
}

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
const TOLERANCE_SECONDS = 300;

const STATES: Record<SandboxPaymentsTable['status'], PaymentState> = {
  open: 'open',
  processing: 'pending',
  paid: 'succeeded',
  declined: 'failed',
  expired: 'expired',
};

export interface SandboxPage {
  id: string;
  state: PaymentState;
  email: string;
  currency: string;
  lines: { description: string; quantity: number; amountCents: number }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  cancelUrl: string;
}

/** A refusal names the field it is about (card, expiry or cvc) where there is one. */
export type PayResult =
  { ok: true; redirectTo: string } | { ok: false; error: string; field?: 'card' | 'expiry' | 'cvc' };

export function signSandboxBody(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * The built-in card processor in test mode: a hosted payment page on this server, test card numbers that
 * succeed, are declined or settle later, and signed notifications sent to the store's webhook the way a
 * real provider sends them. Its records live in its own table, apart from the store's.
 */
export function createSandboxProvider(options: SandboxOptions) {
  const { db, clock } = options;
  const now = () => clock().toISOString();

  function view(row: SandboxPaymentsTable): ProviderPayment {
    return {
      sessionId: row.id,
      orderId: row.order_id,
      state: STATES[row.status],
      currency: row.currency,
      amountSubtotalCents: row.amount_subtotal_cents,
      amountDiscountCents: row.amount_discount_cents,
      amountTotalCents: row.amount_total_cents,
      paymentId: row.payment_id,
      customerId: null,
    };
  }

  async function notify(type: string, sessionId: string): Promise<void> {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      created: Math.floor(clock().getTime() / 1000),
      data: { object: { id: sessionId, object: 'checkout.session' } },
    });
    // Like a provider, retry a failed delivery a few times with growing pauses, then give up: the
    // store also asks for the state when the student returns, so nothing depends on one delivery.
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await options.deliver(body, signSandboxBody(options.secret, body, clock()));
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt).unref());
      }
    }
  }

  /** Moves a row on from a state to another, only if it is still in the first; true when it moved. */
  async function move(
    id: string,
    from: SandboxPaymentsTable['status'],
    to: Partial<SandboxPaymentsTable> & { status: SandboxPaymentsTable['status'] },
  ): Promise<boolean> {
    const result = await db
      .updateTable('sandbox_payments')
      .set({ ...to, updated_at: now() })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Reads a session, first applying what time has done to it: settling a pending payment, expiring. */
  async function current(id: string): Promise<SandboxPaymentsTable | undefined> {
    const row = await db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const at = now();
    if (row.status === 'processing' && row.settles_at && row.settles_at <= at) {
      if (await move(id, 'processing', { status: 'paid' })) void notify('checkout.session.async_payment_succeeded', id);
      return current(id);
    }
    if (row.status === 'open' && row.expires_at <= at) {
      if (await move(id, 'open', { status: 'expired' })) void notify('checkout.session.expired', id);
      return current(id);
    }
    return row;
  }

  const provider: PaymentProvider = {
    name: 'sandbox',
    // Its page is the store's own.
    pageOrigins: [],

    async createSession(request: PaymentRequest) {
      const id = `sbx_cs_${randomBytes(16).toString('hex')}`;
      const subtotal = request.lines.reduce((n, l) => n + l.unitAmountCents * l.quantity, 0);
      const discount = request.discount?.amountCents ?? 0;
      await db
        .insertInto('sandbox_payments')
        .values({
          id,
          order_id: request.orderId,
          status: 'open',
          lines_json: JSON.stringify(
            request.lines.map((l) => ({
              description: l.description,
              quantity: l.quantity,
              amountCents: l.unitAmountCents * l.quantity,
            })),
          ),
          amount_subtotal_cents: subtotal,
          amount_discount_cents: discount,
          amount_total_cents: subtotal - discount,
          currency: request.currency,
          customer_email: request.customerEmail,
          success_url: request.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
          cancel_url: request.cancelUrl,
          payment_id: null,
          card_last4: null,
          created_at: now(),
          expires_at: request.expiresAt.toISOString(),
          settles_at: null,
          updated_at: now(),
        })
        .execute();
      return { sessionId: id, url: `${options.baseUrl}/sandbox/checkout/${id}` };
    },

    async retrieve(sessionId) {
      const row = await current(sessionId);
      return row ? view(row) : null;
    },

    async expire(sessionId) {
      if (await move(sessionId, 'open', { status: 'expired' })) void notify('checkout.session.expired', sessionId);
      return provider.retrieve(sessionId);
    },

    webhookSession(rawBody, signature) {
      const parts = Object.fromEntries(
        (signature ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
      );
      const t = Number(parts.t);
      const expected = createHmac('sha256', options.secret).update(`${parts.t}.`).update(rawBody).digest();
      const given = Buffer.from(typeof parts.v1 === 'string' ? parts.v1 : '', 'hex');
      const fresh = Number.isFinite(t) && Math.abs(clock().getTime() / 1000 - t) <= TOLERANCE_SECONDS;
      if (!fresh || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new WebhookSignatureError();
      }
      const event = JSON.parse(rawBody.toString('utf8')) as { data?: { object?: { id?: unknown } } };
      const id = event.data?.object?.id;
      return typeof id === 'string' ? id : null;
    },
  };

  return {
    provider,

    /** What the hosted payment page shows; null for an unknown session. */
    async page(sessionId: string): Promise<SandboxPage | null> {
      const row = await current(sessionId);
      if (!row) return null;
      return {
        id: row.id,
        state: STATES[row.status],
        email: row.customer_email,
        currency: row.currency,
        lines: JSON.parse(row.lines_json) as SandboxPage['lines'],
        subtotalCents: row.amount_subtotal_cents,
        discountCents: row.amount_discount_cents,
        totalCents: row.amount_total_cents,
        cancelUrl: row.cancel_url,
      };
    },

    /** Pays with a test card: the number decides the outcome. Then back to the store, as a provider does. */
    async pay(
      sessionId: string,
      cardNumber: string,
      details: { expiry: string; cvc: string } = { expiry: '12 / 34', cvc: '123' },
    ): Promise<PayResult> {
      const row = await current(sessionId);
      if (!row) return { ok: false, error: 'This payment page does not exist.' };
      if (row.status !== 'open') return { ok: false, error: 'This payment page is closed.' };
      const outcome = cardOutcome(cardNumber);
      if (typeof outcome === 'object') return { ok: false, field: 'card', error: outcome.error };
      const problem = cardDetailsProblem(details.expiry, details.cvc, clock());
      if (problem) return { ok: false, ...problem };
      const last4 = cardNumber.replace(/\D/g, '').slice(-4);
      const paymentId = `sbx_pi_${randomBytes(12).toString('hex')}`;
      if (outcome === 'declined') {
        await move(sessionId, 'open', { status: 'declined', card_last4: last4 });
        void notify('checkout.session.async_payment_failed', sessionId);
      } else if (outcome === 'pending') {
        const settlesAt = new Date(clock().getTime() + options.settleSeconds * 1000);
        if (
          await move(sessionId, 'open', {
            status: 'processing',
            card_last4: last4,
            payment_id: paymentId,
            settles_at: settlesAt.toISOString(),
          })
        ) {
          void notify('checkout.session.completed', sessionId);
          // Settles on time even if nobody asks; the next request after a restart settles it as well.
          setTimeout(
            () => void provider.retrieve(sessionId).catch(() => undefined),
            options.settleSeconds * 1000 + 50,
          ).unref();
        }
      } else if (await move(sessionId, 'open', { status: 'paid', card_last4: last4, payment_id: paymentId })) {
        void notify('checkout.session.completed', sessionId);
      }
      return { ok: true, redirectTo: row.success_url };
    },

    /** The page's cancel link: the session closes and the student goes back to the store. */
    async cancel(sessionId: string): Promise<string | null> {
      const row = await current(sessionId);
      if (!row) return null;
      await provider.expire(sessionId);
      return row.cancel_url;
    },
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/** Posts a notification to the store's webhook over HTTP, as a provider would. */
export function httpDeliver(webhookUrl: string): Deliver {
  return async (body, signature) => {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      body,
    });
    if (response.status >= 500) throw new Error(`webhook answered ${response.status}`);
  };
}
