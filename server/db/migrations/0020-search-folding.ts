import type { Kysely } from 'kysely';
import { up as rewriteSearchText } from './0015-search-text-spacing.ts';

/**
 * The search learnt to fold accents, dashes and quotation marks, and to find an exam code written without
 * its dash or space ('az900' for 'AZ-900'): the search text of every exam is written again as imports now
 * write it (`searchText`), by the same rewrite as migration 0015's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await rewriteSearchText(db);
}

/** Nothing to undo: older code reads the new text too (accents folded, and a line of codes more). */
export async function down(): Promise<void> {}
