import type { Kysely } from 'kysely';

/**
 * The text the catalogue search looks in, kept lowercased beside each exam (title, then description), so a
 * search reads one column per exam instead of lowercasing two on every row of every search. Imports write
 * it with the exam; existing exams are filled in here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('exams')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const exams = (await db.selectFrom('exams').select(['id', 'title', 'description']).execute()) as {
    id: string;
    title: string;
    description: string;
  }[];
  for (const exam of exams) {
    await db
      .updateTable('exams')
      .set({ search_text: `${exam.title}\n${exam.description}`.toLowerCase() })
      .where('id', '=', exam.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exams').dropColumn('search_text').execute();
}
