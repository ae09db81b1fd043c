import { sql, type Kysely } from 'kysely';

/**
 * Attempts kept for nobody (a free test begun signed out, the short demo) are removed by the every-minute
 * sweep a day after they began (decision 0024), oldest first: only those attempts are in this index, by start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attempts_nobody_started')
    .ifNotExists()
    .on('attempts')
    .column('started_at')
    .where(sql.ref('user_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempts_nobody_started').execute();
}
