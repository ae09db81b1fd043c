import { randomUUID } from 'node:crypto';
import { normaliseEmail } from '../../shared/account-rules.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Services } from '../http/load-context.ts';

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

/** A student signed up through the accounts service, password hashed as on the sign-up form; their user id. */
export async function signUpStudent(
  services: Pick<Services, 'accounts'>,
  database: DatabaseHandle,
  details: { name: string; email: string; password: string },
  ip: string,
): Promise<{ id: string }> {
  const registered = await services.accounts.register(details, { ip });
  if (!registered.ok) throw new Error(registered.message);
  return database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normaliseEmail(details.email))
    .executeTakeFirstOrThrow();
}
