import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { accessEnds } from '../../../shared/progress.ts';
import type { Database, PurchasesTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

export interface Access {
  purchaseDate: string;
  expiresAt: string;
}

/**
 * A user's access to an exam: the purchase not revoked that ends last (a support grant of a year does not
 * shorten a two-year purchase). Running now, it is the access; ended, it says when access ran out.
 */
export async function examAccess(
  db: Db,
  userId: string,
  examId: string,
  now: Date,
): Promise<{ access: Access | null; endedAt: string | null }> {
  const row = await db
    .selectFrom('purchases')
    .select(['purchase_date', 'expires_at'])
    .where('user_id', '=', userId)
    .where('exam_id', '=', examId)
    .where('status', '=', 'active')
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  if (!row) return { access: null, endedAt: null };
  if (row.expires_at <= now.toISOString()) return { access: null, endedAt: row.expires_at };
  return { access: { purchaseDate: row.purchase_date, expiresAt: row.expires_at }, endedAt: null };
}

/** Whether the user ever had a purchase of the exam, whatever became of it (expired, revoked). */
export async function everBought(db: Db, userId: string, examId: string): Promise<boolean> {
  const row = await db
    .selectFrom('purchases')
    .select('exam_id')
    .where('user_id', '=', userId)
    .where('exam_id', '=', examId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every exam the user may open in full now: one with an active, unexpired purchase. */
export async function ownedExamIds(db: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('purchases')
    .select('exam_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('expires_at', '>', now.toISOString())
    .execute();
  return rows.map((r) => r.exam_id);
}

export type GrantResult = { ok: true; expiresAt: string } | { ok: false; error: string };

/**
 * When new access to each exam starts for the user: when the access they have now ends, or `at` if none is
 * running. Access already had (bought on another page at the same moment, given by support) is never paid
 * or granted twice over.
 */
export async function accessStarts(
  db: Db,
  userId: string,
  examIds: string[],
  at: string,
): Promise<(examId: string) => string> {
  const running = await db
    .selectFrom('purchases')
    .select(['exam_id', 'expires_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('exam_id', 'in', examIds)
    .where('expires_at', '>', at)
    .execute();
  return (examId) =>
    running.reduce((from, r) => (r.exam_id === examId && r.expires_at > from ? r.expires_at : from), at);
}

/**
 * Grants access the way a purchase does (support staff use it through `npm run access`): one purchase
 * row at the exam's current price, valid for the exam's validity days from when any access the student
 * has now ends.
 */
export async function grantAccess(db: Db, email: string, examId: string, now: Date): Promise<GrantResult> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) return { ok: false, error: `No account with the email ${email}` };
  const exam = await db
    .selectFrom('exams')
    .select(['id', 'title', 'category', 'price_cents', 'validity_days'])
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) return { ok: false, error: `No exam with the id ${examId}` };
  const purchaseDate = now.toISOString();
  const row: PurchasesTable = {
    id: randomUUID(),
    user_id: user.id,
    exam_id: exam.id,
    title: exam.title,
    category: exam.category,
    price_cents: exam.price_cents,
    quantity: 1,
    total_amount_cents: exam.price_cents,
    session_id: null,
    order_id: null,
    status: 'active',
    purchase_date: purchaseDate,
    expires_at: accessEnds(
      (await accessStarts(db, user.id, [exam.id], purchaseDate))(exam.id),
      exam.validity_days,
    ).toISOString(),
    last_access_date: null,
    updated_at: purchaseDate,
  };
  await db.insertInto('purchases').values(row).execute();
  return { ok: true, expiresAt: row.expires_at };
}

/**
 * Ends the user's running access to the exam (every active purchase not yet expired; an expired one stays
 * as it is, so the student's page still says when access ended). Returns how many there were.
 */
export async function revokeAccess(
  db: Db,
  email: string,
  examId: string,
  now: Date,
): Promise<number | { error: string }> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) return { error: `No account with the email ${email}` };
  const result = await db
    .updateTable('purchases')
    .set({ status: 'revoked', updated_at: now.toISOString() })
    .where('user_id', '=', user.id)
    .where('exam_id', '=', examId)
    .where('status', '=', 'active')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  const revoked = Number(result.numUpdatedRows);
  // A mistyped exam id must not read as "had no access", leaving the real one open.
  if (revoked === 0 && !(await db.selectFrom('exams').select('id').where('id', '=', examId).executeTakeFirst())) {
    return { error: `No exam with the id ${examId}` };
  }
  return revoked;
}
