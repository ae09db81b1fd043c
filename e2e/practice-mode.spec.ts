import type { Page } from '@playwright/test';
import {
  answersOf,
  chooseOptions,
  clientAddress,
  expect,
  register,
  test,
  uniqueEmail,
  wrongOf,
} from './support/fixtures.ts';
import { expectNoHorizontalScroll, stopTheClock, waitForHydration } from './support/pages.ts';

// Practice mode: checking an answer, its explanation, moving on after a check, "choose two" questions.
const EXAM = 'aws-cloud-practitioner';
const DEMO = 'clf-c02-pt1'; // 11 questions, 18 minutes, options in file order; question 6 is "choose two"

/** The demo test begun in practice mode on a page whose clock is then stopped: nothing moves on by itself. */
async function startWithClockStopped(page: Page) {
  await page.clock.install();
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  // The test's screen drawn first: with the clock stopped, the screen still on its way would never be drawn.
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await stopTheClock(page);
}

test('practice mode checks each answer, explains it, locks it and moves on', async ({ page }) => {
  const questions = await answersOf(EXAM, DEMO);
  await startWithClockStopped(page);
  await expect(page.getByRole('timer')).toHaveCount(0);

  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select an answer before submitting.');

  const first = questions[0]!;
  await chooseOptions(page, first, [wrongOf(first)]);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByText('Incorrect', { exact: true })).toBeVisible();
  await expect(page.getByText('Correct answer')).toBeVisible();
  // The verdict is drawn as a mark as well as a colour.
  await expect(page.getByRole('button', { name: 'Question 1, incorrect' })).toContainText('✗');
  // It moves on by itself after a second and a half.
  await page.clock.runFor(1400);
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();

  // Back to a checked question to read it again: it stays put.
  await page.getByRole('button', { name: 'Question 1, incorrect' }).click();
  await expect(page.getByRole('group').locator('input').first()).toBeDisabled();
  await page.clock.runFor(2500);
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await page.getByRole('button', { name: 'Question 2, not answered' }).click();
  const second = questions[1]!;
  await chooseOptions(page, second, second.correct);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByText('Correct!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 2, correct' })).toBeVisible();
  // Scrolling with the mouse wheel to read the explanation keeps the question on screen.
  // The browser hands a wheel over on a later frame: the clock runs on once the page has had it.
  await page.evaluate(() => document.addEventListener('wheel', () => (document.body.dataset.wheeled = 'yes')));
  await page.mouse.move(180, 300);
  await page.mouse.wheel(0, 200);
  await expect(page.locator('body')).toHaveAttribute('data-wheeled', 'yes');
  await page.clock.runFor(2500);
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();
  // The seconds are counted; the time runs on again for handing the test in.
  await page.clock.resume();

  await page.getByRole('button', { name: 'Finish Test' }).click();
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await expect(page.getByText('1 of 11')).toBeVisible();
});

test('a double click on Check Answer checks once, and no message follows to the next question', async ({ page }) => {
  const first = (await answersOf(EXAM, DEMO))[0]!;
  await startWithClockStopped(page);
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/attempts') && request.postData()?.includes('"intent":"check"'))
      checks.push(request.postData()!);
  });
  await chooseOptions(page, first, first.correct);
  await page.getByRole('button', { name: 'Check Answer' }).dblclick();
  await expect(page.getByText('Correct!')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.clock.runFor(1600);
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(checks).toHaveLength(1);

  // On a busy phone the second press of a double click can come after the verdict: it is still the same
  // press of Check, and does not keep the student on the question as a click of their own would.
  const second = (await answersOf(EXAM, DEMO))[1]!;
  await chooseOptions(page, second, second.correct);
  const button = await page.getByRole('button', { name: 'Check Answer' }).boundingBox();
  await page.mouse.move(button!.x + button!.width / 2, button!.y + button!.height / 2);
  await page.mouse.down();
  await page.mouse.up();
  await expect(page.getByText('Correct!')).toBeVisible();
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await page.clock.runFor(1600);
  await expect(page.getByRole('heading', { name: 'Question 3 of 11' })).toBeVisible();
  expect(checks).toHaveLength(2);
});

test('a double click on Start or Retry starts one attempt', async ({ page }) => {
  const starts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/attempts') && request.postData()?.includes('"intent":"start'))
      starts.push(request.postData()!);
  });
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish Test' }).click();
  await page.getByRole('button', { name: 'Finish Test' }).click();
  await page.getByRole('button', { name: 'Retry' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await page.goto('/demo/pmp');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Demo' }).dblclick();
  await expect(page.getByRole('heading', { name: /^Question 1 of/ })).toBeVisible();
  expect(starts).toHaveLength(3);
});

test('a "choose two" question needs both right options', async ({ page }) => {
  const questions = await answersOf(EXAM, DEMO);
  const index = questions.findIndex((q) => q.correct.length === 2);
  const q = questions[index]!;
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  await page.getByRole('button', { name: `Question ${index + 1}, not answered` }).click();
  await expect(page.getByRole('group').locator('input[type="checkbox"]')).toHaveCount(q.options.length);
  // One of the two is not yet an answer to check: it says so, and the question stays open.
  await chooseOptions(page, q, [q.correct[0]!]);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose two: select both before checking.');
  await expect(page.getByRole('group').locator('input[type="checkbox"]').first()).toBeEnabled();
  const wrong = q.options.find((o) => !q.correct.includes(o.id))!;
  await chooseOptions(page, q, [wrong.id]);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByText('Incorrect', { exact: true })).toBeVisible();

  // In exam mode, one of two chosen is still listed as unanswered before handing in.
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await page.getByRole('button', { name: `Question ${index + 1}, not answered` }).click();
  await chooseOptions(page, q, [q.correct[0]!]);
  // The navigator agrees: partly answered, in words and by its dashed border, not coloured as done.
  const partly = page.getByRole('button', { name: `Question ${index + 1}, partly answered` });
  await expect(partly).toHaveCSS('border-top-style', 'dashed');
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  const unanswered = page.getByRole('heading', { name: 'Unanswered or partly answered' }).locator('..');
  await expect(unanswered.getByRole('button', { name: `Question ${index + 1}`, exact: true })).toBeVisible();
});

test('a checked answer shows what the student picked, in full colour, and which options were right', async ({
  page,
}) => {
  const questions = await answersOf(EXAM, DEMO);
  const index = questions.findIndex((q) => q.correct.length === 2);
  const q = questions[index]!;
  // Stopped, so that the move-on after the check does not take the question away.
  await startWithClockStopped(page);
  await page.getByRole('button', { name: `Question ${index + 1}, not answered` }).click();
  const wrong = q.options.find((o) => !q.correct.includes(o.id))!;
  await chooseOptions(page, q, [q.correct[0]!, wrong.id]);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByText('Incorrect', { exact: true })).toBeVisible();
  // The right option chosen says both; the wrong one chosen is only the student's; the other right one only right.
  const tags = async (id: string) => {
    const option = q.options.findIndex((o) => o.id === id);
    const label = page.getByRole('group').locator('label').nth(option);
    // Each tag is kept on one line.
    return label.locator('span.whitespace-nowrap').allTextContents();
  };
  expect(await tags(q.correct[0]!)).toEqual(['Your answer', 'Correct answer']);
  expect(await tags(wrong.id)).toEqual(['Your answer']);
  expect(await tags(q.correct[1]!)).toEqual(['Correct answer']);
  await expect(page.getByRole('checkbox', { name: /, Your answer ?, Correct answer$/ })).toBeChecked();
  // Locked, yet not natively disabled, which browsers paint grey: the student still sees the ticks they made.
  const locked = page.getByRole('checkbox', { name: /, Your answer$/ });
  await expect(locked).toBeDisabled();
  await expect(locked).toBeChecked();
  expect(await locked.evaluate((box) => box.matches(':disabled'))).toBe(false);
  await locked.click({ force: true });
  await expect(locked).toBeChecked();
  // Two tags side by side still fit a phone: they move to a line of their own rather than widen the option.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
});

test('a third choice on a "choose two" question is refused, and says why', async ({ page }) => {
  const questions = await answersOf(EXAM, DEMO);
  const index = questions.findIndex((q) => q.correct.length === 2);
  // Stopped, so that the move-on after the check does not take the question, and its words, away.
  await startWithClockStopped(page);
  await page.getByRole('button', { name: `Question ${index + 1}, not answered` }).click();
  const boxes = page.getByRole('group').locator('input[type="checkbox"]');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await boxes.nth(2).click();
  await expect(page.getByRole('alert')).toHaveText('Choose two only: untick an answer to choose another.');
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(1)).toBeChecked();
  await expect(boxes.nth(2)).not.toBeChecked();
  await boxes.nth(0).uncheck();
  await boxes.nth(2).check();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(boxes.nth(2)).toBeChecked();
  // Once checked, the choices are locked: the word about them goes with the check.
  const tooMany = page.getByText('Choose two only: untick an answer to choose another.');
  await boxes.nth(0).click();
  await expect(tooMany).toBeVisible();
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByText(/^(Correct!|Incorrect)$/)).toBeVisible();
  await expect(tooMany).toHaveCount(0);
});

test('moving on after a check waits for a student who acts, and can be turned off for good', async ({ page }) => {
  const [first, second, third] = await answersOf(EXAM, DEMO);
  await startWithClockStopped(page);
  await chooseOptions(page, first!, first!.correct);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByText('Correct!')).toBeVisible();
  // A key pressed while reading the explanation keeps the question on screen.
  await page.keyboard.press('Tab');
  await page.clock.runFor(2500);
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  // So does a click.
  await page.getByRole('button', { name: 'Next' }).click();
  await chooseOptions(page, second!, second!.correct);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await page.getByText('Correct!').click();
  await page.clock.runFor(2500);
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();

  const moveOn = page.getByRole('checkbox', { name: 'Go to the next question after checking' });
  await expect(moveOn).toBeChecked();
  await moveOn.uncheck();
  await page.getByRole('button', { name: 'Next' }).click();
  await chooseOptions(page, third!, third!.correct);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByText('Correct!')).toBeVisible();
  await page.clock.runFor(2500);
  await expect(page.getByRole('heading', { name: 'Question 3 of 11' })).toBeVisible();
  // The choice is kept in this browser, for this test after a reload (which resumes it) and the next.
  await page.clock.resume();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Question 4 of 11' })).toBeVisible();
  await expect(moveOn).not.toBeChecked();
});

test('a touch screen is not told of the test’s keys, and a finger scrolling to read keeps a checked question on screen', async ({
  browser,
}) => {
  const first = (await answersOf(EXAM, DEMO))[0]!;
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 360, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).tap();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await expect(page.getByText('Keys: 1–4 choose, N next, P previous, F flag.')).toBeHidden();
  await stopTheClock(page);
  const option = first.options.findIndex((o) => o.id === first.correct[0]);
  await page.getByRole('group').locator('label').nth(option).tap();
  await page.getByRole('button', { name: 'Check Answer' }).tap();
  await expect(page.getByText('Correct!')).toBeVisible();
  // A finger that scrolls to read the explanation: no tap, so no click, only touches.
  const touch = await context.newCDPSession(page);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 180, y: 600 }] });
  await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 180, y: 400 }] });
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.clock.runFor(2500);
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await context.close();
});

test('practice mode resumes at the first question not checked, though an answer was chosen there', async ({ page }) => {
  const questions = await answersOf(EXAM, DEMO);
  await register(page, { name: 'Pia Practice', email: uniqueEmail('practice-resume'), password: 'check-it-later-1' });
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  await chooseOptions(page, questions[0]!, questions[0]!.correct);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByRole('button', { name: 'Question 1, correct' })).toBeVisible();
  await page.getByRole('button', { name: 'Question 2, not answered' }).click();
  // An answer chosen on the second question, and kept, but not checked.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/attempts') && r.request().postData()?.includes('"intent":"answer"') === true,
  );
  await chooseOptions(page, questions[1]!, questions[1]!.correct);
  await saved;

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check Answer' })).toBeEnabled();
});

test('on a phone, the choice to move on after a check sits under Check Answer, above the navigator', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  const check = await page.getByRole('button', { name: 'Check Answer' }).boundingBox();
  const choice = await page.getByLabel('Go to the next question after checking').boundingBox();
  const navigator = await page.getByRole('button', { name: /^Question 1,/ }).boundingBox();
  expect(choice!.y).toBeGreaterThan(check!.y);
  expect(choice!.y).toBeLessThan(navigator!.y);
});

test('the navigator’s buttons and the list before handing in are a finger wide; a mark stays clear of the ring', async ({
  page,
}) => {
  const questions = await answersOf(EXAM, DEMO);
  await startWithClockStopped(page);
  const first = questions[0]!;
  await chooseOptions(page, first, [wrongOf(first)]);
  await page.getByRole('button', { name: 'Flag for review' }).click();
  await page.getByRole('button', { name: 'Check Answer' }).click();
  // Still on question 1 (the clock is stopped): its button has the current question's ring, a cross and a flag.
  const current = page.getByRole('button', { name: 'Question 1, incorrect, flagged' });
  await expect(current).toHaveAttribute('aria-current', 'step');
  const box = (await current.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  for (const mark of await current.locator('span[aria-hidden="true"]').all()) {
    const inside = (await mark.boundingBox())!;
    expect(inside.x).toBeGreaterThanOrEqual(box.x);
    expect(inside.y).toBeGreaterThanOrEqual(box.y);
    expect(inside.x + inside.width).toBeLessThanOrEqual(box.x + box.width);
    expect(inside.y + inside.height).toBeLessThanOrEqual(box.y + box.height);
  }
  for (const button of await page.getByRole('navigation', { name: 'Questions' }).getByRole('button').all()) {
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  await page.getByRole('button', { name: 'Finish Test' }).click();
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeVisible();
  const chips = page.getByRole('button', { name: /^Question \d+$/ });
  expect(await chips.count()).toBeGreaterThan(5);
  for (const chip of await chips.all()) {
    const chipBox = (await chip.boundingBox())!;
    expect(chipBox.height, (await chip.textContent()) ?? '').toBeGreaterThanOrEqual(44);
  }
});
