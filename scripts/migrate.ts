import { readEnv } from '../server/config/env.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';

const env = readEnv();
const handle = openDatabase(env.DATABASE_URL);
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
  await handle.close();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await handle.close();
  process.exit(1);
}
