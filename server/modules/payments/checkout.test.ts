import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_ID_PATTERN } from '../../../shared/order.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { buildApp } from '../../http/app.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { insertStudent } from '../../testing/students.ts';
import { createTestServices, memoryMailer, TEST_BASE_URL } from '../../testing/services.ts';
import { importContent } from '../catalogue/content-import.ts';
import { ownedExamIds } from '../practice/access.ts';
import { releaseCoupon } from '../promotions/coupon-holds.ts';
import { createCoupon, heldBySettlingPayment, newCouponSchema } from '../promotions/coupons.ts';
import { lockUser } from '../../db/row-locks.ts';
import { checkoutMessages } from '../../../shared/checkout-messages.ts';
import { couponMessages } from '../../../shared/coupon-messages.ts';
import { COUPON_GUESSES_PER_MINUTE } from '../cart/service.ts';
import {
  CHECKOUT_LIFETIME_MS,
  CLAIM_OUTLIVED_MS,
  createCheckoutService,
  UNKNOWN_SESSIONS_PER_MINUTE,
} from './checkout.ts';
import { WEBHOOK_PATH } from './index.ts';
import type { PaymentProvider } from './provider.ts';
import { SANDBOX_CARDS } from './sandbox-cards.ts';
import { httpDeliver, SANDBOX_SIGNATURE_HEADER } from './sandbox.ts';

const DAY_MS = 86_400_000;

describe.each(engines)('checkout with the sandbox provider on %s', (engine) => {
  let database: DatabaseHandle;
  let services: ReturnType<typeof createTestServices>;
  let mailer: ReturnType<typeof memoryMailer>;
  let now = new Date('2026-11-21T12:00:00.000Z');
  /** Notifications the sandbox sent, as they would reach the webhook. */
  const deliveries: { body: string; signature: string }[] = [];

  const db = () => database.db;
  const sandbox = () => services.sandbox!;

  const newStudent = (cart: [examId: string, quantity: number][]) => insertStudent(database, cart, now);

  /** Starts paying and answers the payment session's id. */
  async function startPaying(
    user: { id: string; email: string; name: string; timeZone?: string },
    coupon: string | null = null,
  ) {
    const started = await services.checkout.start(user, coupon);
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split('/').pop()!;
    expect(started.url).toBe(`${TEST_BASE_URL}/sandbox/checkout/${sessionId}`);
    return sessionId;
  }

  const count = async (table: 'orders' | 'order_items' | 'purchases', userId: string) => {
    if (table === 'order_items') {
      const rows = await db()
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select('order_items.order_id')
        .where('orders.user_id', '=', userId)
        .execute();
      return rows.length;
    }
    return (await db().selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;
  };
  const coupon = (code: string) =>
    db().selectFrom('coupons').select(['used_count']).where('code', '=', code).executeTakeFirstOrThrow();
  const checkoutOf = (sessionId: string) =>
    db().selectFrom('checkouts').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();
  const cartOf = async (userId: string) =>
    (
      await db().selectFrom('cart_items').select('exam_id').where('user_id', '=', userId).orderBy('exam_id').execute()
    ).map((r) => r.exam_id);

  /** A checkout service of a test's own: the suite's database, sandbox, cart, mailer and clock, but for `parts`. */
  const checkoutWith = (parts: Partial<Parameters<typeof createCheckoutService>[0]>) =>
    createCheckoutService({
      db: db(),
      provider: sandbox().provider,
      cart: services.cart,
      mailer,
      baseUrl: TEST_BASE_URL,
      clock: () => now,
      log: () => {},
      ...parts,
    });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await importContent(database.db, [
      contentFixture('alpha', { title: 'Alpha', priceCents: 2999 }, 1),
      contentFixture('beta', { title: 'Beta', priceCents: 1999 }, 1),
      contentFixture('gamma', { title: 'Gamma', priceCents: 999, validityDays: 30 }, 1),
    ]);
    mailer = memoryMailer();
    services = createTestServices(database, {
      clock: () => now,
      mailer,
      payments: {
        provider: 'sandbox',
        settleSeconds: 30,
        deliver: async (body, signature) => void deliveries.push({ body, signature }),
      },
    });
    const coupons = [
      { code: 'TENOFF', type: 'percentage', value: 10 },
      { code: 'LIMIT10', type: 'fixed', value: 500, usageLimit: 10 },
      { code: 'ONCEONLY', type: 'fixed', value: 100, perUserLimit: 1 },
      { code: 'ONCEEACH', type: 'fixed', value: 100, perUserLimit: 1 },
      { code: 'LASTONE', type: 'fixed', value: 500, usageLimit: 1 },
      { code: 'ONETAB', type: 'fixed', value: 100, perUserLimit: 1 },
    ];
    for (const c of coupons) await createCoupon(database.db, newCouponSchema.parse(c), now);
  });
  afterAll(() => database.close());
  beforeEach(() => {
    deliveries.length = 0;
    mailer.sent.length = 0;
  });

  it('a paid card: one order with its items and amounts, a year of access per unit bought, the coupon used, the cart emptied, one email', async () => {
    const student = await newStudent([
      ['alpha', 1],
      ['beta', 2],
    ]);
    const sessionId = await startPaying(student, ' tenoff ');
    const page = await sandbox().page(sessionId);
    // 2999 + 2 × 1999 = 6997; 10 % is 699.7, rounded to 700.
    expect(page).toMatchObject({ state: 'open', subtotalCents: 6997, discountCents: 700, totalCents: 6297 });
    expect((await coupon('TENOFF')).used_count).toBe(1);

    const paid = await sandbox().pay(sessionId, '4242 4242 4242 4242');
    expect(paid).toEqual({ ok: true, redirectTo: `${TEST_BASE_URL}/payment/success?session_id=${sessionId}` });
    expect(await services.checkout.sync(sessionId)).toBe('succeeded');

    const [order] = (await services.checkout.orders(student.id)).orders;
    expect(order!.orderId).toMatch(ORDER_ID_PATTERN);
    expect(order).toMatchObject({
      sessionId,
      paymentStatus: 'succeeded',
      currency: 'usd',
      amountSubtotalCents: 6997,
      amountDiscountCents: 700,
      amountTotalCents: 6297,
      amountReceivedCents: 6297,
      couponCode: 'TENOFF',
      customerEmail: student.email,
    });
    // The discount split in proportion: 2999/6997 × 700 = 300.03 → 300; 3998/6997 × 700 = 399.97 → 400.
    expect(
      order!.items.map((i) => [i.examId, i.quantity, i.amountSubtotalCents, i.amountDiscountCents, i.amountTotalCents]),
    ).toEqual([
      ['alpha', 1, 2999, 300, 2699],
      ['beta', 2, 3998, 400, 3598],
    ]);
    const purchases = await db()
      .selectFrom('purchases')
      .selectAll()
      .where('user_id', '=', student.id)
      .orderBy('exam_id')
      .execute();
    expect(purchases.map((p) => [p.exam_id, p.order_id, p.session_id, p.status, p.total_amount_cents])).toEqual([
      ['alpha', order!.orderId, sessionId, 'active', 2699],
      ['beta', order!.orderId, sessionId, 'active', 3598],
    ]);
    // One Alpha is a year of access; two Betas are two years.
    expect(new Date(purchases[0]!.expires_at).getTime() - now.getTime()).toBe(365 * DAY_MS);
    expect(new Date(purchases[1]!.expires_at).getTime() - now.getTime()).toBe(730 * DAY_MS);
    expect(await ownedExamIds(db(), student.id, now)).toEqual(expect.arrayContaining(['alpha', 'beta']));
    expect(await cartOf(student.id)).toEqual([]);
    expect((await coupon('TENOFF')).used_count).toBe(1);
    const usage = await db()
      .selectFrom('coupon_usages')
      .selectAll()
      .where('user_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(usage).toMatchObject({ coupon_code: 'TENOFF', session_id: order!.orderId, status: 'used' });
    const user = await db()
      .selectFrom('users')
      .select('lastOrderAt')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(new Date(user.lastOrderAt!).toISOString()).toBe(now.toISOString());
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: student.email, subject: `Your PracticePass order ${order!.orderId}` });
    expect(mailer.sent[0]!.text).toContain('Total paid: $62.97 USD');
    // No time zone was known when paying started: the date is UTC's.
    expect(mailer.sent[0]!.text).toContain('Date: November 21, 2026');
    // From noon UTC on 21 November 2026: a year for Alpha; 730 days for two Betas, which cross 29 February 2028.
    expect(mailer.sent[0]!.text).toContain('- Alpha × 1: $29.99, access until November 21, 2027');
    expect(mailer.sent[0]!.text).toContain('- Beta × 2: $39.98, access until November 20, 2028');
    // The sandbox told the webhook as well; that delivery finds the work done.
    expect(deliveries.map((d) => JSON.parse(d.body).type)).toEqual(['checkout.session.completed']);
    expect(await services.checkout.notify(Buffer.from(deliveries[0]!.body), deliveries[0]!.signature)).toBe(
      'succeeded',
    );
    expect(await count('orders', student.id)).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('the confirmation email dates the order and each exam’s access in the time zone the student paid from', async () => {
    const student = await newStudent([['gamma', 1]]);
    // Noon UTC on 21 November is 2 am on the 22nd on Kiritimati (UTC+14).
    const sessionId = await startPaying({ ...student, timeZone: 'Pacific/Kiritimati' });
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    expect(await services.checkout.sync(sessionId)).toBe('succeeded');
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).toContain('Date: November 22, 2026');
    // Gamma is open for 30 days, not a year: until 2 am on 22 December there.
    expect(mailer.sent[0]!.text).toContain('- Gamma × 1: $9.99, access until December 22, 2026');
  });

  it('a declined card: no order, the coupon hold given back, the cart kept', async () => {
    const student = await newStudent([['alpha', 1]]);
    const sessionId = await startPaying(student, 'TENOFF');
    expect((await coupon('TENOFF')).used_count).toBe(2);
    expect((await sandbox().pay(sessionId, SANDBOX_CARDS.declined)).ok).toBe(true);
    expect(await services.checkout.sync(sessionId)).toBe('failed');
    expect((await checkoutOf(sessionId)).status).toBe('failed');
    expect((await coupon('TENOFF')).used_count).toBe(1);
    expect(await count('orders', student.id)).toBe(0);
    expect(await count('purchases', student.id)).toBe(0);
    expect(await cartOf(student.id)).toEqual(['alpha']);
    expect(mailer.sent).toHaveLength(0);
    // A closed page takes no second card.
    expect(await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds)).toEqual({
      ok: false,
      error: 'This payment page is closed.',
    });
  });

  /** The sandbox reports a payment other than the one it was asked for, as a provider priced differently would. */
  const reportPaid = (sessionId: string, paid: { amount_total_cents?: number; currency?: string }) =>
    db().updateTable('sandbox_payments').set(paid).where('id', '=', sessionId).execute();

  /** Starts paying through a checkout service whose log is kept, each line with its level. */
  async function startLogged(student: { id: string; email: string; name: string }, code: string | null) {
    const logged: [level: string, message: string][] = [];
    const checkout = checkoutWith({ log: (message, level) => logged.push([level, message]) });
    const started = await checkout.start(student, code);
    if (!started.ok) throw new Error(started.message);
    return { checkout, logged, sessionId: started.url.split('/').pop()! };
  }

  it('a payment of the amount and currency the store priced is fulfilled once, and nothing is logged', async () => {
    const student = await newStudent([['beta', 1]]);
    const { checkout, logged, sessionId } = await startLogged(student, 'TENOFF');
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    expect(await checkout.sync(sessionId)).toBe('succeeded');
    expect(await checkout.notify(Buffer.from(deliveries[0]!.body), deliveries[0]!.signature)).toBe('succeeded');
    expect(await checkout.sync(sessionId)).toBe('succeeded');
    const paid = await checkoutOf(sessionId);
    expect(paid).toMatchObject({ status: 'complete', total_cents: 1799, currency: 'usd' });
    const order = await db().selectFrom('orders').selectAll().where('user_id', '=', student.id).execute();
    expect(order).toEqual([expect.objectContaining({ amount_total_cents: 1799, amount_received_cents: 1799 })]);
    expect(await count('purchases', student.id)).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it.each([
    ['another amount', { amount_total_cents: 100 }, '100 usd'],
    ['another currency', { currency: 'eur' }, '1799 eur'],
  ])(
    'a payment of %s is not fulfilled: no access, no order, the coupon given back, the checkout held, one error',
    async (_, reported, paidText) => {
      const student = await newStudent([['beta', 1]]);
      const held = (await coupon('TENOFF')).used_count;
      const { checkout, logged, sessionId } = await startLogged(student, 'TENOFF');
      const orderId = (await checkoutOf(sessionId)).order_id;
      expect((await coupon('TENOFF')).used_count).toBe(held + 1);
      await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
      await reportPaid(sessionId, reported);

      expect(await checkout.sync(sessionId)).toBe('mismatch');
      expect((await checkoutOf(sessionId)).status).toBe('mismatch');
      expect(await ownedExamIds(db(), student.id, now)).not.toContain('beta');
      expect(await count('purchases', student.id)).toBe(0);
      expect(await count('orders', student.id)).toBe(0);
      expect(await cartOf(student.id)).toEqual(['beta']);
      const usage = await db()
        .selectFrom('coupon_usages')
        .select('status')
        .where('session_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(usage.status).toBe('released');
      expect((await coupon('TENOFF')).used_count).toBe(held);
      expect(mailer.sent).toHaveLength(0);
      expect(logged).toEqual([
        ['error', expect.stringContaining(`Checkout ${orderId} not fulfilled: paid ${paidText}, priced 1799 usd`)],
      ]);

      // The webhook, the student's return, the cancel link and the sweep find it held, and say so once.
      expect(await checkout.notify(Buffer.from(deliveries[0]!.body), deliveries[0]!.signature)).toBe('mismatch');
      expect(await checkout.sync(sessionId)).toBe('mismatch');
      expect(await checkout.cancel(student.id, orderId)).toEqual({ sessionId, outcome: 'mismatch' });
      await checkout.sweep();
      expect((await checkoutOf(sessionId)).status).toBe('mismatch');
      expect(await count('purchases', student.id)).toBe(0);
      expect((await coupon('TENOFF')).used_count).toBe(held);
      expect(logged).toHaveLength(1);
    },
  );

  it('a payment still settling that clears at another amount is held by the sweep, not fulfilled', async () => {
    const student = await newStudent([['gamma', 1]]);
    const { checkout, logged, sessionId } = await startLogged(student, null);
    await sandbox().pay(sessionId, SANDBOX_CARDS.pending);
    expect(await checkout.sync(sessionId)).toBe('pending');
    await reportPaid(sessionId, { amount_total_cents: 99_900 });
    now = new Date(now.getTime() + 31_000);
    await checkout.sweep();
    expect((await checkoutOf(sessionId)).status).toBe('mismatch');
    expect(await count('purchases', student.id)).toBe(0);
    expect(logged).toEqual([['error', expect.stringMatching(/paid 99900 usd, priced 999 usd/)]]);
    // Its exam is not held back as settling: the cart can be paid for again.
    expect((await checkout.settling(student.id)).length).toBe(0);
  });

  it('a mistyped card number is refused on the page and the payment stays open', async () => {
    const student = await newStudent([['alpha', 1]]);
    const sessionId = await startPaying(student);
    expect(await sandbox().pay(sessionId, '4242 4242 4242 4241')).toEqual({
      ok: false,
      field: 'card',
      error: 'Your card number is invalid.',
    });
    expect(await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds, { expiry: '10 / 20', cvc: '123' })).toEqual({
      ok: false,
      field: 'expiry',
      error: "Your card's expiration year is in the past.",
    });
    expect(await services.checkout.sync(sessionId)).toBe('failed');
    expect((await checkoutOf(sessionId)).status).toBe('open');
  });

  it('a pending card: pending until it settles, then fulfilled; the order history says pending meanwhile', async () => {
    const student = await newStudent([['beta', 1]]);
    const sessionId = await startPaying(student);
    await sandbox().pay(sessionId, SANDBOX_CARDS.pending);
    expect(await services.checkout.sync(sessionId)).toBe('pending');
    expect((await checkoutOf(sessionId)).status).toBe('pending');
    expect(await count('purchases', student.id)).toBe(0);
    const { orders: settling } = await services.checkout.orders(student.id);
    expect(settling).toEqual([
      expect.objectContaining({
        sessionId,
        paymentStatus: 'pending',
        amountTotalCents: 1999,
        amountReceivedCents: 0,
        items: [expect.objectContaining({ examId: 'beta', description: 'Beta', quantity: 1, amountTotalCents: 1999 })],
      }),
    ]);
    now = new Date(now.getTime() + 31_000);
    expect(await services.checkout.sync(sessionId)).toBe('succeeded');
    expect(await count('purchases', student.id)).toBe(1);
    const { orders } = await services.checkout.orders(student.id);
    expect(orders.map((o) => [o.orderId, o.paymentStatus])).toEqual([[settling[0]!.orderId, 'succeeded']]);
    // Read while the payment settled (its checkout still pending for the first read): shown once, as paid.
    await database.db.updateTable('checkouts').set({ status: 'pending' }).where('session_id', '=', sessionId).execute();
    expect((await services.checkout.orders(student.id)).orders.map((o) => o.paymentStatus)).toEqual(['succeeded']);
    expect(deliveries.map((d) => JSON.parse(d.body).type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
    ]);
  });

  it('the order history comes a page of 50 at a time, newest first, each order once, none of another student', async () => {
    const student = await newStudent([]);
    const other = await newStudent([]);
    const order = (userId: string, n: number) => ({
      id: `PP-PAGES-${userId.slice(0, 8)}-${String(n).padStart(3, '0')}`,
      user_id: userId,
      session_id: `cs_pages_${userId}_${n}`,
      payment_id: null,
      provider_customer_id: null,
      payment_status: 'succeeded',
      currency: 'usd',
      amount_subtotal_cents: 1999,
      amount_discount_cents: 0,
      amount_total_cents: 1999,
      amount_received_cents: 1999,
      customer_email: 'pages@example.com',
      customer_name: 'Pages',
      coupon_code: null,
      confirmation_claimed_at: null,
      confirmation_sent_at: null,
      // Two orders share each minute, so their ids decide between them.
      created_at: new Date(now.getTime() - DAY_MS + Math.floor(n / 2) * 60_000).toISOString(),
      updated_at: now.toISOString(),
    });
    const paid = async (orders: ReturnType<typeof order>[]) => {
      const checkouts = orders.map((o) => ({
        order_id: o.id,
        provider: 'sandbox',
        session_id: o.session_id,
        user_id: o.user_id,
        status: 'complete' as const,
        coupon_code: null,
        lines_json: '[]',
        subtotal_cents: o.amount_subtotal_cents,
        discount_cents: 0,
        total_cents: o.amount_total_cents,
        currency: 'usd',
        customer_email: o.customer_email,
        customer_name: o.customer_name,
        url: null,
        created_at: o.created_at,
        expires_at: o.created_at,
        updated_at: o.updated_at,
        time_zone: null,
      }));
      await db().insertInto('checkouts').values(checkouts).execute();
      await db().insertInto('orders').values(orders).execute();
    };
    const mine = Array.from({ length: 120 }, (_, n) => order(student.id, n));
    await paid(mine);
    await paid([order(other.id, 0), order(other.id, 1)]);

    const pages = [1, 2, 3].map((page) => services.checkout.orders(student.id, page));
    const [first, second, third] = await Promise.all(pages);
    expect([first!.orders.length, second!.orders.length, third!.orders.length]).toEqual([50, 50, 20]);
    expect([first!.hasOlder, second!.hasOlder, third!.hasOlder]).toEqual([true, true, false]);
    const newestFirst = mine.map((o) => o.id).reverse();
    expect([...first!.orders, ...second!.orders, ...third!.orders].map((o) => o.orderId)).toEqual(newestFirst);
    expect(await services.checkout.orders(student.id, 4)).toEqual({ orders: [], hasOlder: false });
  });

  it('a payment still being confirmed is not paid again: a new checkout of its exam waits until it settles', async () => {
    const student = await newStudent([
      ['beta', 1],
      ['alpha', 1],
    ]);
    const first = await startPaying(student);
    // Paid with a card that settles later; the store has not heard back yet, so the checkout is still open.
    await sandbox().pay(first, SANDBOX_CARDS.pending);
    const refused = await services.checkout.start(student, null);
    expect(refused).toEqual({
      ok: false,
      message:
        'Your payment for Alpha, Beta is still being confirmed. Access follows as soon as it clears: there is no need to pay again.',
    });
    expect((await checkoutOf(first)).status).toBe('pending');
    expect(
      await db().selectFrom('checkouts').select('order_id').where('user_id', '=', student.id).execute(),
    ).toHaveLength(1);
    // The cart says so before anything is pressed, with the way to the payment's own page; to this student alone.
    expect(await services.checkout.settling(student.id)).toEqual([
      {
        sessionId: first,
        message:
          'Your payment for Alpha, Beta is still being confirmed. Access follows as soon as it clears: there is no need to pay again.',
      },
    ]);
    expect(await services.checkout.settling((await newStudent([['beta', 1]])).id)).toEqual([]);

    now = new Date(now.getTime() + 31_000);
    // Settled in the meantime: starting again asks about it, fulfils it, and there is nothing left to pay.
    expect(await services.checkout.start(student, null)).toEqual({ ok: false, message: 'Your cart is empty.' });
    expect((await checkoutOf(first)).status).toBe('complete');
    expect(await services.checkout.settling(student.id)).toEqual([]);
    expect(await count('orders', student.id)).toBe(1);
    expect(await count('purchases', student.id)).toBe(2);
  });

  it('the cart and checkout count a once-per-student coupon alike: a settling payment uses it, an open page does not', async () => {
    const student = await newStudent([['alpha', 1]]);
    const cartCheck = async () =>
      services.cart.checkCoupon({
        code: 'ONCEEACH',
        userId: student.id,
        cart: await services.cart.view(student.id),
        applied: false,
      });
    // A payment page left open holds the coupon, but a new checkout closes it first: the cart says yes, and so
    // does the checkout.
    await startPaying(student, 'ONCEEACH');
    expect(await cartCheck()).toMatchObject({ ok: true });
    const paying = await startPaying(student, 'ONCEEACH');
    // Paid with a card that settles later: the coupon is spent unless that payment fails.
    await sandbox().pay(paying, SANDBOX_CARDS.pending);
    expect(await services.checkout.sync(paying)).toBe('pending');
    // The student swaps the exam being paid for another and tries the coupon again.
    await services.cart.remove(student.id, 'alpha');
    await services.cart.add(student.id, 'beta');
    // It says so: the coupon is held, not spent, and comes back if that payment fails.
    const held = { ok: false, message: heldBySettlingPayment };
    expect(await cartCheck()).toEqual(held);
    expect(await services.checkout.start(student, 'ONCEEACH')).toEqual(held);
  });

  it("a limited coupon's last use, held by the student's own open payment page, still applies in their cart", async () => {
    const student = await newStudent([['alpha', 1]]);
    const other = await newStudent([['alpha', 1]]);
    const cartCheck = async (userId: string) =>
      services.cart.checkCoupon({ code: 'LASTONE', userId, cart: await services.cart.view(userId), applied: false });
    await startPaying(student, 'LASTONE');
    expect((await coupon('LASTONE')).used_count).toBe(1);
    // Back in the cart: a new checkout would close that page and give the use back, so the coupon stands.
    expect(await cartCheck(student.id)).toMatchObject({ ok: true, discountCents: 500 });
    // Another student meets the limit: the use is held for someone else.
    expect(await cartCheck(other.id)).toEqual({ ok: false, message: 'Coupon usage limit reached' });
    const again = await startPaying(student, 'LASTONE');
    expect(await sandbox().page(again)).toMatchObject({ discountCents: 500, totalCents: 2499 });
    expect((await coupon('LASTONE')).used_count).toBe(1);
  });

  it('two tabs starting to pay at once leave one payment page that can be paid', async () => {
    const student = await newStudent([['alpha', 1]]);
    const results = await Promise.all([services.checkout.start(student, null), services.checkout.start(student, null)]);
    const open = await db()
      .selectFrom('checkouts')
      .select('session_id')
      .where('user_id', '=', student.id)
      .where('status', '=', 'open')
      .execute();
    expect(open).toHaveLength(1);
    const urls = results.flatMap((r) => (r.ok ? [r.url] : []));
    expect(urls).toContain(`${TEST_BASE_URL}/sandbox/checkout/${open[0]!.session_id}`);
    for (const r of results) if (!r.ok) expect(r.message).toBe(checkoutMessages.payingElsewhere);
    for (const url of urls.filter((u) => !u.endsWith(open[0]!.session_id!))) {
      expect(await sandbox().pay(url.split('/').pop()!, SANDBOX_CARDS.succeeds)).toMatchObject({ ok: false });
    }
  });

  it('a checkout closed by a newer one while the provider was still making its page ends that page unpaid', async () => {
    const student = await newStudent([['alpha', 1]]);
    const provider = sandbox().provider;
    let calls = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first page takes its time at the provider (Stripe over a slow link); the second does not.
    const slow: PaymentProvider = {
      ...provider,
      async createSession(request) {
        if (calls++ === 0) await held;
        return provider.createSession(request);
      },
    };
    const checkout = checkoutWith({ provider: slow });
    const first = checkout.start(student, 'ONETAB');
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await checkout.start(student, 'ONETAB');
    expect(second.ok).toBe(true);
    release();
    expect(await first).toEqual({ ok: false, message: checkoutMessages.payingElsewhere });

    const rows = await db()
      .selectFrom('checkouts')
      .select(['session_id', 'status'])
      .where('user_id', '=', student.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['expired', 'open']);
    const closed = rows.find((r) => r.status === 'expired')!;
    expect(closed.session_id).not.toBeNull();
    expect(await sandbox().pay(closed.session_id!, SANDBOX_CARDS.succeeds)).toMatchObject({ ok: false });
    const held2 = await db()
      .selectFrom('coupon_usages')
      .select('status')
      .where('user_id', '=', student.id)
      .where('status', '=', 'reserved')
      .execute();
    expect(held2).toHaveLength(1);
    expect((await coupon('ONETAB')).used_count).toBe(1);
  });

  it('a confirmation email the mail server refuses is logged without the customer’s address', async () => {
    const student = await newStudent([['alpha', 1]]);
    const logged: string[] = [];
    const checkout = checkoutWith({
      mailer: {
        async send(mail) {
          throw new Error(`550 5.1.1 <${mail.to}>: Recipient address rejected`);
        },
        describe: () => 'refusing',
      },
      log: (message) => logged.push(message),
    });
    const started = await checkout.start(student, null);
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split('/').pop()!;
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    expect(await checkout.sync(sessionId)).toBe('succeeded');
    expect(logged).toEqual([
      expect.stringMatching(
        /^Order confirmation for ORD-\w+ not sent: 550 5\.1\.1 <\[email address\]>: Recipient address rejected$/,
      ),
    ]);
    expect(logged.join()).not.toContain(student.email);
  });

  it('a confirmation sent whose sending cannot be recorded is not sent again by the next visit or sweep', async () => {
    const student = await newStudent([['alpha', 1]]);
    const sent: string[] = [];
    const logged: string[] = [];
    const checkout = checkoutWith({
      mailer: { send: async (mail) => void sent.push(mail.to), describe: () => 'working' },
      log: (message) => logged.push(message),
    });
    // The database refuses the one write that records the send (as a dropped connection would).
    if (engine === 'sqlite') {
      await sql`create trigger refuse_sent before update of confirmation_sent_at on orders
        when new.confirmation_sent_at is not null begin select raise(abort, 'connection lost'); end`.execute(db());
    } else {
      await sql`create function refuse_sent() returns trigger language plpgsql as
        $$ begin raise exception 'connection lost'; end $$`.execute(db());
      await sql`create trigger refuse_sent before update of confirmation_sent_at on orders for each row
        when (new.confirmation_sent_at is not null) execute function refuse_sent()`.execute(db());
    }
    const started = await checkout.start(student, null);
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split('/').pop()!;
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    try {
      expect(await checkout.sync(sessionId)).toBe('succeeded');
    } finally {
      await sql`drop trigger refuse_sent${sql.raw(engine === 'sqlite' ? '' : ' on orders')}`.execute(db());
      if (engine === 'postgres') await sql`drop function refuse_sent()`.execute(db());
    }
    expect(logged).toEqual([
      expect.stringMatching(/^Order confirmation for ORD-\w+ sent but not recorded: .*connection lost/),
    ]);
    expect(await checkout.sync(sessionId)).toBe('succeeded');
    await checkout.sweep();
    expect(sent.filter((to) => to === student.email)).toHaveLength(1);
  });

  it('a confirmation not sent (the mail server refused, or the store stopped before sending) goes out with the sweep, once', async () => {
    const student = await newStudent([['alpha', 1]]);
    let refuse = true;
    const sent: string[] = [];
    const checkout = checkoutWith({
      mailer: {
        async send(mail) {
          if (refuse) throw new Error('421 4.3.2 Service not available, try again later');
          sent.push(mail.to);
        },
        describe: () => 'down, then up',
      },
    });
    const started = await checkout.start(student, null);
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split('/').pop()!;
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    expect(await checkout.sync(sessionId)).toBe('succeeded');
    const theirs = () => sent.filter((to) => to === student.email);
    expect(theirs()).toEqual([]);
    refuse = false;
    await checkout.sweep();
    expect(theirs()).toEqual([student.email]);
    await checkout.sweep();
    expect(await checkout.sync(sessionId)).toBe('succeeded');
    expect(theirs()).toHaveLength(1);

    // A store that stopped after claiming the send and before making it: another takes it over, but only
    // once the claim is old enough that no send can still be under way.
    const order = db().updateTable('orders').where('session_id', '=', sessionId);
    await order.set({ confirmation_sent_at: null, confirmation_claimed_at: now.toISOString() }).execute();
    await checkout.sweep();
    expect(theirs()).toHaveLength(1);
    now = new Date(now.getTime() + CLAIM_OUTLIVED_MS + 1000);
    await checkout.sweep();
    await checkout.sweep();
    expect(theirs()).toHaveLength(2);

    // An order over a week old is left alone: a mail server wrong for that long needs a person.
    await order.set({ confirmation_sent_at: null, confirmation_claimed_at: null }).execute();
    now = new Date(now.getTime() + 8 * 24 * 60 * 60 * 1000);
    await checkout.sweep();
    expect(theirs()).toHaveLength(2);
  });

  it.each([
    ['paid', SANDBOX_CARDS.succeeds],
    ['settling', SANDBOX_CARDS.pending],
  ])(
    'a payment that goes through on the open page while another tab starts paying (%s) is not charged again',
    async (_, card) => {
      const student = await newStudent([['alpha', 1]]);
      const first = await startPaying(student);
      let payElsewhere = true;
      // The other tab's payment lands right after this start has read the cart.
      const racing = checkoutWith({
        cart: {
          ...services.cart,
          async view(userId) {
            const cart = await services.cart.view(userId);
            if (payElsewhere) {
              payElsewhere = false;
              await sandbox().pay(first, card);
              await services.checkout.sync(first);
            }
            return cart;
          },
        },
      });
      expect(await racing.start(student, null)).toEqual({ ok: false, message: checkoutMessages.payingElsewhere });
      const started = await db()
        .selectFrom('checkouts')
        .select('status')
        .where('user_id', '=', student.id)
        .where('status', 'in', ['creating', 'open'])
        .execute();
      expect(started).toEqual([]);
    },
  );

  it('a purchase of an exam the student got access to meanwhile starts when that access ends', async () => {
    const student = await newStudent([['gamma', 1]]);
    const sessionId = await startPaying(student);
    // While the payment page is open, support gives 30 days of Gamma, dated ten days ago: 20 are left.
    const tenDaysAgo = new Date(now.getTime() - 10 * DAY_MS);
    await db()
      .insertInto('purchases')
      .values({
        id: randomUUID(),
        user_id: student.id,
        exam_id: 'gamma',
        title: 'Gamma',
        category: 'Test',
        price_cents: 0,
        quantity: 1,
        total_amount_cents: 0,
        session_id: null,
        order_id: null,
        status: 'active',
        purchase_date: tenDaysAgo.toISOString(),
        expires_at: new Date(tenDaysAgo.getTime() + 30 * DAY_MS).toISOString(),
        last_access_date: null,
        updated_at: tenDaysAgo.toISOString(),
      })
      .execute();
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    expect(await services.checkout.sync(sessionId)).toBe('succeeded');
    const bought = await db()
      .selectFrom('purchases')
      .select(['purchase_date', 'expires_at'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(bought.purchase_date).toBe(now.toISOString());
    // 20 days left, then the 30 bought.
    expect(bought.expires_at).toBe(new Date(now.getTime() + 50 * DAY_MS).toISOString());
  });

  it('the cancel link of a page paid already leads to the receipt, or to the pending page while it settles', async () => {
    const paid = await newStudent([['alpha', 1]]);
    const paidSession = await startPaying(paid);
    await sandbox().pay(paidSession, SANDBOX_CARDS.succeeds);
    const paidOrder = (await checkoutOf(paidSession)).order_id;
    expect(await services.checkout.cancel(paid.id, paidOrder)).toEqual({
      sessionId: paidSession,
      outcome: 'succeeded',
    });
    expect(await count('orders', paid.id)).toBe(1);

    const settling = await newStudent([['beta', 1]]);
    const settlingSession = await startPaying(settling);
    await sandbox().pay(settlingSession, SANDBOX_CARDS.pending);
    const settlingOrder = (await checkoutOf(settlingSession)).order_id;
    expect(await services.checkout.cancel(settling.id, settlingOrder)).toEqual({
      sessionId: settlingSession,
      outcome: 'pending',
    });
    expect((await checkoutOf(settlingSession)).status).toBe('pending');
  });

  it('a checkout that ended unpaid does not hold its exam back', async () => {
    const student = await newStudent([['alpha', 1]]);
    const first = await startPaying(student);
    await sandbox().pay(first, SANDBOX_CARDS.pending);
    expect(await services.checkout.sync(first)).toBe('pending');
    await db().updateTable('checkouts').set({ status: 'failed' }).where('session_id', '=', first).execute();
    expect(await services.checkout.start(student, null)).toMatchObject({ ok: true });
  });

  it('the cancel link closes the payment, gives the coupon back and keeps the cart', async () => {
    const student = await newStudent([['alpha', 1]]);
    const sessionId = await startPaying(student, 'TENOFF');
    const before = (await coupon('TENOFF')).used_count;
    const cancelUrl = await sandbox().cancel(sessionId);
    const orderId = (await checkoutOf(sessionId)).order_id;
    expect(cancelUrl).toBe(`${TEST_BASE_URL}/payment/failed?order=${orderId}`);
    expect(await services.checkout.cancel(student.id, orderId)).toEqual({ outcome: 'cancelled' });
    expect((await checkoutOf(sessionId)).status).toBe('expired');
    expect((await coupon('TENOFF')).used_count).toBe(before - 1);
    expect(await cartOf(student.id)).toEqual(['alpha']);
    expect(await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds)).toMatchObject({ ok: false });
  });

  it("a student's cancel link cannot close another student's checkout", async () => {
    const owner = await newStudent([['alpha', 1]]);
    const other = await newStudent([]);
    const sessionId = await startPaying(owner);
    expect(await services.checkout.cancel(other.id, (await checkoutOf(sessionId)).order_id)).toBeNull();
    expect((await checkoutOf(sessionId)).status).toBe('open');
  });

  it('the return, the webhook and 50 duplicate deliveries at once leave one order and one purchase per item', async () => {
    const student = await newStudent([
      ['alpha', 1],
      ['beta', 1],
    ]);
    const sessionId = await startPaying(student, 'TENOFF');
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    const [event] = deliveries;
    const outcomes = await Promise.all([
      ...Array.from({ length: 50 }, () => services.checkout.notify(Buffer.from(event!.body), event!.signature)),
      ...Array.from({ length: 10 }, () => services.checkout.sync(sessionId)),
    ]);
    expect(new Set(outcomes)).toEqual(new Set(['succeeded']));
    expect(await count('orders', student.id)).toBe(1);
    expect(await count('order_items', student.id)).toBe(2);
    expect(await count('purchases', student.id)).toBe(2);
    const uses = await db().selectFrom('coupon_usages').selectAll().where('user_id', '=', student.id).execute();
    expect(uses.map((u) => u.status)).toEqual(['used']);
    expect(mailer.sent).toHaveLength(1);
  });

  it('100 students paying at once with a coupon limited to 10 uses: 10 hold it and usedCount ends at 10', async () => {
    const students = await Promise.all(Array.from({ length: 100 }, () => newStudent([['alpha', 1]])));
    const started = await Promise.all(students.map((s) => services.checkout.start(s, 'LIMIT10')));
    const ok = started.filter((r) => r.ok);
    expect(ok).toHaveLength(10);
    expect(new Set(started.filter((r) => !r.ok).map((r) => (r as { message: string }).message))).toEqual(
      new Set(['Coupon usage limit reached']),
    );
    const sessions = ok.map((r) => (r as { url: string }).url.split('/').pop()!);
    await Promise.all(sessions.map((id) => sandbox().pay(id, SANDBOX_CARDS.succeeds)));
    await Promise.all(sessions.map((id) => services.checkout.sync(id)));
    expect((await coupon('LIMIT10')).used_count).toBe(10);
    const uses = await db().selectFrom('coupon_usages').select('status').where('coupon_code', '=', 'LIMIT10').execute();
    expect(uses.map((u) => u.status)).toEqual(Array(10).fill('used'));
  });

  it('one student starting two checkouts at once holds a once-per-student coupon at most once', async () => {
    const student = await newStudent([['alpha', 1]]);
    await Promise.all([services.checkout.start(student, 'ONCEONLY'), services.checkout.start(student, 'ONCEONLY')]);
    const held = await db()
      .selectFrom('coupon_usages')
      .select('status')
      .where('user_id', '=', student.id)
      .where('status', '=', 'reserved')
      .execute();
    expect(held).toHaveLength(1);
    expect((await coupon('ONCEONLY')).used_count).toBe(1);
  });

  it('a refused start leaves the open payment page payable, its coupon still held', async () => {
    const student = await newStudent([['alpha', 1]]);
    const sessionId = await startPaying(student, 'TENOFF');
    const held = (await coupon('TENOFF')).used_count;
    expect(await services.checkout.start(student, 'NOSUCHCODE')).toEqual({
      ok: false,
      message: couponMessages.unknown,
    });
    expect((await coupon('TENOFF')).used_count).toBe(held);
    expect(await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds)).toMatchObject({ ok: true });
    expect(await services.checkout.sync(sessionId)).toBe('succeeded');
  });

  it('a start just after the open page was paid in another tab charges nothing twice', async () => {
    const student = await newStudent([
      ['alpha', 1],
      ['beta', 1],
    ]);
    const sessionId = await startPaying(student);
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds); // its notice not yet in
    expect(await services.checkout.start(student, null)).toEqual({ ok: false, message: checkoutMessages.emptyCart });
    expect(await count('orders', student.id)).toBe(1);
    expect(await count('purchases', student.id)).toBe(2);
  });

  it('unknown coupon codes tried at checkout count against the same limit as in the cart', async () => {
    const student = await newStudent([['alpha', 1]]);
    const caller = '10.77.0.1';
    for (let i = 0; i < COUPON_GUESSES_PER_MINUTE; i++)
      expect(await services.checkout.start(student, `GUESS${i}`, caller)).toEqual({
        ok: false,
        message: couponMessages.unknown,
      });
    expect(await services.checkout.start(student, 'TENOFF', caller)).toEqual({
      ok: false,
      message: couponMessages.tooManyGuesses,
    });
    const elsewhere = await services.checkout.start(student, 'TENOFF', '10.77.0.2');
    if (!elsewhere.ok) throw new Error(elsewhere.message);
    const opened = await checkoutOf(elsewhere.url.split('/').pop()!);
    await services.checkout.cancel(student.id, opened.order_id); // gives the hold back for the tests after
  });

  it('a checkout left unpaid past its lifetime is closed by the sweep and its coupon hold given back', async () => {
    const student = await newStudent([['alpha', 1]]);
    const sessionId = await startPaying(student, 'TENOFF');
    const before = (await coupon('TENOFF')).used_count;
    now = new Date(now.getTime() + CHECKOUT_LIFETIME_MS + 1000);
    expect(await services.checkout.sweep()).toBeGreaterThanOrEqual(1);
    expect((await checkoutOf(sessionId)).status).toBe('expired');
    expect((await coupon('TENOFF')).used_count).toBe(before - 1);
    expect(await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds)).toMatchObject({ ok: false });
  });

  it('a payment that settles while nobody asks (its notice lost in a restart) is fulfilled by the sweep', async () => {
    const student = await newStudent([['gamma', 1]]);
    const sessionId = await startPaying(student);
    await sandbox().pay(sessionId, SANDBOX_CARDS.pending);
    expect(await services.checkout.sync(sessionId)).toBe('pending');
    expect(await services.checkout.sweep()).toBeGreaterThanOrEqual(1);
    expect((await checkoutOf(sessionId)).status).toBe('pending');
    now = new Date(now.getTime() + 31_000);
    mailer.sent.length = 0;
    await services.checkout.sweep();
    expect((await checkoutOf(sessionId)).status).toBe('complete');
    expect(await count('purchases', student.id)).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('fulfilment that fails half-way leaves nothing behind, and the next delivery completes it', async () => {
    const student = await newStudent([
      ['alpha', 1],
      ['beta', 1],
    ]);
    const sessionId = await startPaying(student, 'TENOFF');
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    // A purchase already recorded for this session and exam makes the transaction fail at its third write,
    // after the order and its items were written.
    const blocker = randomUUID();
    await db()
      .insertInto('purchases')
      .values({
        id: blocker,
        user_id: (await newStudent([])).id,
        exam_id: 'beta',
        title: 'x',
        category: 'x',
        price_cents: 0,
        quantity: 1,
        total_amount_cents: 0,
        session_id: sessionId,
        order_id: null,
        status: 'revoked',
        purchase_date: now.toISOString(),
        expires_at: now.toISOString(),
        last_access_date: null,
        updated_at: now.toISOString(),
      })
      .execute();
    await expect(services.checkout.sync(sessionId)).rejects.toThrow(/unique constraint/i);
    expect(await count('orders', student.id)).toBe(0);
    expect(await count('purchases', student.id)).toBe(0);
    expect(await cartOf(student.id)).toEqual(['alpha', 'beta']);
    expect(
      (
        await db()
          .selectFrom('coupon_usages')
          .select('status')
          .where('user_id', '=', student.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('reserved');
    expect((await checkoutOf(sessionId)).status).toBe('open');

    await db().deleteFrom('purchases').where('id', '=', blocker).execute();
    expect(await services.checkout.notify(Buffer.from(deliveries[0]!.body), deliveries[0]!.signature)).toBe(
      'succeeded',
    );
    expect(await count('orders', student.id)).toBe(1);
    expect(await count('purchases', student.id)).toBe(2);
  });

  if (engine === 'postgres')
    it('fulfilment takes the student’s row before the coupon’s, as a start does, so the two never deadlock', async () => {
      const student = await newStudent([['alpha', 1]]);
      const sessionId = await startPaying(student, 'TENOFF');
      await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
      const orderId = (await checkoutOf(sessionId)).order_id;
      // The hold given back as the card was taken (the page expiring): fulfilment counts the use again, on the
      // coupon's row.
      await db()
        .transaction()
        .execute((trx) => releaseCoupon(trx, 'TENOFF', orderId, now.toISOString()));
      let fulfilled: Promise<unknown> = Promise.resolve();
      await db()
        .transaction()
        .execute(async (start) => {
          await lockUser(start, student.id); // a start of the same student, under way
          fulfilled = services.checkout.sync(sessionId);
          await new Promise((resolve) => setTimeout(resolve, 300));
          // What the start takes next: free, because fulfilment waits for the student's row before it.
          await sql`select code from coupons where code = 'TENOFF' for update nowait`.execute(start);
        });
      expect(await fulfilled).toBe('succeeded');
      expect(await count('orders', student.id)).toBe(1);
      expect((await coupon('TENOFF')).used_count).toBeGreaterThan(0);
    });

  it('a payment session the store never recorded is found by its order id and fulfilled', async () => {
    const student = await newStudent([['alpha', 1]]);
    const sessionId = await startPaying(student);
    // As if the store stopped right after the provider answered, before it wrote the session down.
    await db().updateTable('checkouts').set({ session_id: null }).where('session_id', '=', sessionId).execute();
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    expect(await services.checkout.sync(sessionId)).toBe('succeeded');
    expect(await count('purchases', student.id)).toBe(1);
  });

  it('a visitor who asks about many sessions the store never recorded is no longer passed on to the provider', async () => {
    const student = await newStudent([['alpha', 1]]);
    const sessionId = await startPaying(student);
    await db().updateTable('checkouts').set({ session_id: null }).where('session_id', '=', sessionId).execute();
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    for (let i = 0; i < UNKNOWN_SESSIONS_PER_MINUTE; i++) {
      expect(await services.checkout.sync(`sbx_cs_made_up_${i}`, '203.0.113.9')).toBe('not-found');
    }
    // Even a real payment the store has no record of is not asked about for that visitor now…
    expect(await services.checkout.sync(sessionId, '203.0.113.9')).toBe('not-found');
    expect(await count('purchases', student.id)).toBe(0);
    // …but it is for anyone else, and the payment is fulfilled.
    expect(await services.checkout.sync(sessionId, '198.51.100.7')).toBe('succeeded');
    expect(await count('purchases', student.id)).toBe(1);
    // Sessions the store knows are answered for the visitor who used up the limit.
    expect(await services.checkout.sync(sessionId, '203.0.113.9')).toBe('succeeded');
  });

  it('an empty cart cannot be paid for, and an unknown session is not found', async () => {
    const student = await newStudent([]);
    expect(await services.checkout.start(student, null)).toEqual({ ok: false, message: 'Your cart is empty.' });
    expect(await services.checkout.sync('sbx_cs_nope')).toBe('not-found');
  });

  it('the webhook refuses a bad or missing signature and a changed body, and changes nothing', async () => {
    const app = await buildApp({ database: { ...database, close: async () => undefined }, services });
    const student = await newStudent([['alpha', 1]]);
    const sessionId = await startPaying(student);
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    const { body, signature } = deliveries[0]!;
    const post = (payload: string, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });

    const forged = signature.replace(/v1=./, (s) => (s.endsWith('0') ? 'v1=1' : 'v1=0'));
    for (const response of [
      await post(body, { [SANDBOX_SIGNATURE_HEADER]: forged }),
      await post(body, {}),
      await post(body.replace(sessionId, 'sbx_cs_other'), { [SANDBOX_SIGNATURE_HEADER]: signature }),
      await post('{', { [SANDBOX_SIGNATURE_HEADER]: 't=1,v1=00' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The notification signature does not match' });
    }
    // Signed as it should be, but replayed more than 5 minutes after it was sent.
    const sent = now;
    now = new Date(sent.getTime() + 301_000);
    expect((await post(body, { [SANDBOX_SIGNATURE_HEADER]: signature })).statusCode).toBe(400);
    now = sent;
    expect(await count('orders', student.id)).toBe(0);
    expect((await checkoutOf(sessionId)).status).toBe('open');

    const accepted = await post(body, { [SANDBOX_SIGNATURE_HEADER]: signature });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ received: true, outcome: 'succeeded' });
    expect(await count('orders', student.id)).toBe(1);
    await app.close();
  });

  it("the sandbox's notification travels over HTTP to the running store's webhook and is accepted", async () => {
    const app = await buildApp({ database: { ...database, close: async () => undefined }, services });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const student = await newStudent([['beta', 1]]);
    const sessionId = await startPaying(student);
    await sandbox().pay(sessionId, SANDBOX_CARDS.succeeds);
    const { body, signature } = deliveries[0]!;
    await httpDeliver(`${address}${WEBHOOK_PATH}`)(body, signature);
    expect(await count('orders', student.id)).toBe(1);
    await app.close();
  });
});
