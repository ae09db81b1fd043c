import { readEnv } from '../server/config/env.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { oneLine } from '../server/lib/one-line.ts';

// It takes no arguments: `--help` or `--dry-run` must not migrate a database unasked.
if (process.argv.length > 2) {
  console.error(
    'Usage: npm run migrate    applies the migrations the database named by DATABASE_URL lacks (no arguments)',
  );
  process.exit(2);
}

let handle: ReturnType<typeof openDatabase> | undefined;
try {
  handle = openDatabase(readEnv().DATABASE_URL);
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
  await handle.close();
} catch (error) {
  console.error(`migrate failed: ${oneLine(error)}`);
  await handle?.close().catch(() => undefined);
  process.exit(1);
}
