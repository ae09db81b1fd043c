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

  it('refuses a public address without a payment provider, in one line, before it opens anything', async () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      PUBLIC_URL: 'https://shop.example',
      DATABASE_URL: path.join(dir, 'store.sqlite'),
      SEED_CONTENT: 'none',
      PORT: '0',
      HOST: '127.0.0.1',
    };
    delete env.PAYMENT_PROVIDER;
    // As `npm start` runs it, without npm's own start-up. A store that started instead is ended by the timeout.
    const started = exec(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      timeout: 15_000,
      killSignal: 'SIGKILL',
    });
    const result = await started.then(
      ({ stdout, stderr }) => ({ code: 0, signal: null, stdout, stderr }),
      (error: { code: number; signal: string | null; stdout: string; stderr: string }) => error,
    );
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/PAYMENT_PROVIDER=stripe .*PAYMENT_PROVIDER=sandbox /),
    ]);
    expect(existsSync(path.join(dir, 'store.sqlite'))).toBe(false);
  }, 30_000);
});
