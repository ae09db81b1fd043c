import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CartView } from '../../../shared/cart.ts';
import { checkoutMessages as m } from '../../../shared/checkout-messages.ts';
import { normaliseCouponCode } from '../../../shared/coupon-rules.ts';
import { newOrderId, splitDiscount, type OrderView, type PaymentOutcome } from '../../../shared/order.ts';
import { knownTimeZone } from '../../../shared/dates.ts';
import { lockUser } from '../../db/row-locks.ts';
import type { CheckoutsTable, Database } from '../../db/schema.ts';
import { createRateLimit } from '../../lib/rate-limit.ts';
import type { CartService } from '../cart/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { holdCoupon, releaseCoupon } from '../promotions/coupon-holds.ts';
import { parseLines, type CheckoutLine } from './checkout-lines.ts';
import { fulfil } from './fulfilment.ts';
import { orderConfirmationMail } from './order-mail.ts';
import { hideAddresses } from '../../lib/hidden-addresses.ts';
import { ORDERS_PER_PAGE, ordersOf, settlingOrdersOf } from './orders.ts';
import { ProviderError, type PaymentProvider, type ProviderPayment } from './provider.ts';

type Db = Kysely<Database>;

/** How long a payment page stays open (Stripe accepts 30 minutes to 24 hours). */
export const CHECKOUT_LIFETIME_MS = 45 * 60 * 1000;
const CURRENCY = 'usd';
/** How long a confirmation's send may take before another process takes it over (the send is seconds). */
export const CLAIM_OUTLIVED_MS = 10 * 60 * 1000;
/** How long after an order the sweep still tries to send its confirmation, should the mail server stay wrong. */
const CONFIRMATION_RETRIED_MS = 7 * 24 * 60 * 60 * 1000;

export interface CheckoutOptions {
  db: Db;
  provider: PaymentProvider;
  cart: CartService;
  mailer: Mailer;
  baseUrl: string;
  clock: () => Date;
  /** Where problems go: `error` for one that needs a person (a payment not as priced), `warn` for the rest. */
  log?: (message: string, level: 'warn' | 'error') => void;
}

export type StartResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * What the cancel link found: a payment made already, the checkout closed unpaid, or a page the provider
 * could not be asked to close (`unconfirmed`: it may yet be paid).
 */
export type CancelOutcome =
  { sessionId: string; outcome: 'succeeded' | 'pending' | 'mismatch' | 'unconfirmed' } | { outcome: 'cancelled' };

/** A checkout that may not start, with the reason the student is told. */
class CheckoutRefused extends Error {}

/** How many sessions unknown to the store one visitor may have looked up at the provider in a minute. */
export const UNKNOWN_SESSIONS_PER_MINUTE = 10;

/**
 * Checkout: starts payment from the stored cart and coupon, follows the provider's answer, and fulfils a
 * paid checkout exactly once, whichever comes first: the student's return, the provider's notification,
 * a retry, or the sweep of old checkouts.
 */

export function createCheckoutService(options: CheckoutOptions) {
  const { db, provider, clock } = options;
  // A provider's or mail server's message can name the customer: the log keeps no email address.
  const log = (message: string, level: 'warn' | 'error' = 'warn') =>
    (options.log ?? ((line, at) => console[at](line)))(hideAddresses(message), level);
  const iso = () => clock().toISOString();
  // Sessions the store has no record of, looked up for a visitor: each is a question to the provider.
  const unknownLookups = createRateLimit({
    limit: UNKNOWN_SESSIONS_PER_MINUTE,
    windowMs: 60_000,
    now: () => clock().getTime(),
  });

  const byOrder = (orderId: string) =>
    db.selectFrom('checkouts').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  const bySession = (sessionId: string) =>
    db.selectFrom('checkouts').selectAll().where('session_id', '=', sessionId).executeTakeFirst();

  /** Ends an unpaid checkout (failed or expired) and gives its coupon hold back, once. */
  async function closeIn(
    trx: Transaction<Database>,
    checkout: Pick<CheckoutsTable, 'order_id' | 'coupon_code'>,
    status: 'failed' | 'expired',
    from: CheckoutsTable['status'][] = ['creating', 'open', 'pending'],
  ): Promise<boolean> {
    const moved = await trx
      .updateTable('checkouts')
      .set({ status, updated_at: iso() })
      .where('order_id', '=', checkout.order_id)
      .where('status', 'in', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    if (checkout.coupon_code) await releaseCoupon(trx, checkout.coupon_code, checkout.order_id, iso());
    return true;
  }
  const close = (checkout: CheckoutsTable, status: 'failed' | 'expired') =>
    db.transaction().execute((trx) => closeIn(trx, checkout, status));

  /**
   * Writes a new checkout and its coupon hold, as the student's only one waiting for payment. The student's
   * row is locked first (PostgreSQL; SQLite runs one transaction at a time), so two tabs starting at once
   * take turns. A checkout another tab started since the older ones were closed has no payment page yet
   * while it is being created, and is closed here (its own start sees that and ends it at the provider);
   * one whose page is already open may be being paid, so this start gives way to it.
   */
  async function insertOnlyCheckout(checkout: CheckoutsTable): Promise<string | null> {
    try {
      await db.transaction().execute(async (trx) => {
        await lockUser(trx, checkout.user_id);
        const others = await trx
          .selectFrom('checkouts')
          .select(['order_id', 'coupon_code', 'status'])
          .where('user_id', '=', checkout.user_id)
          .where('status', 'in', ['creating', 'open'])
          .execute();
        if (others.some((other) => other.status === 'open')) throw new CheckoutRefused(m.payingElsewhere);
        // Only while it is still being created: one that has just opened its page gets this start to give way.
        for (const other of others) {
          if (!(await closeIn(trx, other, 'expired', ['creating']))) throw new CheckoutRefused(m.payingElsewhere);
        }
        if (!(await cartStillAsRead(trx, checkout))) throw new CheckoutRefused(m.payingElsewhere);
        await trx.insertInto('checkouts').values(checkout).execute();
        if (checkout.coupon_code) {
          const refused = await holdCoupon(trx, {
            code: checkout.coupon_code,
            userId: checkout.user_id,
            checkoutId: checkout.order_id,
            now: iso(),
          });
          if (refused) throw new CheckoutRefused(refused);
        }
      });
      return null;
    } catch (error) {
      if (error instanceof CheckoutRefused) return error.message;
      throw error;
    }
  }

  /**
   * Whether every exam the checkout was priced for is still in the cart, and none is being paid for on
   * another page. A payment made elsewhere a moment before (another tab) takes its exams out of the cart
   * when it clears, and holds them while it settles; the cart was read before the student's row was locked.
   */
  async function cartStillAsRead(trx: Transaction<Database>, checkout: CheckoutsTable): Promise<boolean> {
    const lines = parseLines(checkout.lines_json);
    const cart = await trx.selectFrom('cart_items').select('exam_id').where('user_id', '=', checkout.user_id).execute();
    if (!lines.every((line) => cart.some((item) => item.exam_id === line.examId))) return false;
    const settling = await trx
      .selectFrom('checkouts')
      .select('lines_json')
      .where('user_id', '=', checkout.user_id)
      .where('status', '=', 'pending')
      .execute();
    const held = new Set(settling.flatMap((c) => parseLines(c.lines_json).map((line) => line.examId)));
    return !lines.some((line) => held.has(line.examId));
  }

  /**
   * Sends the confirmation once per order. One process at a time claims the send; a failed send gives the
   * claim back, to be tried again on the next visit or sweep, and a claim left by a process that stopped
   * before sending is taken over once it is `CLAIM_OUTLIVED_MS` old.
   */
  async function confirm({ order_id: orderId, user_id: userId, time_zone }: CheckoutsTable): Promise<void> {
    const outlived = new Date(clock().getTime() - CLAIM_OUTLIVED_MS).toISOString();
    const claimed = await db
      .updateTable('orders')
      .set({ confirmation_claimed_at: iso() })
      .where('id', '=', orderId)
      .where('confirmation_sent_at', 'is', null)
      .where((eb) => eb.or([eb('confirmation_claimed_at', 'is', null), eb('confirmation_claimed_at', '<', outlived)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const [order] = await ordersOf(db, userId, { orderId });
    const access = await db
      .selectFrom('purchases')
      .select(['exam_id', 'expires_at'])
      .where('order_id', '=', orderId)
      .execute();
    const accessUntil = new Map(access.map((p) => [p.exam_id, p.expires_at]));
    try {
      if (order)
        await options.mailer.send(orderConfirmationMail(order, options.baseUrl, accessUntil, time_zone ?? 'UTC'));
    } catch (error) {
      log(`Order confirmation for ${orderId} not sent: ${(error as Error).message}`);
      await db.updateTable('orders').set({ confirmation_claimed_at: null }).where('id', '=', orderId).execute();
      return;
    }
    // Sent. Should recording it fail, the claim stands: no visit or sweep sends it again until it is outlived.
    try {
      await db.updateTable('orders').set({ confirmation_sent_at: iso() }).where('id', '=', orderId).execute();
    } catch (error) {
      log(`Order confirmation for ${orderId} sent but not recorded: ${(error as Error).message}`);
    }
  }

  /** Applies what the provider says about a checkout's payment. */
  async function apply(checkout: CheckoutsTable, payment: ProviderPayment): Promise<PaymentOutcome> {
    switch (payment.state) {
      case 'succeeded': {
        const done = await fulfil(db, checkout.order_id, payment, clock());
        if (done === 'mismatch') {
          log(
            `Checkout ${checkout.order_id} not fulfilled: paid ${payment.amountTotalCents} ${payment.currency}, ` +
              `priced ${checkout.total_cents} ${checkout.currency} (payment session ${payment.sessionId}); ` +
              'held as mismatch, nothing granted',
            'error',
          );
        }
        if (done === 'mismatch' || done === 'held') return 'mismatch';
        await confirm(checkout);
        return 'succeeded';
      }
      case 'pending':
        await db
          .updateTable('checkouts')
          .set({ status: 'pending', updated_at: iso() })
          .where('order_id', '=', checkout.order_id)
          .where('status', 'in', ['creating', 'open'])
          .execute();
        return 'pending';
      case 'failed':
      case 'expired':
        await close(checkout, payment.state);
        return 'failed';
      case 'open':
        return 'failed';
    }
  }

  /**
   * Asks the provider about a payment session and acts on the answer. A `caller` (the visitor's address)
   * who has asked about too many sessions the store has no record of is not passed on to the provider: the
   * provider limits how often the store may ask, and made-up session ids would use that up.
   */
  async function sync(sessionId: string, caller?: string): Promise<PaymentOutcome> {
    const known = await bySession(sessionId);
    if (known?.status === 'complete') {
      await confirm(known);
      return 'succeeded';
    }
    // Held for support: asking the provider again would only find the same payment.
    if (known?.status === 'mismatch') return 'mismatch';
    if (!known && caller) {
      if (unknownLookups.exhausted(caller)) return 'not-found';
      unknownLookups.count(caller);
    }
    const payment = await provider.retrieve(sessionId);
    if (!payment) return 'not-found';
    // A session the store never heard back about (it stopped just after asking for it) is found by the
    // order id it carries, and joined to its checkout here.
    let checkout = known;
    if (!checkout && payment.orderId) {
      const orphan = await byOrder(payment.orderId);
      if (orphan && orphan.session_id === null) {
        await db
          .updateTable('checkouts')
          .set({ session_id: sessionId, updated_at: iso() })
          .where('order_id', '=', orphan.order_id)
          .where('session_id', 'is', null)
          .execute();
        checkout = await byOrder(orphan.order_id);
      }
    }
    if (!checkout || checkout.session_id !== sessionId) return 'not-found';
    return apply(checkout, payment);
  }

  /**
   * Ends a checkout still waiting for payment: its page is closed at the provider and the provider's answer
   * applied, so a payment made there a moment ago is fulfilled, not thrown away. One the provider cannot be
   * asked about now is left to the webhook or the sweep; the caller goes on.
   */
  async function endUnpaid(checkout: CheckoutsTable, failure: string): Promise<void> {
    try {
      if (!checkout.session_id) {
        // Read while its page was being made: closed only if it still is (its own start then ends the page
        // at the provider). One whose page has opened since was handed to the student, so it is ended there.
        if (await db.transaction().execute((trx) => closeIn(trx, checkout, 'expired', ['creating']))) return;
        const opened = await byOrder(checkout.order_id);
        if (opened?.status !== 'open' || !opened.session_id) return;
        checkout = opened;
      }
      const payment = await provider.expire(checkout.session_id!);
      if (payment) await apply(checkout, payment);
      else await close(checkout, 'expired');
    } catch (error) {
      log(`Checkout ${checkout.order_id} could not be ${failure}: ${(error as Error).message}`);
    }
  }

  /** Closes a student's checkouts still waiting for payment, so a new one starts clean. Returns how many. */
  async function abandonOpen(userId: string): Promise<number> {
    const open = await db
      .selectFrom('checkouts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['creating', 'open'])
      .execute();
    for (const checkout of open) await endUnpaid(checkout, 'closed');
    return open.length;
  }

  /**
   * Asks the provider about a checkout's payment and acts on the answer; 'unknown' when it has no session
   * yet or the provider cannot be asked now (logged; the webhook or the next sweep asks again).
   */
  async function askAbout(checkout: CheckoutsTable): Promise<PaymentOutcome | 'unknown'> {
    if (!checkout.session_id) return 'unknown';
    try {
      return await sync(checkout.session_id);
    } catch (error) {
      log(`Checkout ${checkout.order_id} could not be checked: ${(error as Error).message}`);
      return 'unknown';
    }
  }

  /**
   * The lines of the student's payments still settling. Each is asked about first: one that has cleared is
   * fulfilled, which takes its exams out of the cart.
   */
  async function stillSettling(userId: string): Promise<CheckoutLine[]> {
    const pending = await pendingCheckouts(userId);
    const lines: CheckoutLine[] = [];
    for (const checkout of pending) {
      const outcome = await askAbout(checkout);
      if (outcome === 'pending' || outcome === 'unknown') lines.push(...parseLines(checkout.lines_json));
    }
    return lines;
  }

  /** The student's payments the store last knew as settling, oldest first. */
  function pendingCheckouts(userId: string): Promise<CheckoutsTable[]> {
    return db
      .selectFrom('checkouts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .execute();
  }

  /**
   * What a new checkout would charge for the student's stored cart and coupon, or why it may not start: an
   * empty cart, a payment for the same exams still settling, a coupon that does not apply.
   */
  async function payable(
    userId: string,
    couponCode: string | null,
    caller: string | undefined,
  ): Promise<
    | { ok: false; message: string }
    | { ok: true; cart: CartView; code: string | null; discountCents: number; providerCouponId: string | null }
  > {
    const settling = await stillSettling(userId);
    const cart = await options.cart.view(userId);
    if (cart.items.length === 0) return { ok: false, message: m.emptyCart };
    // A payment still being confirmed is not doubled: the student waits for it instead of paying twice.
    const paidFor = settling.filter((line) => cart.items.some((item) => item.examId === line.examId));
    if (paidFor.length > 0)
      return { ok: false, message: m.stillSettling(paidFor.map((l) => l.description).join(', ')) };
    const code = couponCode ? normaliseCouponCode(couponCode) : null;
    if (!code) return { ok: true, cart, code, discountCents: 0, providerCouponId: null };
    const check = await options.cart.checkCoupon({ code, userId, cart, applied: false, caller });
    if (!check.ok) return { ok: false, message: check.message };
    const coupon = await db
      .selectFrom('coupons')
      .select('provider_coupon_id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return {
      ok: true,
      cart,
      code,
      discountCents: check.discountCents,
      providerCouponId: coupon.provider_coupon_id ?? code,
    };
  }

  return {
    /**
     * The student's payments still being confirmed, for the cart to say so: each one's session (its
     * pending page's address) and what it pays for. As the store last heard: the provider is not asked
     * here, since a cart is viewed often and must not wait on it; the pending page, the notification, the
     * sweep and a new checkout ask.
     */
    async settling(userId: string): Promise<{ sessionId: string; message: string }[]> {
      return (await pendingCheckouts(userId)).flatMap((checkout) =>
        checkout.session_id
          ? [
              {
                sessionId: checkout.session_id,
                message: m.stillSettling(
                  parseLines(checkout.lines_json)
                    .map((line) => line.description)
                    .join(', '),
                ),
              },
            ]
          : [],
      );
    },

    /**
     * 'Proceed to Payment': a payment session for the stored cart and coupon, priced here. The student's
     * open payment page is closed only once this one will go ahead: a refusal leaves it payable. A `caller`
     * (the client's address) who has tried too many unknown coupon codes is told to wait, as in the cart.
     */
    async start(
      user: { id: string; email: string; name: string; timeZone?: string },
      couponCode: string | null,
      caller?: string,
    ): Promise<StartResult> {
      let checked = await payable(user.id, couponCode, caller);
      if (!checked.ok) return checked;
      // Closing the open page applies what its provider says: a payment made there a moment ago is fulfilled
      // (its exams leave the cart) or settling, so the cart is checked again before anything is charged.
      if ((await abandonOpen(user.id)) > 0) {
        checked = await payable(user.id, couponCode, caller);
        if (!checked.ok) return checked;
      }
      const { cart, code, discountCents, providerCouponId } = checked;
      const now = clock();
      const orderId = newOrderId(now, (n) => randomBytes(n));
      const shares = splitDiscount(
        cart.items.map((i) => i.lineTotalCents),
        discountCents,
      );
      const lines: CheckoutLine[] = cart.items.map((item, index) => ({
        examId: item.examId,
        description: item.title,
        category: item.category,
        unitAmountCents: item.priceCents,
        quantity: item.quantity,
        subtotalCents: item.lineTotalCents,
        discountCents: shares[index]!,
        totalCents: item.lineTotalCents - shares[index]!,
      }));
      const expiresAt = new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
      const checkout: CheckoutsTable = {
        order_id: orderId,
        provider: provider.name,
        session_id: null,
        user_id: user.id,
        status: 'creating',
        coupon_code: code,
        lines_json: JSON.stringify(lines),
        subtotal_cents: cart.totalCents,
        discount_cents: discountCents,
        total_cents: cart.totalCents - discountCents,
        currency: CURRENCY,
        customer_email: user.email,
        customer_name: user.name,
        url: null,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        updated_at: now.toISOString(),
        time_zone: user.timeZone ? knownTimeZone(user.timeZone) : null,
      };
      const refused = await insertOnlyCheckout(checkout);
      if (refused) return { ok: false, message: refused };

      try {
        const session = await provider.createSession({
          orderId,
          userId: user.id,
          customerEmail: user.email,
          customerName: user.name,
          currency: CURRENCY,
          lines: lines.map(({ examId, description, unitAmountCents, quantity }) => ({
            examId,
            description,
            unitAmountCents,
            quantity,
          })),
          discount: code ? { couponCode: code, providerCouponId: providerCouponId!, amountCents: discountCents } : null,
          successUrl: `${options.baseUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${options.baseUrl}/payment/failed?order=${orderId}`,
          expiresAt,
        });
        const opened = await db
          .updateTable('checkouts')
          .set({ session_id: session.sessionId, url: session.url, status: 'open', updated_at: iso() })
          .where('order_id', '=', orderId)
          .where('status', '=', 'creating')
          .executeTakeFirst();
        if (Number(opened.numUpdatedRows) > 0) return { ok: true, url: session.url };
        // Another tab started paying meanwhile and closed this checkout: its page is ended before anyone has
        // its address, so only the newer one can be paid.
        await db
          .updateTable('checkouts')
          .set({ session_id: session.sessionId, updated_at: iso() })
          .where('order_id', '=', orderId)
          .where('session_id', 'is', null)
          .execute();
        await provider
          .expire(session.sessionId)
          .catch((error: Error) => log(`Checkout ${orderId} could not be ended: ${error.message}`));
        return { ok: false, message: m.payingElsewhere };
      } catch (error) {
        await close(checkout, 'failed');
        if (error instanceof ProviderError) return { ok: false, message: m.error(error.message) };
        log(`Checkout ${orderId} failed: ${(error as Error).message}`);
        return { ok: false, message: m.processing };
      }
    },

    sync,

    /** A signed notification from the provider. Throws WebhookSignatureError when it is not signed. */
    async notify(rawBody: Buffer, signature: string | undefined): Promise<PaymentOutcome | 'ignored'> {
      const sessionId = provider.webhookSession(rawBody, signature);
      return sessionId ? sync(sessionId) : 'ignored';
    },

    /**
     * The cancel link: the student's own checkout closes and its coupon hold is given back. A checkout paid
     * already (the page reached again with the Back button, or paid a moment ago) is not cancelled: its
     * session is answered, so the student is sent to the receipt or the pending page instead, or told that a
     * payment not as priced waits for support. Null when the student has no checkout of that order id: what
     * became of it is not this student's to know, paid or not.
     */
    async cancel(userId: string, orderId: string): Promise<CancelOutcome | null> {
      const checkout = await byOrder(orderId);
      if (!checkout || checkout.user_id !== userId) return null;
      if (['creating', 'open'].includes(checkout.status)) await endUnpaid(checkout, 'cancelled');
      const after = await byOrder(orderId);
      if (after?.session_id) {
        if (after.status === 'complete') return { sessionId: after.session_id, outcome: 'succeeded' };
        if (after.status === 'pending') return { sessionId: after.session_id, outcome: 'pending' };
        if (after.status === 'mismatch') return { sessionId: after.session_id, outcome: 'mismatch' };
        if (after.status === 'open') return { sessionId: after.session_id, outcome: 'unconfirmed' };
      }
      return { outcome: 'cancelled' };
    },

    /**
     * Checkouts past their payment page's lifetime: settled if they were paid, closed if not. Payments still
     * settling are asked about too, so one that has cleared is fulfilled even when its notice was lost (the
     * store stopped while it settled) and nobody opens a page that asks. Returns how many were looked at.
     */
    async sweep(): Promise<number> {
      const stale = await db
        .selectFrom('checkouts')
        .selectAll()
        .where('status', 'in', ['creating', 'open'])
        .where('expires_at', '<', iso())
        .execute();
      for (const checkout of stale) await endUnpaid(checkout, 'swept');
      const settling = await db.selectFrom('checkouts').selectAll().where('status', '=', 'pending').execute();
      for (const checkout of settling) await askAbout(checkout);
      // Confirmations not sent: the mail server refused, or the store stopped before sending.
      const retriedSince = new Date(clock().getTime() - CONFIRMATION_RETRIED_MS).toISOString();
      // Read from the index of unsent ones alone, usually empty.
      const unsent = await db
        .selectFrom('orders')
        .select('id')
        .where('confirmation_sent_at', 'is', null)
        .where('created_at', '>', retriedSince)
        .execute();
      if (unsent.length > 0) {
        const paid = await db
          .selectFrom('checkouts')
          .selectAll()
          .where(
            'order_id',
            'in',
            unsent.map((o) => o.id),
          )
          .where('status', '=', 'complete')
          .execute();
        for (const checkout of paid) await confirm(checkout);
      }
      return stale.length + settling.length;
    },

    /** Whether a payment session is this user's: only its owner is told how it went. */
    async ownsSession(userId: string | undefined, sessionId: string): Promise<boolean> {
      return userId !== undefined && (await bySession(sessionId))?.user_id === userId;
    },

    /** The order paid through a payment session, if it belongs to this user. */
    async orderBySession(userId: string, sessionId: string): Promise<OrderView | null> {
      return (await ordersOf(db, userId, { sessionId }))[0] ?? null;
    },

    /**
     * One page of the order history (the first is 1): on the first, payments still settling (pending), then
     * the orders, newest first; and whether older orders follow.
     */
    async orders(userId: string, page = 1): Promise<{ orders: OrderView[]; hasOlder: boolean }> {
      // In this order, a payment that settles between the two reads is found in both (and shown once as
      // paid), never in neither.
      const settling = page === 1 ? await settlingOrdersOf(db, userId) : [];
      const window = { limit: ORDERS_PER_PAGE + 1, offset: (page - 1) * ORDERS_PER_PAGE };
      const orders = await ordersOf(db, userId, {}, window);
      const hasOlder = orders.length > ORDERS_PER_PAGE;
      if (hasOlder) orders.pop();
      const paid = new Set(orders.map((o) => o.sessionId));
      return { orders: [...settling.filter((o) => !paid.has(o.sessionId)), ...orders], hasOlder };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
