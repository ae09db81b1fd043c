import type { BrowserContext, Page } from '@playwright/test';
import { addToCart, payWith, proceedToPayment } from './checkout.ts';
import {
  answersOf,
  chooseOptions,
  clientAddress,
  expect,
  handInBlank,
  register,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { waitForHydration } from './pages.ts';
import { TEST_SERVICE_PORTS } from './ports.ts';

export const PMP = 'Project Management Professional (PMP)';
export const ITIL = 'ITIL 4 Foundation';
/** The AWS exam's first test, open to everyone: 11 questions, options in file order. */
export const DEMO_EXAM = 'aws-cloud-practitioner';
export const DEMO_TEST = 'clf-c02-pt1';

export interface Student {
  name: string;
  email: string;
  /** The thank-you page of the student's order. */
  receipt: string;
  state: Awaited<ReturnType<BrowserContext['storageState']>>;
}

/**
 * A student whose every screen is full: PMP bought through the sandbox (a purchase and an order), the AWS
 * demo passed in exam mode, and PMP's first test handed in blank in exam mode (a fail).
 */
async function makeStudent(page: Page): Promise<Omit<Student, 'state'>> {
  const name = 'Hana Full';
  const email = uniqueEmail('full');
  await register(page, { name, email, password: 'every-screen-full-1' });
  await addToCart(page, 'pmp', PMP);
  await proceedToPayment(page);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/thank-you\?session_id=/);
  const receipt = new URL(page.url()).pathname + new URL(page.url()).search;

  const questions = await answersOf(DEMO_EXAM, DEMO_TEST);
  await page.goto(`/practice-test/${DEMO_TEST}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  for (const [i, q] of questions.entries()) {
    await expect(page.getByRole('heading', { name: `Question ${i + 1} of ${questions.length}` })).toBeVisible();
    await chooseOptions(page, q, q.correct);
    if (i < questions.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit Test' }).first().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();

  await handInBlank(page, 'pmp-pt1');
  return { name, email, receipt };
}

/** Tests signed in as a full student, made once per worker. */
export const studentTest = test.extend<object, { student: Student }>({
  student: [
    async ({ browser }, use) => {
      const context = await browser.newContext({
        baseURL: `http://127.0.0.1:${TEST_SERVICE_PORTS.store}`,
        extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
      });
      const student = await makeStudent(await context.newPage());
      const state = await context.storageState();
      await context.close();
      await use({ ...student, state });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  storageState: async ({ student }, use) => {
    await use(student.state);
  },
});

/** The address of the student's latest finished attempt, as their history links to it. */
export async function latestAttemptAddress(page: Page): Promise<string> {
  await page.goto('/history');
  const address = await page
    .getByRole('link', { name: /^Review / })
    .first()
    .getAttribute('href');
  expect(address).toMatch(/^\/history\/[0-9a-f-]{36}$/);
  return address!;
}
