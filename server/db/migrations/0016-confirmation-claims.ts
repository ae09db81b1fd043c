import { sql, type Kysely } from 'kysely';

/**
 * When the store took on sending an order's confirmation, apart from when it was sent: a store that stops
 * between the two leaves a claim without a send, which the checkout sweep takes over once it is old. Orders
 * before this kept one column for both; theirs count as sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('confirmation_claimed_at', 'varchar(30)').execute();
  // The sweep looks for unsent confirmations every few minutes: only those orders are in this index.
  await db.schema
    .createIndex('orders_unconfirmed')
    .on('orders')
    .column('created_at')
    .where(sql.ref('confirmation_sent_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_unconfirmed').execute();
  await db.schema.alterTable('orders').dropColumn('confirmation_claimed_at').execute();
}
