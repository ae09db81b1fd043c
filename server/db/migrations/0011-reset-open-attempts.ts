import type { Kysely } from 'kysely';

/**
 * 'Reset All Progress Data' used to flag every attempt, the tests still being taken too, so such a test
 * vanished from history and progress once handed in. A reset now flags finished attempts only; this gives
 * back the unfinished ones it flagged, so they count once handed in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('attempts')
    .set({ reset: 0, reset_at: null })
    .where('status', '=', 'in_progress')
    .where('reset', '=', 1)
    .execute();
}

/** Nothing to undo: the flags it cleared were wrong. */
export async function down(): Promise<void> {}
