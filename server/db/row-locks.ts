import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Locks a student's row until the transaction ends, so that two requests of theirs doing the same thing at
 * once (two tabs, a double click) take turns: PostgreSQL holds the row; SQLite runs one transaction at a time.
 */
export async function lockUser(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ id: sql<string>`id` })
    .where('id', '=', userId)
    .execute();
}
