import type { Page, Response } from '@playwright/test';
import { answersOf, chooseOptions, expect, passServerTime, test, wrongOf } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';
import { storedValue } from './support/stored-rows.ts';

// What happens to an exam while the student is away from its page: the device asleep, another tab, the page
// closed with answers on their way.
const EXAM = 'aws-cloud-practitioner';
const DEMO = 'clf-c02-pt1'; // 11 questions, 18 minutes, options in file order; question 6 is "choose two"

const sent = (intent: string) => (r: Response) =>
  r.url().endsWith('/api/attempts') && r.request().postData()?.includes(`"intent":"${intent}"`) === true;

/** Starts the free test in exam mode; the attempt's id. */
async function startExam(page: Page): Promise<string> {
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  const started = page.waitForResponse(sent('start'));
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  return ((await (await started).json()) as { id: string }).id;
}

/** Answers the question on screen with its right options, and waits for the store to take it. */
async function answerRight(page: Page, question: { options: { id: string }[]; correct: string[] }) {
  const saved = page.waitForResponse(sent('answer'));
  await chooseOptions(page, question, question.correct);
  expect((await saved).status()).toBe(200);
}

/** Clicks an option the store will refuse: it is unticked again at once, so not left checked. */
async function clickOption(page: Page, question: { options: { id: string }[] }, id: string) {
  await page
    .getByRole('group')
    .locator('input')
    .nth(question.options.findIndex((o) => o.id === id))
    .click();
}

/** Slows every request of the page down, as a phone's link would. */
async function slowLink(page: Page, latency: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: 200_000,
    uploadThroughput: 100_000,
  });
}

const storedAnswers = (attemptId: string) =>
  storedValue(`select count(*) from attempt_answers where attempt_id = ? and selected_json != '[]'`, attemptId);

test('an exam whose time ran out while the device slept is handed in when it wakes', async ({ page }) => {
  const [first] = await answersOf(EXAM, DEMO);
  // Installed before the page loads, so that its clocks run as usual until the device "sleeps".
  await page.clock.install();
  const attemptId = await startExam(page);
  await answerRight(page, first!);
  // Twenty minutes asleep: the server's time and the calendar clock ran on; the page's own clock stood still.
  await passServerTime(attemptId, 20 * 60_000);
  await page.clock.setSystemTime(Date.now() + 20 * 60_000);
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await expect(page.getByText('Time is up: your answers were handed in.')).toBeVisible();
  await expect(page.getByText('1 of 11')).toBeVisible();
});

test('an answer refused because the exam’s time is up hands the exam in, with what was given in time', async ({
  page,
}) => {
  const [first, second] = await answersOf(EXAM, DEMO);
  const attemptId = await startExam(page);
  await answerRight(page, first!);
  await page.getByRole('button', { name: 'Next' }).click();
  // The server's time is past the deadline; the page's clock, which missed it, still shows time left.
  await passServerTime(attemptId, 19 * 60_000);
  const refused = page.waitForResponse(sent('answer'));
  await clickOption(page, second!, second!.correct[0]!);
  expect((await refused).status()).toBe(409);
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await expect(page.getByText('Time is up: your answers were handed in.')).toBeVisible();
  await expect(page.getByText('1 of 11')).toBeVisible();
});

test('an exam handed in in another tab shows its result in this one at its next answer', async ({ page }) => {
  const [first, second] = await answersOf(EXAM, DEMO);
  await startExam(page);
  // The same browser opens the free test again: the same attempt goes on there.
  const other = await page.context().newPage();
  await other.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(other, other.getByRole('heading', { name: 'Question 1 of 11' }));
  await answerRight(other, first!);
  await other.getByRole('button', { name: 'Submit Test' }).last().click();
  await other.getByRole('button', { name: 'Submit Test' }).click();
  await expect(other.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  const refused = page.waitForResponse(sent('answer'));
  await clickOption(page, second!, wrongOf(second!));
  expect((await refused).status()).toBe(409);
  // The same result as the other tab's: the first answer, given there, and not the one refused here.
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await expect(page.getByText('1 of 11')).toBeVisible();
  await expect(page.getByText('Time is up: your answers were handed in.')).toHaveCount(0);
});

test('answers on their way when the page is closed are stored all the same', async ({ page }) => {
  const attemptId = await startExam(page);
  await slowLink(page, 1500);
  // Four answers in quick succession by keyboard, on questions 1 to 4 (one option each): all on the way at once.
  await page.getByRole('heading', { name: 'Question 1 of 11' }).focus();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('2');
    await page.keyboard.press('n');
  }
  await expect(page.getByRole('heading', { name: 'Question 5 of 11' })).toBeVisible();
  await page.close();
  await expect.poll(() => storedAnswers(attemptId), { timeout: 15_000 }).toBe(4);
});

test('closing the page while a change waits behind another of the same question asks first', async ({ page }) => {
  const attemptId = await startExam(page);
  await slowLink(page, 1500);
  await page.getByRole('heading', { name: 'Question 1 of 11' }).focus();
  // A second choice on the same question waits for the first to be stored, so that the last one wins.
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  // The student stayed: the second choice is stored, and leaving now asks nothing.
  await expect
    .poll(() => storedValue('select selected_json from attempt_answers where attempt_id = ?', attemptId), {
      timeout: 15_000,
    })
    .toBe('["b"]');
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
});
