import { sql, type Kysely } from 'kysely';

/** Signed-in students' carts: one row per exam. Prices are never stored here; they are read at use. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cart_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('exam_id', 'varchar(80)', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('added_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['user_id', 'exam_id'])
    .addCheckConstraint('cart_items_quantity_range', sql`quantity between 1 and 99`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_items').execute();
}
