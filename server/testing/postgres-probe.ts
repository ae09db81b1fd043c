import pg from 'pg';

export const DEFAULT_TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const POSTGRES_HELP = `PostgreSQL is not answering at the test URL. Start it (Debian: "pg_ctlcluster 15 main start",
or "apt-get install -y postgresql"), or point TEST_POSTGRES_URL at a server whose user may create databases.`;

/** The admin URL tests create their databases through, or null when no server answers. */
export async function probePostgres(
  url = process.env.TEST_POSTGRES_URL ?? DEFAULT_TEST_POSTGRES_URL,
): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
