import type { Kysely } from 'kysely';

/**
 * A student's counted attempts (handed in, not reset), by exam and test, in the order they were handed in,
 * with what progress reads of them. The dashboard's course progress and "Tests Completed", each test's
 * attempts and first, best and last score, and the history's figures are read from this index alone: a
 * student with thousands of attempts is read in index entries, or a seek, without visiting each attempt's row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attempts_user_counted')
    .ifNotExists()
    .on('attempts')
    .columns(['user_id', 'status', 'reset', 'exam_id', 'test_id', 'submitted_at', 'percentage', 'is_passed', 'mode'])
    .execute();
  // The latest attempts of one exam, newest first, found without sorting the rest: the score chart.
  await db.schema
    .createIndex('attempts_user_exam_submitted')
    .ifNotExists()
    .on('attempts')
    .columns(['user_id', 'exam_id', 'status', 'reset', 'submitted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempts_user_exam_submitted').execute();
  await db.schema.dropIndex('attempts_user_counted').execute();
}
