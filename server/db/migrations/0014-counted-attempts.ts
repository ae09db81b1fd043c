import type { Kysely } from 'kysely';

/**
 * Which tests of which exams a student has finished attempts of (course progress on the dashboard, its
 * "Tests Completed") is read from this index alone: a student with thousands of attempts is read in index
 * entries, without visiting each attempt's row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attempts_user_counted')
    .ifNotExists()
    .on('attempts')
    .columns(['user_id', 'status', 'reset', 'exam_id', 'test_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempts_user_counted').execute();
}
