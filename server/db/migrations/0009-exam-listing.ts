import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The number of practice tests kept on each exam row, so the catalogue listing is one pass over one table;
 * content imports keep it up to date, existing exams are counted here.
 *
 * On PostgreSQL a trigram index on `search_text` lets a search of three or more characters find its exams
 * without reading every row. It needs the `pg_trgm` extension (shipped with PostgreSQL, and one a database
 * owner may install); where it cannot be installed, searches still work by reading the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('exams')
    .addColumn('practice_test_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update exams set practice_test_count = (select count(*) from practice_tests where practice_tests.exam_id = exams.id)`.execute(
    db,
  );

  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const { rows } = await sql<{ possible: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm')
        or (exists (select 1 from pg_available_extensions where name = 'pg_trgm')
            and has_database_privilege(current_database(), 'CREATE')) as possible`.execute(db);
  if (!rows[0]?.possible) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index exams_search_trigram on exams using gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists exams_search_trigram`.execute(db);
  await db.schema.alterTable('exams').dropColumn('practice_test_count').execute();
}
