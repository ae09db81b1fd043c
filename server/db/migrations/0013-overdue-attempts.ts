import type { Kysely } from 'kysely';

/**
 * Exam-mode attempts whose time ran out are handed in by a sweep, found by status and deadline. An attempt
 * graded after its deadline was stored as handed in when it was graded (days later, if the student came
 * back late); it is dated at its deadline instead, as the sweep now does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attempts_status_deadline')
    .ifNotExists()
    .on('attempts')
    .columns(['status', 'deadline_at'])
    .execute();
  await db
    .updateTable('attempts')
    .set((eb) => ({ submitted_at: eb.ref('deadline_at') }))
    .where('status', '=', 'completed')
    .where('deadline_at', 'is not', null)
    .whereRef('submitted_at', '>', 'deadline_at')
    .execute();
}

/** The index goes; the corrected dates stay, being right. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempts_status_deadline').execute();
}
