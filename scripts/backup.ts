import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { readEnv } from '../server/config/env.ts';
import { engineOf, sqliteFile } from '../server/db/database.ts';
import { oneLine } from '../server/lib/one-line.ts';

const usage = `Usage:
  npm run backup -- <file>    copy the whole SQLite database (students, orders, attempts, coupons and the
                              catalogue) to a new file, consistently, while the store runs`;

const [target, ...extra] = process.argv.slice(2);
if (!target || target.startsWith('-') || extra.length > 0) {
  console.error(usage);
  process.exit(2);
}

const url = readEnv().DATABASE_URL;
if (engineOf(url) === 'postgres') {
  console.error(
    `The store runs on PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=${target} "$DATABASE_URL"`,
  );
  process.exit(2);
}

try {
  const source = sqliteFile(url);
  if (!existsSync(source)) throw new Error(`No database at ${path.resolve(source)}. Check DATABASE_URL.`);
  if (existsSync(target)) throw new Error(`${path.resolve(target)} exists already; name a new file`);
  // SQLite's online backup: a copy as of one moment, whatever the store writes meanwhile (a copy of the
  // file alone could miss what still sits in its write-ahead log).
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await database.backup(target);
  } finally {
    database.close();
  }
  console.log(`Backed up ${path.resolve(source)} to ${path.resolve(target)}`);
} catch (error) {
  console.error(`backup failed: ${oneLine(error)}`);
  process.exit(1);
}
