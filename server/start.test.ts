import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);

describe('the store at start', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pp-start-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Starts the store as `npm start` runs it, without npm's own start-up; one that started is ended by the timeout. */
  async function start(settings: Record<string, string>, unset: string[] = []) {
    const env: Record<string, string | undefined> = { ...process.env, PORT: '0', HOST: '127.0.0.1', ...settings };
    for (const name of unset) delete env[name];
    return exec(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      timeout: 15_000,
      killSignal: 'SIGKILL',
    }).then(
      ({ stdout, stderr }) => ({ code: 0, signal: null, stdout, stderr }),
      (error: { code: number; signal: string | null; stdout: string; stderr: string }) => error,
    );
  }

  it('refuses a public address without a payment provider, in one line, before it opens anything', async () => {
    const result = await start(
      { PUBLIC_URL: 'https://shop.example', DATABASE_URL: path.join(dir, 'store.sqlite'), SEED_CONTENT: 'none' },
      ['PAYMENT_PROVIDER'],
    );
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/PAYMENT_PROVIDER=stripe .*PAYMENT_PROVIDER=sandbox /),
    ]);
    expect(existsSync(path.join(dir, 'store.sqlite'))).toBe(false);
  }, 30_000);

  it('says in one line that its database cannot be opened, or its catalogue cannot be read', async () => {
    // A folder where the database file should be.
    const folder = await start({ DATABASE_URL: dir, SEED_CONTENT: 'none' });
    expect(folder.code).toBe(1);
    expect(folder.stderr.trim().split('\n')).toEqual([
      'The database could not be opened: unable to open database file (SQLITE_CANTOPEN)',
    ]);

    const missing = path.join(dir, 'no-such-folder');
    const seed = await start({ DATABASE_URL: path.join(dir, 'seeded.sqlite'), SEED_CONTENT: missing });
    expect(seed.code).toBe(1);
    expect(seed.stderr.trim().split('\n')).toEqual([
      `The catalogue could not be loaded: ${missing}: $: no such file or folder`,
    ]);
  }, 60_000);
});
