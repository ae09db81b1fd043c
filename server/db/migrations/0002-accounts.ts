import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The tables of the sign-in library (better-auth), with the names and column types it reads and writes
 * on each engine: real booleans and timestamps on PostgreSQL, 0/1 integers and ISO-8601 text on SQLite.
 * Their columns keep the library's camelCase names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bool = postgres ? 'boolean' : 'integer';
  const time = postgres ? 'timestamptz' : 'text';
  const now = postgres ? sql`CURRENT_TIMESTAMP` : undefined;
  const createdAt = (c: any) => (now ? c.notNull().defaultTo(now) : c.notNull());

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', time, createdAt)
    .addColumn('updatedAt', time, createdAt)
    .addColumn('lastOrderAt', time)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', time, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', time, createdAt)
    .addColumn('updatedAt', time, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_userId_idx').on('sessions').column('userId').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', time)
    .addColumn('refreshTokenExpiresAt', time)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', time, createdAt)
    .addColumn('updatedAt', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_userId_idx').on('accounts').column('userId').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', time, (c) => c.notNull())
    .addColumn('createdAt', time, createdAt)
    .addColumn('updatedAt', time, createdAt)
    .execute();
  await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();

  // Rate-limit counters live in the database so limits hold across restarts and across app servers.
  await db.schema
    .createTable('rate_limits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lastRequest', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['rate_limits', 'verifications', 'accounts', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
