import type { Kysely } from 'kysely';

/**
 * Checkouts, orders and the built-in sandbox card processor's own records.
 *
 * A checkout is created before the payment provider is asked for a payment page; its id is the order id
 * the order will carry. The order's primary key is that id, so a checkout can never be fulfilled twice,
 * and a purchase is unique per (payment session, exam) for the same reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('checkouts')
    .addColumn('order_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('session_id', 'varchar(255)', (c) => c.unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** creating → open → (pending →) complete | failed | expired */
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('coupon_code', 'varchar(20)')
    .addColumn('lines_json', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkouts_user_status').on('checkouts').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('checkouts_status_expiry').on('checkouts').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey().references('checkouts.order_id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('payment_id', 'text')
    .addColumn('provider_customer_id', 'text')
    .addColumn('payment_status', 'varchar(12)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('amount_subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_discount_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_total_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_received_cents', 'integer', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('coupon_code', 'varchar(20)')
    .addColumn('confirmation_sent_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('exam_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_discount_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_total_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'position'])
    .execute();

  // One purchase per exam per payment session, however often fulfilment runs.
  await db.schema
    .createIndex('purchases_once_per_session')
    .on('purchases')
    .columns(['session_id', 'exam_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull())
    /** open → paid | processing → paid; open → declined | expired */
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('lines_json', 'text', (c) => c.notNull())
    .addColumn('amount_subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_discount_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_total_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('settles_at', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sandbox_payments').execute();
  await db.schema.dropIndex('purchases_once_per_session').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('checkouts').execute();
}
