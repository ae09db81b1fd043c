import type { Kysely } from 'kysely';

/**
 * Purchases (what unlocks an exam; written by checkout and by the support command), test attempts, and
 * the answers given in them. Times are ISO-8601 text, money integer cents, flags 0/1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('purchases')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('exam_id', 'varchar(80)', (c) => c.notNull().references('exams.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('total_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('order_id', 'text')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('active'))
    .addColumn('purchase_date', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_access_date', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('purchases_user_exam').on('purchases').columns(['user_id', 'exam_id']).execute();
  await db.schema.createIndex('purchases_session').on('purchases').column('session_id').execute();

  await db.schema
    .createTable('attempts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    // Null for an anonymous demo attempt: graded by the server, shown nowhere afterwards.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('exam_id', 'varchar(80)', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('test_id', 'varchar(80)', (c) => c.notNull().references('practice_tests.id').onDelete('cascade'))
    .addColumn('test_name', 'text', (c) => c.notNull())
    .addColumn('mode', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('passing_score', 'integer', (c) => c.notNull())
    /** JSON: the question ids in order, and each question's options in the order this attempt shows them. */
    .addColumn('layout_json', 'text', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    /** Exam mode only: answers given after this (plus a few seconds' grace) do not count. */
    .addColumn('deadline_at', 'varchar(30)')
    .addColumn('submitted_at', 'varchar(30)')
    .addColumn('percentage', 'integer')
    .addColumn('score', 'integer')
    .addColumn('total_questions', 'integer', (c) => c.notNull())
    .addColumn('answered_questions', 'integer')
    .addColumn('time_spent_seconds', 'integer')
    .addColumn('is_passed', 'integer')
    .addColumn('reset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reset_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('attempts_user_test').on('attempts').columns(['user_id', 'test_id', 'status']).execute();
  await db.schema.createIndex('attempts_user_submitted').on('attempts').columns(['user_id', 'submitted_at']).execute();

  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'varchar(40)', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    // No reference to questions: a question retired from the catalogue keeps its graded answers.
    .addColumn('question_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('selected_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    /** Practice mode: the answer was checked and can no longer change. */
    .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_correct', 'integer')
    .addColumn('category', 'text')
    .addColumn('answered_at', 'varchar(30)')
    .addPrimaryKeyConstraint('attempt_answers_pk', ['attempt_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attempt_answers').execute();
  await db.schema.dropTable('attempts').execute();
  await db.schema.dropTable('purchases').execute();
}
