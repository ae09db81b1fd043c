/**
 * The second store of the browser tests, on PostgreSQL: makes the run's database, starts the store on it,
 * and drops the database once the store has stopped. Databases left by runs that were killed (their main
 * process is gone) are dropped first.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { DEFAULT_TEST_POSTGRES_URL } from '../../server/testing/postgres-probe.ts';

const adminUrl = process.env.TEST_POSTGRES_URL ?? DEFAULT_TEST_POSTGRES_URL;
const database = process.env.PRACTICEPASS_E2E_PG_DB!;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

await admin(async (client) => {
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like 'practicepass\\_e2e\\_%'",
  );
  for (const { datname } of rows) {
    if (datname === database || !running(Number(datname.split('_').pop()))) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  }
  await client.query(`create database "${database}"`);
});

const url = new URL(adminUrl);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();
const store = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: process.env });

let stopping = false;
const stop = () => {
  stopping = true;
  store.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
store.on('exit', async (code) => {
  await admin((client) => client.query(`drop database if exists "${database}" with (force)`));
  process.exit(stopping ? 0 : (code ?? 1));
});
