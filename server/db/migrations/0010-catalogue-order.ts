import { sql, type Kysely } from 'kysely';

/**
 * The catalogue's order as an index — most popular first, then title, then id (decision 0014) — so a page
 * of the catalogue is read from the index instead of sorting every exam. It replaces the index on
 * popularity alone, which it starts with.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index exams_catalogue_order on exams (popularity desc, title, id)`.execute(db);
  await db.schema.dropIndex('exams_popularity').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('exams_popularity').on('exams').column('popularity').execute();
  await db.schema.dropIndex('exams_catalogue_order').execute();
}
