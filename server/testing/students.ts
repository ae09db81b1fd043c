import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.ts';

/** A student written straight into the tables (no password hashing), with a stored cart of [exam, quantity]. */
export async function insertStudent(
  database: DatabaseHandle,
  cart: [examId: string, quantity: number][],
  now: Date,
): Promise<{ id: string; email: string; name: string }> {
  const id = randomUUID();
  const student = { id, email: `${id}@example.com`, name: `Student ${id.slice(0, 4)}` };
  const at = now.toISOString();
  await database.db
    .insertInto('users')
    .values({
      ...student,
      emailVerified: database.engine === 'postgres' ? false : 0,
      image: null,
      createdAt: at,
      updatedAt: at,
      lastOrderAt: null,
    })
    .execute();
  for (const [examId, quantity] of cart) {
    await database.db
      .insertInto('cart_items')
      .values({ user_id: id, exam_id: examId, quantity, added_at: at })
      .execute();
  }
  return student;
}
