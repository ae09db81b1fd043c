import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { importContent } from '../server/modules/catalogue/content-import.ts';
import { ownedExamIds } from '../server/modules/practice/access.ts';
import { contentFixture } from '../server/testing/content-fixtures.ts';
import { insertStudent } from '../server/testing/students.ts';

// Each test starts the real commands as new processes; on a busy machine a start can take seconds.
vi.setConfig({ testTimeout: 120_000 });

const exec = promisify(execFile);

/**
 * The commands, each one file made by esbuild, the transformer `tsx` runs them through for `npm run`; their
 * packages stay imports from node_modules. Transformed once here rather than at each of this file's 47
 * starts, a start takes 0.4 s of CPU instead of 1.3 s (most of that in the loader's hooks, module by module).
 * The browser tests start `coupons` and `access` through `tsx` itself (`createCoupon`, `grantAccess`).
 */
const COMMANDS = ['access', 'backup', 'content', 'coupons', 'migrate'];
await mkdir('node_modules/.cache', { recursive: true });
const bundled = await mkdtemp(path.join('node_modules/.cache', 'commands-'));
await build({
  entryPoints: COMMANDS.map((name) => `scripts/${name}.ts`),
  outdir: bundled,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
});
afterAll(() => rm(bundled, { recursive: true, force: true }));

async function run(script: string, args: string[], env: Record<string, string>) {
  try {
    // As `npm run` starts it, without npm's own start-up.
    const command = path.join(bundled, `${path.basename(script, '.ts')}.mjs`);
    const { stdout, stderr } = await exec(process.execPath, [command, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A folder with the store's database made in it, as `npm start` or `npm run migrate` would. */
async function madeDatabase() {
  const dir = await mkdtemp(path.join(tmpdir(), 'pp-cli-'));
  const env = { DATABASE_URL: path.join(dir, 'store.sqlite') };
  const handle = openDatabase(env.DATABASE_URL);
  await migrateToLatest(handle.db);
  await handle.close();
  return { dir, env };
}

describe('the owner commands', () => {
  it('refuse a database that does not exist rather than make one the store never reads', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pp-cli-'));
    const env = { DATABASE_URL: path.join(dir, 'typo.sqlite') };
    for (const [script, args] of [
      ['scripts/coupons.ts', ['create', 'WELCOME10', '--type', 'fixed', '--value', '500']],
      ['scripts/access.ts', ['grant', 'someone@example.com', 'pmp']],
      ['scripts/content.ts', ['export', path.join(dir, 'out')]],
    ] as const) {
      const refused = await run(script, [...args], env);
      expect(refused.code, script).toBe(1);
      expect(refused.stderr, script).toContain(`No database at ${env.DATABASE_URL}`);
    }
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('the content command', () => {
  it('validates, imports idempotently and exports what it imported', async () => {
    const { dir, env } = await madeDatabase();
    const source = path.join(dir, 'alpha.json');
    await writeFile(source, JSON.stringify(contentFixture('alpha')));

    const valid = await run('scripts/content.ts', ['validate', source], env);
    expect(valid.code).toBe(0);
    expect(valid.stdout).toContain('1 file(s) valid: 6 questions');

    const first = await run('scripts/content.ts', ['import', source], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('exams: 1 added, 0 updated, 0 unchanged, 0 removed');
    const second = await run('scripts/content.ts', ['import', source], env);
    expect(second.stdout).toContain('exams: 0 added, 0 updated, 1 unchanged, 0 removed');

    const out = path.join(dir, 'out');
    const exported = await run('scripts/content.ts', ['export', out, 'alpha'], env);
    expect(exported.code).toBe(0);
    expect(await readdir(out)).toEqual(['alpha.json']);
    expect(JSON.parse(await readFile(path.join(out, 'alpha.json'), 'utf8'))).toEqual(contentFixture('alpha'));

    const missing = await run('scripts/content.ts', ['export', out, 'nope'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No exam with id: nope');
  });

  it('refuses a bad file with its path and changes nothing', async () => {
    const { dir, env } = await madeDatabase();
    const good = path.join(dir, 'a.json');
    const bad = path.join(dir, 'b.json');
    await writeFile(good, JSON.stringify(contentFixture('alpha')));
    const broken = JSON.parse(JSON.stringify(contentFixture('beta')));
    broken.practiceTests[0].timeLimit = 'soon';
    await writeFile(bad, JSON.stringify(broken));

    const result = await run('scripts/content.ts', ['import', dir], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${bad}: $.practiceTests[0].timeLimit: Invalid input: expected number, received string`,
    );
    const check = await run('scripts/content.ts', ['export', path.join(dir, 'out')], env);
    expect(check.stdout).toContain('Exported 0 exam(s)');
  });

  it('explains its usage when called wrongly', async () => {
    const result = await run('scripts/content.ts', ['frobnicate'], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage:');
  });
});

describe('the migrate command', () => {
  it('applies migrations once and exits non-zero when the database cannot be reached', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pp-cli-'));
    const env = { DATABASE_URL: path.join(dir, 'store.sqlite') };
    expect((await run('scripts/migrate.ts', [], env)).stdout).toContain('Applied: 0001-catalogue');
    expect((await run('scripts/migrate.ts', [], env)).stdout).toContain('Database is up to date');

    // It takes no arguments, so `--help` does not migrate a database unasked.
    const other = { DATABASE_URL: path.join(dir, 'other.sqlite') };
    expect(await run('scripts/migrate.ts', ['--help'], other)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run migrate'),
    });
    expect(await readdir(dir)).not.toContain('other.sqlite');

    const failed = await run('scripts/migrate.ts', [], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(failed.code).toBe(1);
    // Said as it is: no migration failed, the database did not answer.
    expect(failed.stderr).toContain('migrate failed: connect ECONNREFUSED 127.0.0.1:1');
  });
});

describe('the coupons command', () => {
  it('creates, lists, disables and enables coupons, with clear errors and exit codes', async () => {
    const { env } = await madeDatabase();
    expect((await run('scripts/coupons.ts', ['list'], env)).stdout).toBe('No coupons yet.\n');
    const created = await run(
      'scripts/coupons.ts',
      [
        'create',
        'welcome10',
        '--type',
        'percentage',
        '--value',
        '10',
        '--usage-limit',
        '100',
        '--expires',
        '2099-12-31',
      ],
      env,
    );
    expect(created).toMatchObject({ code: 0, stdout: 'Created WELCOME10\n' });
    const twice = await run('scripts/coupons.ts', ['create', 'WELCOME10', '--type', 'fixed', '--value', '500'], env);
    expect(twice).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('A coupon with the code WELCOME10 already exists'),
    });
    const bad = await run('scripts/coupons.ts', ['create', 'X', '--type', 'percent', '--value', 'ten'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('CODE: must be 4-20 letters or digits');
    expect(bad.stderr).toContain('--type: must be percentage or fixed');
    expect(bad.stderr).toContain('--value: must be a whole number in digits');
    // Coupons no cart could use: nothing left to pay, already expired, or no value given.
    const unusable = [
      [['FREE100', '--type', 'percentage', '--value', '100'], '--value: a 100% coupon needs a maximum discount'],
      [['NOTHING0', '--type', 'percentage', '--value', '0'], '--value: a percentage must be from 1 to 100'],
      [
        ['OLDNEWS', '--type', 'percentage', '--value', '10', '--expires', '2001-01-01'],
        '--expires: 2001-01-01 has passed',
      ],
      [['NOVALUE', '--type', 'percentage', '--value', ''], '--value: must be a whole number in digits'],
      [['TOOBIG', '--type', 'fixed', '--value', '3000000000'], '--value: must be at most 2147483647'],
    ] as const;
    for (const [args, message] of unusable) {
      const refused = await run('scripts/coupons.ts', ['create', ...args], env);
      expect(refused.code, args[0]).toBe(1);
      expect(refused.stderr, args[0]).toContain(message);
    }
    const most = ['create', 'HALFOFF', '--type', 'percentage', '--value', '50', '--max-discount', '1000'];
    expect(await run('scripts/coupons.ts', [...most, '--per-user-limit', '2'], env)).toMatchObject({ code: 0 });
    expect(
      await run('scripts/coupons.ts', ['create', 'FIVEOFF', '--type', 'fixed', '--value', '500'], env),
    ).toMatchObject({ code: 0 });
    // A coupon without a usage limit still counts its uses.
    const handle = openDatabase(env.DATABASE_URL);
    await handle.db.updateTable('coupons').set({ used_count: 3 }).where('code', '=', 'FIVEOFF').execute();
    await handle.close();
    expect((await run('scripts/coupons.ts', ['list'], env)).stdout).toBe(
      [
        'FIVEOFF\t$5.00\tactive\t3 used\t1 per student\tno expiry',
        'HALFOFF\t50% up to $10.00\tactive\t0 used\t2 per student\tno expiry',
        'WELCOME10\t10%\tactive\t0/100 used\t1 per student\tthrough 2099-12-31',
        '',
      ].join('\n'),
    );
    expect(await run('scripts/coupons.ts', ['disable', 'welcome10'], env)).toMatchObject({
      code: 0,
      stdout: 'Disabled WELCOME10\n',
    });
    expect((await run('scripts/coupons.ts', ['list'], env)).stdout).toContain('WELCOME10\t10%\tdisabled\t');
    // Disabled by mistake, it is turned on again.
    expect(await run('scripts/coupons.ts', ['enable', 'Welcome10'], env)).toMatchObject({
      code: 0,
      stdout: 'Enabled WELCOME10\n',
    });
    expect((await run('scripts/coupons.ts', ['list'], env)).stdout).toContain('WELCOME10\t10%\tactive\t');
    expect(await run('scripts/coupons.ts', ['disable', 'nope'], env)).toMatchObject({ code: 1 });
    expect(await run('scripts/coupons.ts', ['enable', 'nope'], env)).toMatchObject({ code: 1 });
    expect(await run('scripts/coupons.ts', ['frobnicate'], env)).toMatchObject({ code: 2 });
    // Every argument is read: `disable A B` does not disable A alone and say it is done.
    expect(await run('scripts/coupons.ts', ['disable', 'WELCOME10', 'FIVEOFF'], env)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unexpected argument: FIVEOFF'),
    });
    expect(await run('scripts/coupons.ts', ['list', '--type', 'fixed'], env)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--type is an option of create only'),
    });
    expect((await run('scripts/coupons.ts', ['list'], env)).stdout).toContain('WELCOME10\t10%\tactive\t');
  });
});

describe('the access command', () => {
  it('grants an exam for its validity days and revokes it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pp-cli-'));
    const env = { DATABASE_URL: path.join(dir, 'store.sqlite') };
    const handle = openDatabase(env.DATABASE_URL);
    await migrateToLatest(handle.db);
    await importContent(handle.db, [contentFixture('alpha', { validityDays: 30 })]);
    const { id, email } = await insertStudent(handle, [], new Date());
    const owned = () => ownedExamIds(handle.db, id, new Date());
    try {
      const endsOn = () => new Date(Date.now() + 30 * 24 * 3_600_000).toISOString().slice(0, 10);
      const before = endsOn();
      const granted = await run('scripts/access.ts', ['grant', email, 'alpha'], env);
      // The day 30 days from the grant (two days, should midnight UTC pass while it runs).
      const said = [before, endsOn()].map((day) => `Granted ${email} access to alpha until ${day}\n`);
      expect(granted.code).toBe(0);
      expect(said).toContain(granted.stdout);
      expect(await owned()).toEqual(['alpha']);
      expect(await run('scripts/access.ts', ['revoke', email, 'alpha'], env)).toMatchObject({
        code: 0,
        stdout: `Revoked ${email}'s access to alpha\n`,
      });
      expect(await owned()).toEqual([]);
      expect(await run('scripts/access.ts', ['revoke', email, 'alpha'], env)).toMatchObject({
        code: 0,
        stdout: `${email} had no active access to alpha\n`,
      });
      // A mistyped exam is not "no access to revoke": the real one would stay open.
      expect(await run('scripts/access.ts', ['revoke', email, 'ALPHA'], env)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No exam with the id ALPHA'),
      });
    } finally {
      await handle.close();
    }
  });

  it('refuses unknown students and exams with a message', async () => {
    const { dir, env } = await madeDatabase();
    expect(await run('scripts/access.ts', ['grant', 'nobody@example.com', 'pmp'], env)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the email nobody@example.com'),
    });
    expect(await run('scripts/access.ts', ['grant'], env)).toMatchObject({ code: 2 });
    // Every argument is read: one more than the command takes is refused, not dropped.
    expect(await run('scripts/access.ts', ['grant', 'nobody@example.com', 'pmp', 'itil'], env)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unexpected argument: itil'),
    });

    // A database that cannot be opened (a folder here) is one line, not a stack trace.
    const unopened = await run('scripts/access.ts', ['grant', 'nobody@example.com', 'pmp'], { DATABASE_URL: dir });
    expect(unopened.code).toBe(1);
    expect(unopened.stderr).toContain('grant failed: unable to open database file (SQLITE_CANTOPEN)\n');
    expect(unopened.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the backup command', () => {
  it('copies the whole SQLite database while the store has it open, and never overwrites a file', async () => {
    const { dir, env } = await madeDatabase();
    // The store, running: its writes sit in the write-ahead log, not yet in the database file.
    const store = openDatabase(env.DATABASE_URL);
    try {
      await importContent(store.db, [contentFixture('alpha')]);
      const student = await insertStudent(store, [['alpha', 1]], new Date());
      const target = path.join(dir, 'backup', 'store.sqlite'); // a folder made for it
      expect(await run('scripts/backup.ts', [target], env)).toMatchObject({
        code: 0,
        stdout: expect.stringContaining(`to ${target}`),
      });
      const copy = openDatabase(target);
      try {
        const users = await copy.db.selectFrom('users').select('id').execute();
        expect(users).toEqual([{ id: student.id }]);
        expect(await copy.db.selectFrom('exams').select('id').execute()).toEqual([{ id: 'alpha' }]);
      } finally {
        await copy.close();
      }
      expect(await run('scripts/backup.ts', [target], env)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('exists already'),
      });
    } finally {
      await store.close();
    }
    expect(await run('scripts/backup.ts', [], env)).toMatchObject({ code: 2 });
    expect(
      await run('scripts/backup.ts', [path.join(dir, 'pg.dump')], {
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      }),
    ).toMatchObject({ code: 2, stderr: expect.stringContaining('pg_dump') });
  });
});
