import type { Kysely } from 'kysely';

/** A question's code (a program to read), kept apart from its words so that it is shown as code. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('code', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('code').execute();
}
