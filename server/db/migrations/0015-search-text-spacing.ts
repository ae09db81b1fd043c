import type { Kysely } from 'kysely';
import { searchText } from '../../modules/catalogue/queries.ts';

/**
 * The search text of exams imported before the search learnt to read any run of spaces as one (a line
 * break, two spaces, a non-breaking space): written again as imports now write it, so a search finds those
 * exams as it finds new ones. Search terms are written that way too, so an old text could miss a match.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const exams = (await db.selectFrom('exams').select(['id', 'title', 'description', 'search_text']).execute()) as {
    id: string;
    title: string;
    description: string;
    search_text: string;
  }[];
  for (const exam of exams) {
    const text = searchText(exam.title, exam.description);
    if (text !== exam.search_text) {
      await db.updateTable('exams').set({ search_text: text }).where('id', '=', exam.id).execute();
    }
  }
}

/** Nothing to undo: the older text is the same words, spaced as written. */
export async function down(): Promise<void> {}
