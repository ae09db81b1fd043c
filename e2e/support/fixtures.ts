import { randomInt } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { waitForHydration } from './pages.ts';
import { TEST_API } from './ports.ts';

/**
 * Every test browses from its own client address (the store trusts one proxy hop in these tests), so
 * the per-client rate limits of one test never reach another.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': clientAddress() });
  },
});

/** A random client address, as the proxy would pass it on. */
export function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}
export { expect };

let counter = 0;
/** A fresh, unused email address for this run. */
export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${randomInt(1000)}@example.com`;
}

export async function register(page: Page, user: { name: string; email: string; password: string }) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
  // Registered before the form's page was React's, the browser posted the form itself and loaded the
  // dashboard anew: the test goes on once React has it, in a browser that runs the page's scripts.
  await page.waitForLoadState('domcontentloaded');
  if (await page.evaluate(() => '__reactRouterContext' in window)) await waitForHydration(page);
}

export async function mailTo(email: string): Promise<{ subject: string; text: string }[]> {
  return (await fetch(`${TEST_API}/mail?to=${encodeURIComponent(email)}`)).json() as Promise<
    { subject: string; text: string }[]
  >;
}

export async function nextGoogleUser(user: { email: string; name?: string }) {
  await fetch(`${TEST_API}/google/user`, { method: 'POST', body: JSON.stringify(user) });
}

export async function refuseNextGoogleSignIn() {
  await fetch(`${TEST_API}/google/refuse`, { method: 'POST' });
}

/**
 * Runs one of the store owner's commands (`npm run access`, `npm run coupons`) on a store's database, the
 * SQLite store's unless told. Node runs the script as npm would, without npm's own start-up.
 */
async function ownerCommand(script: string, args: string[], databaseUrl?: string) {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const { e2eDatabaseFile } = await import('./ports.ts');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl ?? e2eDatabaseFile() },
  });
}

/** Opens an exam to a student with the support command, exactly as support staff would. */
export async function grantAccess(email: string, examId: string) {
  await ownerCommand('scripts/access.ts', ['grant', email, examId]);
}

/** Ends a student's access to an exam a minute ago, as if its year had run out. */
export async function endAccess(email: string, examId: string) {
  const { default: Sqlite } = await import('better-sqlite3');
  const { e2eDatabaseFile } = await import('./ports.ts');
  const db = new Sqlite(e2eDatabaseFile());
  try {
    db.prepare(
      `update purchases set expires_at = ? where exam_id = ? and user_id = (select id from users where email = ?)`,
    ).run(new Date(Date.now() - 60_000).toISOString(), examId, email);
  } finally {
    db.close();
  }
}

/** Moves a student's sessions to end in `days` days, as if they had signed in `30 - days` days ago. */
export async function ageSessions(email: string, days: number) {
  const { default: Sqlite } = await import('better-sqlite3');
  const { e2eDatabaseFile } = await import('./ports.ts');
  const db = new Sqlite(e2eDatabaseFile());
  try {
    db.prepare(`update sessions set expiresAt = ? where userId = (select id from users where email = ?)`).run(
      new Date(Date.now() + days * 86_400_000).toISOString(),
      email,
    );
  } finally {
    db.close();
  }
}

export interface ContentQuestion {
  id: string;
  text: string;
  options: { id: string; text: string }[];
  correct: string[];
  explanation: string;
}

/**
 * Moves an attempt's start, deadline and answers `ms` back, as if that much of the server's time had passed
 * while the page's own clock stood still (a device asleep).
 */
export async function passServerTime(attemptId: string, ms: number) {
  const { default: Sqlite } = await import('better-sqlite3');
  const { e2eDatabaseFile } = await import('./ports.ts');
  const db = new Sqlite(e2eDatabaseFile());
  const back = (time: string | null) => time && new Date(Date.parse(time) - ms).toISOString();
  try {
    db.transaction(() => {
      const attempt = db.prepare('select started_at, deadline_at from attempts where id = ?').get(attemptId) as {
        started_at: string;
        deadline_at: string | null;
      };
      db.prepare('update attempts set started_at = ?, deadline_at = ? where id = ?').run(
        back(attempt.started_at),
        back(attempt.deadline_at),
        attemptId,
      );
      const answers = db
        .prepare('select question_id, answered_at from attempt_answers where attempt_id = ?')
        .all(attemptId) as { question_id: string; answered_at: string | null }[];
      for (const answer of answers) {
        db.prepare('update attempt_answers set answered_at = ? where attempt_id = ? and question_id = ?').run(
          back(answer.answered_at),
          attemptId,
          answer.question_id,
        );
      }
    })();
  } finally {
    db.close();
  }
}

/** The sample catalogue's questions of a test, with their answers: what a student who knows it all would pick. */
export async function answersOf(examId: string, testId: string): Promise<ContentQuestion[]> {
  const { readFile } = await import('node:fs/promises');
  const file = JSON.parse(await readFile(`content/exams/${examId}.json`, 'utf8')) as {
    practiceTests: { id: string; questions: ContentQuestion[] }[];
  };
  return file.practiceTests.find((t) => t.id === testId)!.questions;
}

/** Chooses the given options of a question by their position (the demo test keeps the file's order). */
export async function chooseOptions(page: Page, question: { options: { id: string }[] }, ids: string[]) {
  for (const id of ids) {
    await page
      .getByRole('group')
      .locator('input')
      .nth(question.options.findIndex((o) => o.id === id))
      .check();
  }
}

/** The first option of a question that is not a right answer. */
export const wrongOf = (q: { options: { id: string }[]; correct: string[] }) =>
  q.options.find((o) => !q.correct.includes(o.id))!.id;

/** Creates a coupon with the store's own command, in the SQLite store's database unless told. */
export async function createCoupon(args: string[], databaseUrl?: string) {
  await ownerCommand('scripts/coupons.ts', ['create', ...args], databaseUrl);
}

/** Starts a test in exam mode and hands it in with nothing answered: a fail. */
export async function handInBlank(page: Page, testId: string) {
  await page.goto(`/practice-test/${testId}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
}
