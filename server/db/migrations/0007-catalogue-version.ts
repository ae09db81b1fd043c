import type { Kysely } from 'kysely';

/**
 * One row holding the catalogue's version. A content import that changes anything raises it in the same
 * transaction, so every app server (and its page cache) can tell the catalogue changed from one cheap read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('catalogue_version')
    .values({ id: 1, version: 1, updated_at: new Date().toISOString() })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_version').execute();
}
