import type { Kysely } from 'kysely';

/** The student's time zone when they started paying, so the confirmation email dates the order as they live it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('checkouts').addColumn('time_zone', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('checkouts').dropColumn('time_zone').execute();
}
