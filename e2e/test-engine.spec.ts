import {
  answersOf,
  chooseOptions,
  clientAddress,
  expect,
  grantAccess,
  register,
  test,
  uniqueEmail,
  wrongOf,
} from './support/fixtures.ts';
import { expectNoAxeViolations, stopTheClock, waitForHydration } from './support/pages.ts';

const EXAM = 'aws-cloud-practitioner';
const DEMO = 'clf-c02-pt1'; // 11 questions, 18 minutes, options in file order; question 6 is "choose two"

test('the demo page: only the first test is open, with the demo banner and no filters', async ({ page }) => {
  await page.goto(`/exam/${EXAM}/practice-tests`);
  await expect(page).toHaveTitle('AWS Certified Cloud Practitioner (CLF-C02): 4 Practice Tests | PracticePass');
  // The exam's header: its category, its title, and what the page holds; the way back to its details.
  await expect(page.getByText('Cloud', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'AWS Certified Cloud Practitioner (CLF-C02) Practice Tests',
  );
  await expect(page.getByRole('link', { name: 'Exam details' })).toHaveAttribute('href', `/exams/${EXAM}`);
  await expect(page.getByRole('heading', { name: 'Try Before You Buy' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up to Save Progress' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Show tests' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Exam Mode:/ })).toHaveCount(1);
  await expect(page.getByText('Unlock More Tests')).toHaveCount(3);
  // The course's order: the open test comes first, not below the locked ones.
  await expect(page.getByLabel('Sort by')).toHaveValue('course');
  await expect(page.getByRole('article').first()).toContainText('Practice Test 1');
  await expect(
    page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Exam Mode:/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const response = await page.goto('/practice-test/clf-c02-pt2');
  expect(response?.status()).toBe(403);
  await expect(page.getByText('Please sign up to access more practice tests.')).toBeVisible();
});

test('an anonymous visitor passes the demo in exam mode, reviews it, and is invited to sign up', async ({ page }) => {
  const questions = await answersOf(EXAM, DEMO);
  await page.goto(`/exam/${EXAM}/practice-tests`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Exam Mode: Practice Test 1' }).click();
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('timer')).toHaveText(/Time left: 1[78]:\d\d/);
  for (const [i, q] of questions.entries()) {
    await expect(page.getByRole('heading', { name: `Question ${i + 1} of ${questions.length}` })).toBeVisible();
    await chooseOptions(page, q, q.correct);
    if (i < questions.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit Test' }).first().click();
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeVisible();
  await expect(page.getByText('Every question has an answer.')).toBeVisible();
  // The clock runs on here too, and says so.
  await expect(page.getByRole('timer')).toHaveText(/Time left: 1[78]:\d\d/);
  await page.getByRole('button', { name: 'Submit Test' }).click();

  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByText('11 of 11')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^100%$/ })).toBeVisible();
  const invite = page.getByRole('region', { name: 'Keep this score' });
  await expect(invite.getByRole('button', { name: 'Sign Up Now' })).toBeVisible();
  await invite.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(invite).toBeHidden();
  await page.getByRole('button', { name: 'Show Detailed Review' }).click();
  await expect(page.getByText('PASSED', { exact: true })).toBeVisible();
  await expect(page.getByText(questions[0]!.text)).toBeVisible();
});

test('the review tells a missed question from one left unanswered, and can show only the missed ones', async ({
  page,
}) => {
  const questions = await answersOf(EXAM, DEMO);
  await page.setViewportSize({ width: 360, height: 480 });
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await chooseOptions(page, questions[0]!, questions[0]!.correct);
  // On a phone, the question's number and the clock stay in view while the student scrolls down to answer.
  await page.getByRole('button', { name: 'Next' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('timer')).toBeInViewport();
  await page.getByRole('button', { name: 'Next' }).click();
  await chooseOptions(page, questions[1]!, [wrongOf(questions[1]!)]);
  await page.getByRole('button', { name: 'Submit Test' }).first().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();

  const unanswered = questions.length - 2;
  await expect(page.getByText(`${unanswered} questions were not answered, and count as incorrect.`)).toBeVisible();
  await page.getByRole('button', { name: 'Show Detailed Review' }).click();
  const items = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Question \d+ · / }) });
  await expect(items.getByRole('heading')).toHaveText([
    'Question 1 · Correct',
    'Question 2 · Incorrect',
    ...Array.from({ length: unanswered }, (_, i) => `Question ${i + 3} · Not answered`),
  ]);
  await page.getByLabel(`Only the ${questions.length - 1} questions I missed`).check();
  await expect(items.getByRole('heading', { name: 'Question 1 · Correct' })).toBeHidden();
  await expect(items.getByRole('heading', { name: 'Question 2 · Incorrect' })).toBeVisible();
  await page.getByLabel(`Only the ${questions.length - 1} questions I missed`).uncheck();
  await expect(items.getByRole('heading', { name: 'Question 1 · Correct' })).toBeVisible();
});

test('a free test begun signed out and handed in after signing up in another tab is kept for the student', async ({
  page,
}) => {
  const questions = await answersOf(EXAM, DEMO);
  await page.goto(`/exam/${EXAM}/practice-tests`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Exam Mode: Practice Test 1' }).click();
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: `Question 1 of ${questions.length}` })).toBeVisible();
  await chooseOptions(page, questions[0]!, questions[0]!.correct);
  // The page invites the visitor to sign up to keep their progress; they do, in another tab.
  const tab = await page.context().newPage();
  await register(tab, { name: 'Late Joiner', email: uniqueEmail('joiner'), password: 'joined-halfway-1' });
  await page.getByRole('button', { name: 'Submit Test' }).first().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByText(`1 of ${questions.length}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Keep this score' })).toHaveCount(0);
  await tab.goto('/history');
  await expect(tab.getByText('No Attempts Found')).toHaveCount(0);
  await expect(tab.getByText('Cloud Foundations').first()).toBeVisible();
});

test('practice mode checks each answer, explains it, locks it and moves on', async ({ page }) => {
  const questions = await answersOf(EXAM, DEMO);
  await page.clock.install();
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await stopTheClock(page);
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
  await page.clock.install();
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await stopTheClock(page);
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
  const unanswered = page.getByRole('heading', { name: 'Unanswered questions' }).locator('..');
  await expect(unanswered.getByRole('button', { name: `Question ${index + 1}`, exact: true })).toBeVisible();
});

test('the start screen recalls the student’s last attempt of the test, with the way to its review', async ({
  page,
}) => {
  const questions = await answersOf(EXAM, DEMO);
  await register(page, { name: 'Rae Recall', email: uniqueEmail('recall'), password: 'recall-the-last-1' });
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await expect(page.getByText(/^Your last attempt/)).toHaveCount(0);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await chooseOptions(page, questions[0]!, questions[0]!.correct);
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).first().click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  // 1 of 11 right: 9 %.
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await expect(page.getByText('Your last attempt: 9% (failed).')).toBeVisible();
  await page.getByRole('link', { name: 'Review it' }).click();
  await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Failed', exact: true })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('9%');
});

test('a third choice on a "choose two" question is refused, and says why', async ({ page }) => {
  const questions = await answersOf(EXAM, DEMO);
  const index = questions.findIndex((q) => q.correct.length === 2);
  await page.clock.install();
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  // The test's screen drawn first: with the clock stopped, the screen still on its way would never be drawn.
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  // Stopped, so that the move-on after the check does not take the question, and its words, away.
  await stopTheClock(page);
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
  await page.clock.install();
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await stopTheClock(page);
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

test('the keys of the test do nothing while focus is in the site’s header', async ({ page }) => {
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeFocused();
  await page.getByRole('banner').getByRole('link').first().focus();
  await page.keyboard.press('1');
  await page.keyboard.press('n');
  await expect(page.getByRole('group').locator('input:checked')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  // Back in the test, they work.
  await page.getByRole('heading', { name: 'Question 1 of 11' }).focus();
  await page.keyboard.press('1');
  await expect(page.getByRole('group').locator('input').first()).toBeChecked();
  await expect(page.getByText('Keys: 1–4 choose, N next, P previous, F flag.')).toBeVisible();
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

test('when the exam timer runs out, the attempt is submitted with what was answered', async ({ page }) => {
  const questions = await answersOf(EXAM, DEMO);
  await page.clock.install();
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await chooseOptions(page, questions[0]!, questions[0]!.correct);
  // Marks as the clock passes them, each said once to screen readers (the live region's words change).
  const warning = page.getByRole('status').filter({ hasText: /left\.$/ });
  await page.clock.runFor(13 * 60 * 1000 + 1000);
  await expect(warning).toHaveText('Less than 5 minutes left.');
  await page.clock.runFor(4 * 60 * 1000);
  await expect(warning).toHaveText('Less than 1 minute left.');
  await page.clock.runFor(60 * 1000 + 1000);
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await expect(page.getByText('Time is up: your answers were handed in.')).toBeVisible();
  await expect(page.getByText('1 of 11')).toBeVisible();
});

test('the computer’s clock set forward in an exam changes nothing: the attempt runs on', async ({ page }) => {
  const [first, second] = await answersOf(EXAM, DEMO);
  // Installed before the page loads, so that its clocks run as usual until the jump.
  await page.clock.install();
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  const answered = () =>
    page.waitForResponse(
      (r) => r.url().endsWith('/api/attempts') && r.request().postData()?.includes('"intent":"answer"') === true,
    );
  let saved = answered();
  await chooseOptions(page, first!, first!.correct);
  expect((await saved).status()).toBe(200);

  // Half an hour ahead: far past the 18 minutes, by the wall clock only.
  await page.clock.setSystemTime(Date.now() + 30 * 60_000);
  await page.waitForTimeout(3000);
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveText(/Time left: 1[78]:\d\d/);
  await page.getByRole('button', { name: 'Next' }).click();
  saved = answered();
  await chooseOptions(page, second!, second!.correct);
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Question 2, answered' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the keyboard chooses, flags, moves on and back; an unfinished attempt resumes after a reload', async ({
  page,
}) => {
  await register(page, { name: 'Ray Resume', email: uniqueEmail('resume'), password: 'resume-me-please-1' });
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/attempts') && r.request().postData()?.includes('"flagged":true') === true,
  );
  await page.keyboard.press('2');
  await expect(page.getByRole('group').locator('input').nth(1)).toBeChecked();
  await page.keyboard.press('f');
  await expect(page.getByRole('button', { name: 'Flag for review' })).toHaveAttribute('aria-pressed', 'true');
  await saved;
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();
  // Back to the first question by its key and by the Previous button, which the first question has not.
  await page.keyboard.press('p');
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await expect(page.getByRole('group').locator('input').nth(1)).toBeChecked();
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await page.keyboard.press('n');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();

  await page.reload();
  await waitForHydration(page, page.getByRole('heading', { name: 'Question 2 of 11' }));
  await expect(page.getByRole('button', { name: 'Question 1, answered, flagged' })).toBeVisible();
  await page.getByRole('button', { name: 'Question 1, answered, flagged' }).click();
  await expect(page.getByRole('group').locator('input').nth(1)).toBeChecked();
  await expect(page.getByRole('timer')).toHaveText(/Time left: 1[78]:\d\d/);
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

test('an exam reopened on a slow link counts the time its page took to start against the clock', async ({ page }) => {
  await register(page, { name: 'Sam Slowlink', email: uniqueEmail('slow'), password: 'slow-link-please-1' });
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();

  // The page comes at once; its scripts 8 seconds later, as on a poor mobile link.
  await page.route('**/assets/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    await route.continue();
  });
  const seconds = async () => {
    const [, m, s] = /(\d+):(\d\d)$/.exec((await page.getByRole('timer').textContent()) ?? '')!;
    return Number(m) * 60 + Number(s);
  };
  const asked = Date.now();
  await page.reload({ waitUntil: 'commit' });
  const answered = Date.now(); // the server's answer came: however long it took, it is not the page's wait
  await expect(page.getByRole('timer')).toBeVisible();
  const served = await seconds(); // what the server said, before the scripts run
  await waitForHydration(page);
  await page.waitForTimeout(1_500);
  // The clock went down by the time that passed since the server answered, the 8 seconds of scripts
  // included: they are not added to the student's time.
  expect((Date.now() - asked) / 1000).toBeGreaterThan(9);
  const passed = (Date.now() - answered) / 1000;
  expect(Math.abs(served - (await seconds()) - passed)).toBeLessThanOrEqual(2.5);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a test started while its screen is still on its way counts that wait against the clock', async ({ page }) => {
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  // The test's screen arrives 6 seconds after the server has started the attempt, as on a poor link.
  await page.route(/\/assets\/test-runner-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await route.continue();
  });
  const startAnswered = page
    .waitForResponse(
      (r) => r.url().endsWith('/api/attempts') && r.request().postData()?.includes('"intent":"start"') === true,
    )
    .then(() => Date.now());
  const asked = Date.now();
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('timer')).toBeVisible({ timeout: 20_000 });
  const [, m, s] = /(\d+):(\d\d)$/.exec((await page.getByRole('timer').textContent()) ?? '')!;
  expect((Date.now() - asked) / 1000).toBeGreaterThan(6);
  // 18 minutes from the server's answer, not from the moment the screen came: at least the time since
  // that answer reached the page has gone, however slowly the answer came.
  const sinceAnswer = (Date.now() - (await startAnswered)) / 1000;
  expect(18 * 60 - (Number(m) * 60 + Number(s))).toBeGreaterThanOrEqual(sinceAnswer - 2);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a purchaser sees every test, filters and progress, and can reset all progress after confirming', async ({
  page,
}) => {
  const email = uniqueEmail('buyer');
  await register(page, { name: 'Pat Purchaser', email, password: 'owner-of-pmp-1' });
  await grantAccess(email, 'pmp');

  await page.goto('/exams/pmp');
  await expect(page.getByText('Unlocked', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Practice Tests' })).toBeVisible();
  await page.getByRole('link', { name: 'View Practice Tests (4)' }).click();

  await expect(page.getByRole('heading', { name: 'Try Before You Buy' })).toHaveCount(0);
  await expect(page.getByText('Days remaining365')).toBeVisible();
  await expect(page.getByText('Average best score—')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Exam Mode:/ })).toHaveCount(4);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Exam Mode: Practice Test 2' }).click();
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to practice tests' }).click();

  const card = page.getByRole('article').filter({ hasText: 'PMP Practice Test 2' });
  await expect(card.getByText('Attempts')).toBeVisible();
  await expect(card.locator('dd').nth(3)).toHaveText('0%');
  await expect(
    page.locator('dt:text-is("Course progress") + dd').getByRole('img', { name: '25%', exact: true }),
  ).toBeVisible();
  // A best score of 0 does not count towards the average (spec §5).
  await expect(page.getByText('Average best score—')).toBeVisible();
  await page.getByRole('button', { name: 'Failed' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('button', { name: 'Not Started' }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page).toHaveURL('/exam/pmp/practice-tests?filter=not-started');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Not Started' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByRole('button', { name: 'Passed' }).click();
  await expect(page.getByText('No tests match this filter.')).toBeVisible();
  await page.getByRole('button', { name: 'All Tests' }).click();
  await page.getByLabel('Sort by').selectOption('alphabetical');
  await expect(page.getByRole('article').first()).toContainText('PMP Practice Test 1');

  await page.getByText('Account details').click();
  await page.getByRole('button', { name: 'Reset All Progress Data' }).click();
  // Focus goes to the warning, the choice comes next; Cancel brings it back to the button.
  await expect(page.getByText('This resets your progress in every exam')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Yes, reset everything' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Reset All Progress Data' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Yes, reset everything' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All progress data has been reset.' })).toBeVisible();
  await expect(
    page.locator('dt:text-is("Course progress") + dd').getByRole('img', { name: '0%', exact: true }),
  ).toBeVisible();
});

test('without JavaScript, the filters and the sort are a form the server answers', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = await context.newPage();
  const email = uniqueEmail('noscript-filters');
  await register(page, { name: 'Nora Noscript', email, password: 'no-script-owner-1' });
  await grantAccess(email, 'pmp');

  await page.goto('/exam/pmp/practice-tests');
  await expect(page.getByRole('article')).toHaveCount(4);
  await page.getByRole('button', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/[?&]filter=completed(&|$)/);
  await expect(page.getByText('No tests match this filter.')).toBeVisible();
  await page.getByRole('button', { name: 'Not Started' }).click();
  await expect(page.getByRole('button', { name: 'Not Started' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(4);

  // Sorting keeps the filter shown.
  await page.getByLabel('Sort by').selectOption('newest');
  await page.getByRole('button', { name: 'Sort', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=newest(&|$)/);
  await expect(page).toHaveURL(/[?&]filter=not-started(&|$)/);
  await expect(page.getByRole('article').first()).toContainText('PMP Practice Test 4');
  await expect(page.getByRole('button', { name: 'Not Started' })).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});

test('a test being taken when progress is reset resumes, and counts once handed in', async ({ page }) => {
  const email = uniqueEmail('reset');
  await register(page, { name: 'Rhea Reset', email, password: 'reset-midway-1' });
  await grantAccess(email, 'pmp');
  await page.goto('/practice-test/pmp-pt1?mode=exam');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/attempts') && r.request().postData()?.includes('"intent":"answer"') === true,
  );
  await page.getByRole('group').locator('input').first().check();
  await saved;

  await page.goto('/exam/pmp/practice-tests');
  await waitForHydration(page);
  await page.getByText('Account details').click();
  await page.getByRole('button', { name: 'Reset All Progress Data' }).click();
  await page.getByRole('button', { name: 'Yes, reset everything' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All progress data has been reset.' })).toBeVisible();

  await page.goto('/practice-test/pmp-pt1?mode=exam');
  await waitForHydration(page, page.getByRole('button', { name: 'Question 1, answered' }));
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: /^(Congratulations!|Keep Practicing!)$/ })).toBeVisible();

  await page.goto('/history');
  await expect(page.locator('dl').first()).toContainText('Total attempts1');
  await expect(page.getByRole('row').filter({ hasText: 'PMP Practice Test 1' })).toHaveCount(1);
  await page.goto('/');
  await expect(page.locator('dl').first()).toContainText('Tests Completed1');
});

test('starting the other mode keeps an unfinished attempt, which resumes in its own mode', async ({ page }) => {
  const questions = await answersOf(EXAM, DEMO);
  await register(page, { name: 'Mo Modes', email: uniqueEmail('modes'), password: 'two-modes-kept-1' });
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/attempts') && r.request().postData()?.includes('"intent":"answer"') === true,
  );
  await chooseOptions(page, questions[0]!, questions[0]!.correct);
  await saved;

  // The start screen offers both modes, and the unfinished exam-mode attempt to resume as it was.
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Resume Exam Mode' }).click();
  await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Time left: 1[78]:\d\d/);

  // Practice mode starts on its own and leaves the exam-mode attempt alone.
  await page.goto(`/practice-test/${DEMO}?mode=practice`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Resume Exam Mode' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  await expect(page.getByRole('button', { name: 'Check Answer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 1, not answered' })).toBeVisible();
  // While the exam-mode attempt runs, practice mode shows no answer of the same test.
  await chooseOptions(page, questions[0]!, questions[0]!.correct);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You are taking this test in exam mode. Hand that attempt in' }),
  ).toBeVisible();
  await expect(page.getByText(questions[0]!.explanation)).toHaveCount(0);
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'No Attempts Found' })).toBeVisible();
});

test('unknown tests and exams say so', async ({ page }) => {
  let response = await page.goto('/practice-test/no-such-test');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByText('Failed to load practice test: Practice test with ID no-such-test not found'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
  response = await page.goto('/exam/no-such-exam/practice-tests');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Exam with ID no-such-exam not found.')).toBeVisible();
  response = await page.goto('/demo/no-such-exam');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Failed to load practice test: Exam with ID no-such-exam not found')).toBeVisible();
  // Opened straight from an address, there is no page of the store to go back to: it goes to the catalogue.
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL('/exams');
});

test('a locked test asks a visitor to sign up, and offers a signed-in student the way to buy', async ({ page }) => {
  const response = await page.goto('/practice-test/clf-c02-pt2');
  expect(response?.status()).toBe(403);
  await expect(page.getByText('Please sign up to access more practice tests.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
    'href',
    `/register?from=${encodeURIComponent(`/exam/${EXAM}/practice-tests`)}`,
  );
  // So does each locked test on the exam's page, and signing up comes back to it.
  await page.goto(`/exam/${EXAM}/practice-tests`);
  const locked = page.getByRole('article').filter({ hasText: 'Unlock More Tests' });
  await expect(locked).toHaveCount(3);
  for (const card of await locked.all()) {
    await expect(card).toContainText('Please sign up to access more practice tests.');
  }
  await expect(locked.first().getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
    'href',
    `/register?from=${encodeURIComponent(`/exam/${EXAM}/practice-tests`)}`,
  );

  // Signed up, the student is told to buy, not to sign up, on the cards and the test's page.
  await register(page, { name: 'Not Yet', email: uniqueEmail('locked'), password: 'buy-it-later-1' });
  const buy = 'Buy full access to this exam to take this test.';
  await page.goto(`/exam/${EXAM}/practice-tests`);
  await expect(locked).toHaveCount(3);
  for (const card of await locked.all()) {
    await expect(card).toContainText(buy);
    await expect(card.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  }
  await page.goto('/practice-test/clf-c02-pt2');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Unlock More Tests' })).toBeVisible();
  await expect(page.getByText(buy)).toBeVisible();
  await expect(page.getByText('Please sign up to access more practice tests.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Unlock Access: AWS Certified Cloud Practitioner (CLF-C02)' }).click();
  await expect(page.getByRole('link', { name: 'Go to Checkout' })).toHaveAttribute('href', '/checkout');
});

test('the attempt endpoint refuses bad requests with a message', async ({ request }) => {
  for (const body of [
    {},
    { intent: 'start' },
    { intent: 'submit', attemptId: 'x'.repeat(500) },
    { intent: 'answer', attemptId: 'a', questionId: 'b', extra: 1 },
  ]) {
    const response = await request.post('/api/attempts', { data: body });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: 'That request is not valid.' });
  }
  const missing = await request.post('/api/attempts', { data: { intent: 'submit', attemptId: 'not-an-attempt' } });
  expect(missing.status()).toBe(404);
  const locked = await request.post('/api/attempts', {
    data: { intent: 'start', testId: 'clf-c02-pt2', mode: 'exam' },
  });
  expect(locked.status()).toBe(403);
  expect(await locked.json()).toEqual({ error: 'Please sign up to access more practice tests.', status: 403 });
});

test('the short demo: five questions, thirty minutes, then the way to full access', async ({ page }) => {
  await page.goto('/demo/pmp');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 5' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Time left: (30:00|29:\d\d)/);
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByText('0 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Full Course Registration' }).click();
  // A visitor is asked to sign in, or to register, and told why, with the exam waiting in the cart.
  await expect(page).toHaveURL('/login?redirect=/cart');
  await expect(page.getByText('Sign in to pay for your cart. New here? Register instead')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart')))!)).toEqual([
    expect.objectContaining({ id: 'pmp' }),
  ]);
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL('/register?redirect=/cart');
  await expect(page.getByText('Create your account to pay for your cart: it comes with you.')).toBeVisible();
  // Reached any other way, the pages say nothing of a cart.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByText('pay for your cart')).toHaveCount(0);
  const missing = await page.goto('/demo/no-such-exam');
  expect(missing?.status()).toBe(404);
});

test('a signed-in student takes the short demo too: the answers count, nothing is kept, then on to checkout', async ({
  page,
}) => {
  const questions = (await answersOf(EXAM, DEMO)).slice(0, 5);
  await register(page, { name: 'Demo Student', email: uniqueEmail('demo'), password: 'try-before-buying-1' });
  await page.goto(`/demo/${EXAM}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  for (const [i, q] of questions.entries()) {
    await expect(page.getByRole('heading', { name: `Question ${i + 1} of 5` })).toBeVisible();
    await chooseOptions(page, q, q.correct);
    if (i < questions.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit Test' }).first().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByText('5 of 5')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Keep this score' })).toHaveCount(0);
  // Signed in, /checkout goes straight on to paying for the exam, now in the cart.
  await page.getByRole('button', { name: 'Proceed to Full Course Registration' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pay \$\d+\.\d\d USD$/);
  // Nothing of the demo is kept for the student.
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'No Attempts Found' })).toBeVisible();
});

test('an owner who takes the short demo goes on to the exam’s tests, not to paying for the rest of the cart', async ({
  page,
}) => {
  const email = uniqueEmail('demo-owner');
  await register(page, { name: 'Demo Owner', email, password: 'owns-it-already-1' });
  await grantAccess(email, EXAM);
  await page.goto('/exams/pmp');
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Unlock Access: / }).click();
  await page.goto(`/demo/${EXAM}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByText('0 of 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Full Course Registration' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to Practice Tests' }).click();
  await expect(page).toHaveURL(`/exam/${EXAM}/practice-tests`);
});

test('an answer the store could not take says so, and the next one goes through', async ({ page }) => {
  const [first] = await answersOf(EXAM, DEMO);
  await page.goto(`/demo/${EXAM}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 5' })).toBeVisible();
  await page.route('**/api/attempts', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
  );
  // Clicked, not checked: the box is unticked again as soon as the store answers.
  const wrong = page
    .getByRole('group')
    .locator('input')
    .nth(first!.options.findIndex((o) => o.id === wrongOf(first!)));
  await wrong.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Something went wrong on our side. Your answers so far are kept: please try again.',
  );
  // The answer that was not stored does not look stored.
  await expect(page.getByRole('group').locator('input:checked')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Question 1, not answered' })).toBeVisible();
  await page.unroute('**/api/attempts');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/attempts') && r.status() === 200);
  await chooseOptions(page, first!, first!.correct);
  await saved;
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('answers are stored in the order given, and before the test is handed in', async ({ page }) => {
  const [first, second] = await answersOf(EXAM, DEMO);
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  let answered = 0;
  page.on('response', (r) => {
    if (r.url().endsWith('/api/attempts')) answered += 1;
  });
  /** Holds the next request to the store until the returned function lets it go. */
  async function slowNext() {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/attempts',
      async (route) => {
        await slow;
        await route.continue();
      },
      { times: 1 },
    );
    return release;
  }

  // The first answer is slow on the way and the student changes their mind: the change is stored last.
  let release = await slowNext();
  await chooseOptions(page, first!, [wrongOf(first!)]);
  await chooseOptions(page, first!, first!.correct);
  release();
  await expect.poll(() => answered).toBe(2);

  // The second answer is still on its way when the test is handed in: it counts.
  await page.getByRole('button', { name: 'Next' }).click();
  release = await slowNext();
  await chooseOptions(page, second!, second!.correct);
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  release();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await expect(page.getByText('2 of 11')).toBeVisible();
});

test('a refused answer or flag goes back off the screen and stays out of the review', async ({ page }) => {
  await page.goto(`/practice-test/${DEMO}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await page.route('**/api/attempts', (route) => route.abort('internetdisconnected'), { times: 2 });
  await page.getByRole('group').locator('input').first().click();
  await expect(page.getByRole('alert')).toHaveText('The connection was lost. Check your network and try again.');
  await page.getByRole('button', { name: 'Flag for review' }).click();
  await expect(page.getByRole('button', { name: 'Flag for review' })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('n');
  await expect(page.getByRole('button', { name: 'Question 1, not answered' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 1', exact: true })).toHaveCount(1);
  await expect(page.getByText('No question is flagged.')).toBeVisible();
});

test('legacy test links lead to real test details that start the test', async ({ page }) => {
  await page.goto('/clf-c02-pt1');
  await expect(page).toHaveURL(`/login?from=${encodeURIComponent('/tests/clf-c02-pt1')}`);
  await register(page, { name: 'Leg Acy', email: uniqueEmail('legacy'), password: 'old-links-work-1' });
  await page.goto('/tests');
  await expect(page.getByRole('link', { name: /^Open / })).toHaveCount(8);
  await page.goto('/attempt/clf-c02-pt1');
  await expect(page).toHaveURL('/tests/clf-c02-pt1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('CLF-C02 Practice Test 1: Cloud Foundations');
  await page.getByRole('link', { name: 'Practice Mode' }).click();
  await expect(page).toHaveURL('/practice-test/clf-c02-pt1?mode=practice');
  // A test of an exam not bought says so and offers the way to buy, not modes that would be refused.
  await page.goto('/tests/clf-c02-pt2');
  await expect(page.getByText('Buy full access to this exam to take this test.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exam Mode' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Unlock Access/ })).toBeVisible();
  const unknown = await page.goto('/not-a-test-or-page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle('Page Not Found | PracticePass');
  const missing = await page.goto('/tests/no-such-test');
  expect(missing?.status()).toBe(404);
  await expect(page).toHaveTitle('Practice test | PracticePass');
  await expect(
    page.getByText('Failed to load practice test: Practice test with ID no-such-test not found'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to tests' })).toHaveAttribute('href', '/tests');
});

test('resetting progress needs a signed-in student', async ({ request }) => {
  const response = await request.post(`/exam/${EXAM}/practice-tests`, { form: { intent: 'reset' } });
  expect(response.status()).toBe(401);
  expect(await response.text()).toContain('You must be logged in to reset progress.');
});
