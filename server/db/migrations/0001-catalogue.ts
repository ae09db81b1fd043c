import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and import no app code: they must keep working as the app changes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exams')
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('long_description', 'text')
    .addColumn('category', 'varchar(60)', (c) => c.notNull())
    .addColumn('thumbnail', 'text')
    .addColumn('duration_minutes', 'integer')
    .addColumn('question_count', 'integer')
    .addColumn('difficulty', 'varchar(10)')
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('stripe_price', 'text')
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('passing_score', 'integer', (c) => c.notNull().defaultTo(70))
    .addColumn('validity_days', 'integer', (c) => c.notNull().defaultTo(365))
    .addColumn('curriculum_json', 'text')
    .addColumn('reviews_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('faq_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exams_featured_popularity').on('exams').columns(['featured', 'popularity']).execute();
  await db.schema.createIndex('exams_popularity').on('exams').column('popularity').execute();

  await db.schema
    .createTable('practice_tests')
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('exam_id', 'varchar(80)', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('time_limit_minutes', 'integer', (c) => c.notNull())
    .addColumn('difficulty', 'varchar(10)', (c) => c.notNull())
    .addColumn('passing_score', 'integer', (c) => c.notNull().defaultTo(70))
    .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('practice_tests_exam_position')
    .on('practice_tests')
    .columns(['exam_id', 'position'])
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('exam_id', 'varchar(80)', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('test_id', 'varchar(80)', (c) => c.notNull().references('practice_tests.id').onDelete('cascade'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('options_json', 'text', (c) => c.notNull())
    .addColumn('correct_option_ids_json', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'varchar(10)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_test_sequence').on('questions').columns(['test_id', 'sequence']).execute();
  await db.schema.createIndex('questions_exam').on('questions').column('exam_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('questions').execute();
  await db.schema.dropTable('practice_tests').execute();
  await db.schema.dropTable('exams').execute();
}
