import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices } from '../../testing/services.ts';
import { signUpStudent } from '../../testing/students.ts';
import { holdCoupon, releaseCoupon, useCoupon } from './coupon-holds.ts';
import { createCoupon, newCouponSchema, setCouponActive, validateCoupon } from './coupons.ts';

describe.each(engines)('coupons on %s', (engine) => {
  let database: DatabaseHandle;
  let userId: string;
  const now = new Date('2026-11-21T12:00:00.000Z');
  const create = async (input: Record<string, unknown>) => {
    const parsed = newCouponSchema.parse(input);
    expect(await createCoupon(database.db, parsed, now)).toEqual({ ok: true });
  };
  /** A usage record, as fulfilment writes it. */
  const recordUse = (code: string, sessionId: string) =>
    database.db
      .insertInto('coupon_usages')
      .values({
        id: randomUUID(),
        coupon_code: code,
        user_id: userId,
        session_id: sessionId,
        provider_coupon_id: code,
        status: 'used',
        used_at: now.toISOString(),
      })
      .execute();
  const check = (code: string, totalCents = 2999, user: string | null = userId) =>
    validateCoupon(database.db, { code, userId: user, totalCents, now });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const services = createTestServices(database);
    userId = (
      await signUpStudent(
        services,
        database,
        { name: 'Cou Pon', email: 'coupon@example.com', password: 'discounts-please-1' },
        '10.4.4.4',
      )
    ).id;
    await create({ code: 'save10', type: 'percentage', value: '10' });
    await create({ code: 'HALFCAP', type: 'percentage', value: 50, maxDiscountCents: 1000 });
    await create({ code: 'FIVEOFF', type: 'fixed', value: 500 });
    await create({ code: 'LASTDAY', type: 'percentage', value: 10, expires: '2026-11-20' });
    await create({ code: 'TODAY', type: 'percentage', value: 10, expires: '2026-11-21' });
    await create({ code: 'LIMITED', type: 'percentage', value: 10, usageLimit: 2 });
    await create({ code: 'LATEPAY', type: 'fixed', value: 100, perUserLimit: 5 });
    await create({ code: 'LATEFULL', type: 'fixed', value: 100, usageLimit: 1, perUserLimit: 5 });
    await create({ code: 'CUTOFF', type: 'fixed', value: 100, expires: '2026-11-21', perUserLimit: 5 });
  });
  afterAll(() => database.close());

  it('applies stored coupons with the discount in cents', async () => {
    expect(await check(' save10 ')).toEqual({
      ok: true,
      discountCents: 300,
      message: 'Coupon applied successfully! You saved $3.00',
    });
    expect(await check('HALFCAP')).toMatchObject({ discountCents: 1000 });
    expect(await check('FIVEOFF')).toMatchObject({ discountCents: 500 });
    expect(await check('FIVEOFF', 500)).toEqual({ ok: false, message: 'Discount cannot exceed cart total' });
    expect(await check('TODAY')).toMatchObject({ ok: true });
  });

  it('refuses unknown, expired, disabled and used-up coupons with the spec messages', async () => {
    expect(await check('NOSUCH')).toEqual({ ok: false, message: 'Invalid coupon code' });
    expect(await check('LASTDAY')).toEqual({ ok: false, message: 'Coupon has expired' });
    await database.db.updateTable('coupons').set({ used_count: 2 }).where('code', '=', 'LIMITED').execute();
    expect(await check('LIMITED')).toEqual({ ok: false, message: 'Coupon usage limit reached' });
    await setCouponActive(database.db, 'save10', false, now);
    expect(await check('SAVE10')).toEqual({ ok: false, message: 'Coupon is no longer active' });
    await database.db.updateTable('coupons').set({ provider_coupon_id: null }).where('code', '=', 'HALFCAP').execute();
    expect(await check('HALFCAP')).toEqual({ ok: false, message: 'Invalid coupon configuration' });
  });

  it("counts a user's earlier uses against the per-user limit", async () => {
    await recordUse('FIVEOFF', 'cs_1');
    expect(await check('FIVEOFF')).toEqual({ ok: false, message: 'You have already used this coupon' });
    expect(await check('FIVEOFF', 2999, null)).toMatchObject({ ok: true });
  });

  it('keeps usage counts and records consistent in the database itself', async () => {
    await expect(
      database.db.updateTable('coupons').set({ used_count: 3 }).where('code', '=', 'LIMITED').execute(),
    ).rejects.toThrow(/check constraint/i);
    await expect(
      database.db.updateTable('coupons').set({ used_count: -1 }).where('code', '=', 'FIVEOFF').execute(),
    ).rejects.toThrow(/check constraint/i);
    await expect(recordUse('FIVEOFF', 'cs_1')).rejects.toThrow(/unique constraint/i);
  });

  it('a payment that completes after its hold was given back still counts as one use, and only once', async () => {
    const at = now.toISOString();
    const usedCount = async (code: string) =>
      (await database.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow())
        .used_count;
    const usages = (code: string) =>
      database.db
        .selectFrom('coupon_usages')
        .select(['session_id', 'status'])
        .where('coupon_code', '=', code)
        .execute();

    // Held, given back when the page expired, then the provider reports the payment as completed.
    await database.db.transaction().execute(async (trx) => {
      expect(await holdCoupon(trx, { code: 'LATEPAY', userId, checkoutId: 'order-late', now: at })).toBeNull();
    });
    expect(await usedCount('LATEPAY')).toBe(1);
    await database.db.transaction().execute((trx) => releaseCoupon(trx, 'LATEPAY', 'order-late', at));
    expect(await usedCount('LATEPAY')).toBe(0);
    expect(await usages('LATEPAY')).toEqual([{ session_id: 'order-late', status: 'released' }]);
    for (let delivery = 0; delivery < 2; delivery++) {
      await database.db.transaction().execute((trx) => useCoupon(trx, 'LATEPAY', 'order-late', userId, at));
      expect(await usedCount('LATEPAY')).toBe(1);
      expect(await usages('LATEPAY')).toEqual([{ session_id: 'order-late', status: 'used' }]);
    }

    // A completion the store holds no record of at all is recorded as a use too.
    await database.db.transaction().execute((trx) => useCoupon(trx, 'LATEPAY', 'order-unseen', userId, at));
    expect(await usedCount('LATEPAY')).toBe(2);
    expect(await usages('LATEPAY')).toContainEqual({ session_id: 'order-unseen', status: 'used' });

    // The student paid the discounted price either way; a full coupon records the use without passing its limit.
    await database.db.transaction().execute(async (trx) => {
      expect(await holdCoupon(trx, { code: 'LATEFULL', userId, checkoutId: 'order-first', now: at })).toBeNull();
      await releaseCoupon(trx, 'LATEFULL', 'order-first', at);
      expect(await holdCoupon(trx, { code: 'LATEFULL', userId, checkoutId: 'order-second', now: at })).toBeNull();
      await useCoupon(trx, 'LATEFULL', 'order-first', userId, at);
    });
    expect(await usedCount('LATEFULL')).toBe(1);
    expect(await usages('LATEFULL')).toEqual(
      expect.arrayContaining([
        { session_id: 'order-first', status: 'used' },
        { session_id: 'order-second', status: 'reserved' },
      ]),
    );
  });

  it('holds no coupon that was turned off or expired after the checkout checked it', async () => {
    const hold = (at: string, checkoutId: string) =>
      database.db.transaction().execute((trx) => holdCoupon(trx, { code: 'CUTOFF', userId, checkoutId, now: at }));
    const usedCount = async () =>
      (
        await database.db
          .selectFrom('coupons')
          .select('used_count')
          .where('code', '=', 'CUTOFF')
          .executeTakeFirstOrThrow()
      ).used_count;
    // Valid through 21 November (UTC): held at its last moment, refused at midnight.
    expect(await hold('2026-11-21T23:59:59.999Z', 'order-cut-1')).toBeNull();
    expect(await hold('2026-11-22T00:00:00.000Z', 'order-cut-2')).toBe('Coupon has expired');
    expect(await setCouponActive(database.db, 'cutoff', false, now)).toBe(true);
    expect(await hold(now.toISOString(), 'order-cut-3')).toBe('Coupon is no longer active');
    expect(await usedCount()).toBe(1);
    const held = await database.db
      .selectFrom('coupon_usages')
      .select('session_id')
      .where('coupon_code', '=', 'CUTOFF')
      .execute();
    expect(held).toEqual([{ session_id: 'order-cut-1' }]);
  });

  it('refuses a second coupon with the same code', async () => {
    expect(
      await createCoupon(database.db, newCouponSchema.parse({ code: 'Save10', type: 'fixed', value: 100 }), now),
    ).toEqual({
      ok: false,
      error: 'A coupon with the code SAVE10 already exists',
    });
  });
});

describe('coupon input', () => {
  it('names each option that is wrong', () => {
    const result = newCouponSchema.safeParse({
      code: 'AB!',
      type: 'percentage',
      value: 150,
      usageLimit: 0,
      expires: '31/12/2026',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'code: must be 4-20 letters or digits',
      'usageLimit: must be at least 1',
      'expires: must be a date as YYYY-MM-DD',
      'value: a percentage must be from 1 to 100',
    ]);
    expect(newCouponSchema.safeParse({ code: 'GOOD', type: 'percentage', value: 150 }).error!.issues[0]!.message).toBe(
      'a percentage must be from 1 to 100',
    );
  });

  it('reads numbers from the command line in digits only: 0x10 is not 16 cents, nor 1e3 a thousand', () => {
    for (const typed of ['0x10', '1e3', '5.0', '-5', ' ']) {
      const result = newCouponSchema.safeParse({ code: 'DIGITS', type: 'fixed', value: typed });
      expect(result.success, typed).toBe(false);
      expect(result.error!.issues[0]!.path, typed).toEqual(['value']);
    }
    expect(newCouponSchema.safeParse({ code: 'ULIMIT', type: 'fixed', value: '500', usageLimit: '1e2' }).success).toBe(
      false,
    );
    expect(newCouponSchema.parse({ code: 'DIGITS', type: 'fixed', value: ' 500 ', usageLimit: '10' })).toMatchObject({
      value: 500,
      usageLimit: 10,
    });
  });
});
