import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices } from '../../testing/services.ts';
import { insertStudent, signUpStudent } from '../../testing/students.ts';
import { importContent } from '../catalogue/content-import.ts';
import { grantAccess } from '../practice/access.ts';
import { createCoupon, newCouponSchema } from '../promotions/coupons.ts';
import { COUPON_GUESSES_PER_MINUTE } from './service.ts';

describe.each(engines)('carts on %s', (engine) => {
  let database: DatabaseHandle;
  let services: ReturnType<typeof createTestServices>;
  let userId: string;
  const now = new Date('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await importContent(database.db, [
      contentFixture('alpha', { title: 'Alpha', priceCents: 2999 }, 1),
      contentFixture('beta', { title: 'Beta', priceCents: 1999 }, 1),
      contentFixture('gamma', { title: 'Gamma', priceCents: 4999 }, 1),
    ]);
    services = createTestServices(database, { clock: () => now });
    userId = (
      await signUpStudent(
        services,
        database,
        { name: 'Car T', email: 'cart@example.com', password: 'shopping-time-1' },
        '10.5.5.5',
      )
    ).id;
    await createCoupon(database.db, newCouponSchema.parse({ code: 'TENOFF', type: 'percentage', value: 10 }), now);
  });
  afterAll(() => database.close());

  it('adds once, says when an exam is already there, and prices from the catalogue', async () => {
    expect((await services.cart.add(userId, 'alpha')).result).toBe('added');
    expect((await services.cart.add(userId, 'alpha')).result).toBe('already');
    expect((await services.cart.add(userId, 'nope')).result).toBe('unknown');
    const { cart } = await services.cart.add(userId, 'beta');
    expect(cart).toMatchObject({ count: 2, totalCents: 4998 });
    expect(cart.items.map((i) => [i.examId, i.title, i.priceCents, i.quantity])).toEqual([
      ['alpha', 'Alpha', 2999, 1],
      ['beta', 'Beta', 1999, 1],
    ]);
  });

  it('says when it read every stored cart it answers with, an emptied one too', async () => {
    // The page keeps the latest read of a student's cart: an answer without its time would lose to any other.
    const readAt = now.getTime();
    expect((await services.cart.view(userId)).readAt).toBe(readAt);
    expect((await services.cart.setQuantity(userId, 'alpha', 1)).readAt).toBe(readAt);
    const cleared = await services.cart.clear(userId);
    expect(cleared).toEqual({ items: [], count: 0, totalCents: 0, readAt });
    expect((await services.cart.add(userId, 'alpha')).cart.readAt).toBe(readAt);
    expect((await services.cart.add(userId, 'beta')).cart.readAt).toBe(readAt);
  });

  it('keeps quantities at 1 or more and totals price × quantity', async () => {
    expect((await services.cart.setQuantity(userId, 'beta', 3)).totalCents).toBe(2999 + 3 * 1999);
    expect((await services.cart.setQuantity(userId, 'beta', 0)).items.find((i) => i.examId === 'beta')!.quantity).toBe(
      1,
    );
    expect((await services.cart.remove(userId, 'beta')).items.map((i) => i.examId)).toEqual(['alpha']);
  });

  it('prices an anonymous cart itself: prices and titles from the browser are ignored', async () => {
    const priced = await services.cart.priceLocal([
      { id: 'gamma', quantity: 2, price: 1, title: 'Free!' } as never,
      { id: 'nope', quantity: 1 },
    ]);
    expect(priced).toEqual({
      items: [
        {
          examId: 'gamma',
          title: 'Gamma',
          category: 'Cloud',
          thumbnail: null,
          priceCents: 4999,
          quantity: 2,
          // The fixture's default validity: each unit buys 365 days.
          validityDays: 365,
          lineTotalCents: 9998,
        },
      ],
      count: 2,
      totalCents: 9998,
    });
  });

  it('merges the browser cart at sign-in: absent ids are added, stored lines stay as they are', async () => {
    await services.cart.setQuantity(userId, 'alpha', 2);
    const merged = await services.cart.merge(userId, [
      { id: 'alpha', quantity: 5 },
      { id: 'gamma', quantity: 1 },
      { id: 'nope', quantity: 1 },
    ]);
    expect(merged.items.map((i) => [i.examId, i.quantity])).toEqual([
      ['alpha', 2],
      ['gamma', 1],
    ]);
  });

  it('keeps the browser cart’s order when it becomes the stored cart at sign-in', async () => {
    const newcomer = await insertStudent(database, [], now);
    const lines = ['gamma', 'alpha', 'beta'].map((id) => ({ id, quantity: 1 }));
    expect((await services.cart.merge(newcomer.id, lines)).items.map((i) => i.examId)).toEqual([
      'gamma',
      'alpha',
      'beta',
    ]);
  });

  it('never holds an exam the student owns', async () => {
    await grantAccess(database.db, 'cart@example.com', 'gamma', now);
    expect((await services.cart.view(userId)).items.map((i) => i.examId)).toEqual(['alpha']);
    const page = await services.cart.viewWithOwned(userId);
    expect(page.owned).toEqual(['gamma']);
    expect(page.cart.items.map((i) => i.examId)).toEqual(['alpha']);
    expect((await services.cart.add(userId, 'gamma')).result).toBe('owned');
    expect((await services.cart.merge(userId, [{ id: 'gamma', quantity: 1 }])).items.map((i) => i.examId)).toEqual([
      'alpha',
    ]);
  });

  it('checks coupons against the total it computes, entry checks first', async () => {
    const cart = await services.cart.view(userId);
    expect(cart.totalCents).toBe(5998);
    expect(await services.cart.checkCoupon({ code: 'tenoff', userId, cart, applied: false })).toEqual({
      ok: true,
      discountCents: 600,
      message: 'Coupon applied successfully! You saved $6.00',
    });
    expect(await services.cart.checkCoupon({ code: 'TEN', userId, cart, applied: false })).toEqual({
      ok: false,
      message: 'Coupon code must be at least 4 characters',
    });
    expect(await services.cart.checkCoupon({ code: 'TENOFF', userId, cart, applied: true })).toEqual({
      ok: false,
      message: 'Please remove the current coupon before applying a new one',
    });
    expect(
      await services.cart.checkCoupon({
        code: 'TENOFF',
        userId,
        cart: await services.cart.clear(userId),
        applied: false,
      }),
    ).toEqual({
      ok: false,
      message: 'Add items to cart before applying a coupon',
    });
  });

  it('stops answering a caller who tries too many codes that do not exist, whatever the code', async () => {
    const cart = await services.cart.priceLocal([{ id: 'alpha', quantity: 1 }]);
    const check = (code: string, caller: string) =>
      services.cart.checkCoupon({ code, userId: null, cart, applied: false, caller });
    // Codes that exist, and codes refused before the lookup, are not guesses.
    for (let i = 0; i < 10; i++) expect((await check('TENOFF', 'guesser')).ok).toBe(true);
    expect((await check('BAD!', 'guesser')).message).toBe('Coupon code can only contain letters and numbers');
    for (let i = 0; i < COUPON_GUESSES_PER_MINUTE; i++) {
      expect(await check(`GUESS${i}`, 'guesser')).toEqual({ ok: false, message: 'Invalid coupon code' });
    }
    const wait = 'Too many coupon codes tried. Please wait a minute and try again.';
    expect(await check('TENOFF', 'guesser')).toEqual({ ok: false, message: wait });
    expect(await check('GUESSX', 'guesser')).toEqual({ ok: false, message: wait });
    // Another caller is answered as before.
    expect((await check('TENOFF', 'student')).ok).toBe(true);
  });
});
