import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteAdapter, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Answers whether the database responds; used by the health check. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function engineOf(url: string): Engine {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** Told when PostgreSQL closes an idle connection of the pool; a warning on stderr unless the store logs it. */
export type ConnectionLost = (error: Error) => void;
export const warnConnectionLost: ConnectionLost = (error) =>
  console.warn(`PostgreSQL connection lost: ${error.message}`);

/** `postgres://…` opens a pool; anything else is a SQLite file (`:memory:` for tests). */
export function openDatabase(url: string, connectionLost = warnConnectionLost): DatabaseHandle {
  return engineOf(url) === 'postgres' ? openPostgres(url, connectionLost) : openSqlite(url);
}

/**
 * The store's database for an owner's command: a SQLite file that does not exist is refused rather than
 * made, so a mistyped DATABASE_URL cannot take coupons, access or content the store never reads.
 */
export function openStoreDatabase(url: string): DatabaseHandle {
  const file = sqliteFile(url);
  if (engineOf(url) === 'sqlite' && file !== ':memory:' && !existsSync(file)) {
    throw new Error(
      `No database at ${path.resolve(file)}. Check DATABASE_URL, or make the database first (npm start, or npm run migrate).`,
    );
  }
  return openDatabase(url);
}

/** The SQLite file a DATABASE_URL names: a path, or a `file:` URL. */
export const sqliteFile = (url: string) => url.replace(/^file:(\/\/)?/, '');

function openSqlite(url: string): DatabaseHandle {
  const file = sqliteFile(url);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new TransactionalSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    db,
    engine: 'sqlite',
    ping: () => Promise.resolve(sqlite.prepare('select 1 as ok').get() !== undefined),
    close: () => db.destroy(),
  };
}

/** Distinct statements kept compiled at most; past it the cache starts again (lists of ids vary the text). */
const STATEMENTS_KEPT = 500;

/**
 * Kysely asks SQLite to compile every query it runs, which cost more than running most of them; the same
 * text is compiled once here and its statement reused (SQLite recompiles a kept statement by itself after a
 * schema change). Safe because every statement runs to completion at once: the store streams no query.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENTS_KEPT) statements.clear();
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

// PostgreSQL returns COUNT and BIGINT as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

function openPostgres(url: string, connectionLost: ConnectionLost): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (a restart, a failover) must not take the process down; the
  // pool replaces it on the next query.
  pool.on('error', connectionLost);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/**
 * SQLite's DDL is transactional too, but Kysely's adapter says it is not, so its migrator ran each statement
 * on its own there: a migration that failed or was killed half-way stayed half-applied, and every run after
 * it failed. Said so, the pending migrations run in one transaction, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Applies every pending migration; throws (so callers exit non-zero) if one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  // No migration ran and failed: the database did not answer (refused, unknown), which is said as it is.
  if (error instanceof Error && !failed) throw error;
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((r) => r.migrationName);
}
