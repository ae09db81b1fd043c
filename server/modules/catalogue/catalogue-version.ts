import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The catalogue's current version: it rises whenever a content import changes anything. */
export async function catalogueVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * A write that changes nothing, made first in the import's transaction: SQLite takes its write lock there
 * (so busy_timeout waits for a store that is writing), and PostgreSQL holds the row, so imports take turns.
 */
export async function lockCatalogueVersion(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('catalogue_version')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', 1)
    .execute();
}

/** Raises the version; called inside the import's transaction, so it commits with the content. */
export async function raiseCatalogueVersion(db: Kysely<Database>, now: string): Promise<void> {
  await db
    .updateTable('catalogue_version')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', 1)
    .execute();
}
