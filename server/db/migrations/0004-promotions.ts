import { sql, type Kysely } from 'kysely';

/**
 * Coupons and their usage records. The usage count may only be changed by fulfilment, atomically; the
 * checks here make a count below zero or above the limit impossible whatever writes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('code', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(12)')
    /** Whole percent for a percentage coupon, cents for a fixed one. */
    .addColumn('value', 'integer')
    .addColumn('is_active', 'integer')
    .addColumn('provider_coupon_id', 'text')
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usage_limit', 'integer')
    .addColumn('per_user_limit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_discount_cents', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_modified', 'varchar(30)', (c) => c.notNull())
    .addCheckConstraint(
      'coupons_used_count_range',
      sql`used_count >= 0 and (usage_limit is null or used_count <= usage_limit)`,
    )
    .addCheckConstraint(
      'coupons_limits_positive',
      sql`per_user_limit >= 1 and (usage_limit is null or usage_limit >= 0)`,
    )
    .execute();

  await db.schema
    .createTable('coupon_usages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('coupon_code', 'varchar(20)', (c) => c.notNull().references('coupons.code'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('provider_coupon_id', 'text')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('used'))
    .addColumn('used_at', 'varchar(30)', (c) => c.notNull())
    // One use per payment session, however often fulfilment runs.
    .addUniqueConstraint('coupon_usages_once_per_session', ['coupon_code', 'session_id'])
    .execute();
  await db.schema.createIndex('coupon_usages_user').on('coupon_usages').columns(['user_id', 'coupon_code']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupon_usages').execute();
  await db.schema.dropTable('coupons').execute();
}
