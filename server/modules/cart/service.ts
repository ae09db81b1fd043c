import type { Kysely } from 'kysely';
import { EMPTY_CART, MAX_QUANTITY, type CartLine, type CartView } from '../../../shared/cart.ts';
import { couponMessages } from '../../../shared/coupon-messages.ts';
import { couponEntryProblem, type CouponCheck } from '../../../shared/coupon-rules.ts';
import type { Database } from '../../db/schema.ts';
import { createRateLimit } from '../../lib/rate-limit.ts';
import { ownedExamIds as ownedBy } from '../practice/access.ts';
import { validateCoupon } from '../promotions/coupons.ts';

type Db = Kysely<Database>;
export type AddResult = 'added' | 'already' | 'owned' | 'unknown';

/** How many codes that do not exist one caller may try in a minute before coupon checks stop answering. */
export const COUPON_GUESSES_PER_MINUTE = 5;

/**
 * Carts: stored for signed-in students, priced for anonymous visitors from the ids their browser keeps.
 * Every price and title comes from the catalogue; a cart never holds an exam its owner already has.
 */

export function createCartService(db: Db, clock: () => Date) {
  const ownedExamIds = (userId: string) => ownedBy(db, userId, clock());
  const guesses = createRateLimit({ limit: COUPON_GUESSES_PER_MINUTE, windowMs: 60_000, now: () => clock().getTime() });

  /** Prices lines from the catalogue; unknown and owned exams are left out. */
  async function price(lines: { examId: string; quantity: number }[], owned: string[]): Promise<CartView> {
    const wanted = lines.filter((l) => !owned.includes(l.examId));
    if (wanted.length === 0) return EMPTY_CART;
    const exams = await db
      .selectFrom('exams')
      .select(['id', 'title', 'category', 'thumbnail', 'price_cents', 'validity_days'])
      .where(
        'id',
        'in',
        wanted.map((l) => l.examId),
      )
      .execute();
    const items: CartLine[] = wanted.flatMap((line) => {
      const exam = exams.find((e) => e.id === line.examId);
      if (!exam) return [];
      const quantity = Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(line.quantity)));
      return [
        {
          examId: exam.id,
          title: exam.title,
          category: exam.category,
          thumbnail: exam.thumbnail,
          priceCents: exam.price_cents,
          quantity,
          validityDays: exam.validity_days,
          lineTotalCents: exam.price_cents * quantity,
        },
      ];
    });
    return {
      items,
      count: items.reduce((n, i) => n + i.quantity, 0),
      totalCents: items.reduce((n, i) => n + i.lineTotalCents, 0),
    };
  }

  /** The stored cart and the exams the student owns, which it never holds. */
  async function viewWithOwned(userId: string): Promise<{ cart: CartView; owned: string[] }> {
    const readAt = clock().getTime();
    const [rows, owned] = await Promise.all([
      db
        .selectFrom('cart_items')
        .select(['exam_id', 'quantity'])
        .where('user_id', '=', userId)
        .orderBy('added_at')
        .execute(),
      ownedExamIds(userId),
    ]);
    const stale = rows.filter((r) => owned.includes(r.exam_id)).map((r) => r.exam_id);
    if (stale.length > 0) {
      await db.deleteFrom('cart_items').where('user_id', '=', userId).where('exam_id', 'in', stale).execute();
    }
    const cart = await price(
      rows.map((r) => ({ examId: r.exam_id, quantity: r.quantity })),
      owned,
    );
    return { cart: { ...cart, readAt }, owned };
  }

  const view = async (userId: string): Promise<CartView> => (await viewWithOwned(userId)).cart;

  return {
    view,
    viewWithOwned,
    ownedExamIds,

    /** An anonymous visitor's cart, priced by the server. */
    priceLocal: (lines: { id: string; quantity: number }[]) =>
      price(
        lines.map((l) => ({ examId: l.id, quantity: l.quantity })),
        [],
      ),

    async add(userId: string, examId: string): Promise<{ result: AddResult; cart: CartView }> {
      const exam = await db.selectFrom('exams').select('id').where('id', '=', examId).executeTakeFirst();
      if (!exam) return { result: 'unknown', cart: await view(userId) };
      if ((await ownedExamIds(userId)).includes(examId)) return { result: 'owned', cart: await view(userId) };
      const inserted = await db
        .insertInto('cart_items')
        .values({ user_id: userId, exam_id: examId, quantity: 1, added_at: clock().toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'exam_id']).doNothing())
        .executeTakeFirst();
      return {
        result: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 'added' : 'already',
        cart: await view(userId),
      };
    },

    async remove(userId: string, examId: string): Promise<CartView> {
      await db.deleteFrom('cart_items').where('user_id', '=', userId).where('exam_id', '=', examId).execute();
      return view(userId);
    },

    async setQuantity(userId: string, examId: string, quantity: number): Promise<CartView> {
      await db
        .updateTable('cart_items')
        .set({ quantity: Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(quantity))) })
        .where('user_id', '=', userId)
        .where('exam_id', '=', examId)
        .execute();
      return view(userId);
    },

    /** The emptied cart, read when the lines went: it replaces on the page any cart read before. */
    async clear(userId: string): Promise<CartView> {
      const readAt = clock().getTime();
      await db.deleteFrom('cart_items').where('user_id', '=', userId).execute();
      return { ...EMPTY_CART, readAt };
    },

    /** Spec §4: the browser's cart joins the stored one at sign-in; ids already stored keep their line. */
    async merge(userId: string, lines: { id: string; quantity: number }[]): Promise<CartView> {
      const known = await db
        .selectFrom('exams')
        .select('id')
        .where('id', 'in', lines.length ? lines.map((l) => l.id) : [''])
        .execute();
      const owned = await ownedExamIds(userId);
      const now = clock().getTime();
      const rows = lines
        .filter((l) => known.some((k) => k.id === l.id) && !owned.includes(l.id))
        .map((l, i) => ({
          user_id: userId,
          exam_id: l.id,
          quantity: Math.min(MAX_QUANTITY, Math.max(1, l.quantity)),
          // A millisecond apart, in the browser cart's order: the stored cart lists them as the visitor saw them.
          added_at: new Date(now + i).toISOString(),
        }));
      if (rows.length > 0) {
        await db
          .insertInto('cart_items')
          .values(rows)
          .onConflict((oc) => oc.columns(['user_id', 'exam_id']).doNothing())
          .execute();
      }
      return view(userId);
    },

    /**
     * Spec §5: the entry checks, then the stored-data checks, against the total the server computes. A
     * caller (the client's address) who has tried too many codes that do not exist is told to wait, whatever
     * the code, so that guessing cannot find the codes that do.
     */
    async checkCoupon(input: {
      code: string;
      userId: string | null;
      cart: CartView;
      applied: boolean;
      caller?: string;
    }): Promise<CouponCheck> {
      const problem = couponEntryProblem({
        code: input.code,
        itemCount: input.cart.items.length,
        totalCents: input.cart.totalCents,
        applied: input.applied,
      });
      if (problem) return { ok: false, message: problem };
      if (input.caller && guesses.exhausted(input.caller)) return { ok: false, message: couponMessages.tooManyGuesses };
      const verdict = await validateCoupon(db, {
        code: input.code,
        userId: input.userId,
        totalCents: input.cart.totalCents,
        now: clock(),
      });
      if (input.caller && !verdict.ok && verdict.message === couponMessages.unknown) guesses.count(input.caller);
      return verdict;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
