import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { titleOrder } from '../../modules/catalogue/queries.ts';

/**
 * Exams of equal popularity were in the byte order of their titles: 'azure' and 'Écrit' after every
 * capital on SQLite, and in whatever order the database's locale gave on PostgreSQL. They are now in title
 * order (`titleOrder`), kept in a column compared byte by byte on both engines (collation "C" on
 * PostgreSQL), and the catalogue-order index (migration 0010) follows it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`alter table exams add column title_order text ${sql.raw(postgres ? 'collate "C" ' : '')}not null default ''`.execute(
    db,
  );
  const exams = (await db.selectFrom('exams').select(['id', 'title']).execute()) as { id: string; title: string }[];
  for (const exam of exams) {
    await db
      .updateTable('exams')
      .set({ title_order: titleOrder(exam.title) })
      .where('id', '=', exam.id)
      .execute();
  }
  await db.schema.dropIndex('exams_catalogue_order').execute();
  await sql`create index exams_catalogue_order on exams (popularity desc, title_order, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('exams_catalogue_order').execute();
  await sql`create index exams_catalogue_order on exams (popularity desc, title, id)`.execute(db);
  await db.schema.alterTable('exams').dropColumn('title_order').execute();
}
