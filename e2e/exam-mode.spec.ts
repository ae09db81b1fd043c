import { answersOf, chooseOptions, expect, register, test, uniqueEmail, wrongOf } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';

// Exam mode: the timer and its marks, the review before handing in, submitting, resuming, the computer's
// clock, a slow link, and answers on their way or refused.
const EXAM = 'aws-cloud-practitioner';
const DEMO = 'clf-c02-pt1'; // 11 questions, 18 minutes, options in file order; question 6 is "choose two"

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
  await expect(page.getByRole('timer')).toBeVisible();
  const served = await seconds(); // what the server said, before the scripts run
  await waitForHydration(page);
  await page.waitForTimeout(1_500);
  // The clock went down by the time that passed since the server answered, the 8 seconds of scripts
  // included: they are not added to the student's time.
  const passed = (Date.now() - asked) / 1000;
  expect(passed).toBeGreaterThan(9);
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
