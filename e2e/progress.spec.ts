import {
  answersOf,
  chooseOptions,
  clientAddress,
  endAccess,
  expect,
  grantAccess,
  handInBlank,
  register,
  test,
  uniqueEmail,
  wrongOf,
} from './support/fixtures.ts';
import { DEMO_EXAM, DEMO_TEST } from './support/student.ts';
import { expectAccessibleInBothThemes } from './support/themes.ts';
import { expectNoAxeViolations, expectNoHorizontalScroll, waitForHydration } from './support/pages.ts';

test('a new student sees the empty states', async ({ page }) => {
  await register(page, { name: 'Em Pty', email: uniqueEmail('empty'), password: 'nothing-yet-123' });
  await expect(page.getByRole('definition').first()).toHaveText('0');
  await expect(page.getByRole('heading', { name: 'No Exams Purchased Yet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Tests Taken Yet' })).toBeVisible();
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'No Attempts Found' })).toBeVisible();
  // No attempts, no average: a dash, not a score of 0%.
  await expect(page.locator('dl').first()).toContainText('Average score—');
  await page.goto('/purchased');
  await expect(page.getByRole('heading', { name: 'No Exams Purchased Yet' })).toBeVisible();
});

test('an exam whose year ran out is still bought: counted, marked expired, offered again, and its tests say so', async ({
  page,
}) => {
  const email = uniqueEmail('lapsed');
  await register(page, { name: 'Lee Lapsed', email, password: 'a-year-went-by-1' });
  await grantAccess(email, 'pmp');
  await endAccess(email, 'pmp');

  await page.goto('/');
  await expect(page.locator('dl').first()).toContainText('Purchased Exams1');
  await expect(page.getByRole('heading', { name: 'No Exams Purchased Yet' })).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: /Project Management Professional \(PMP\).*Access expired/ }),
  ).toBeVisible();

  await page.goto('/purchased');
  const card = page.getByRole('article').filter({ hasText: 'Project Management Professional' });
  await expect(card).toContainText('Access expired');
  await expect(card.getByRole('link', { name: /Buy access again/ })).toHaveAttribute('href', '/exams/pmp');
  await expect(card.getByRole('link', { name: /Practice Tests/ })).toHaveAttribute('href', '/exam/pmp/practice-tests');

  // Still a purchaser: the account details and the reset of progress stay offered, and so do the filters
  // over the scores the student's attempts keep.
  await page.goto('/exam/pmp/practice-tests');
  await expect(page.getByRole('group', { name: 'Show tests' }).getByRole('button')).toHaveCount(5);
  await page.getByText('Account details').click();
  await expect(page.getByRole('button', { name: 'Reset All Progress Data' })).toBeVisible();
  const ended = 'Your access to this exam has ended. Buy access again to take this test.';
  // Its locked tests say why, not the sign-up sentence meant for those who never bought it.
  const lockedCard = page.getByRole('article').filter({ hasText: 'PMP Practice Test 2' });
  await expect(lockedCard).toContainText('Unlock More Tests');
  await expect(lockedCard).toContainText(ended);

  await page.goto('/practice-test/pmp-pt2');
  await expect(page.getByRole('heading', { name: 'Your access has ended' })).toBeVisible();
  await expect(page.getByText(ended)).toBeVisible();
  await page.goto('/tests/pmp-pt2');
  await expect(page.getByText(ended)).toBeVisible();
});

test('attempts and purchases show on the dashboard, in the history and in My Exams', async ({ page }) => {
  const email = uniqueEmail('progress');
  await register(page, { name: 'Ava Active', email, password: 'keep-on-going-1' });
  await grantAccess(email, 'pmp');

  // An exam-mode attempt of PMP test 1, handed in blank: 0%.
  await handInBlank(page, 'pmp-pt1');
  // A practice-mode attempt of the AWS demo, finished straight away.
  await page.goto('/practice-test/clf-c02-pt1?mode=practice');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  await page.getByRole('button', { name: 'Finish Test' }).click();
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Ava Active' })).toBeVisible();
  const stats = page.locator('dl').first();
  await expect(stats).toContainText('Tests Completed2');
  await expect(stats).toContainText('Purchased Exams1');
  await expect(
    page.getByRole('link', { name: /Project Management Professional \(PMP\).*365 days remaining/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /^Retry / })).toHaveCount(2);
  await expect(page.getByRole('link', { name: /^Retry / }).first()).toHaveAttribute(
    'href',
    '/practice-test/clf-c02-pt1?mode=practice',
  );
  const charts = page.getByRole('region', { name: 'Your progress' });
  await expect(charts.getByRole('figure')).toHaveCount(2);
  await expect(charts.getByText('Study next:').first()).toBeVisible();
  await expect(charts.getByRole('img', { name: /Scores of .* over time/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'My History' }).last().click();
  await expect(page).toHaveURL('/history');
  const stat = page.locator('dl').first();
  await expect(stat).toContainText('Total attempts2');
  await expect(stat).toContainText('Average score0%');
  await expect(stat).toContainText('Tests passed0');
  await expect(page.getByRole('row')).toHaveCount(3);
  // Each attempt's Review and Retry are buttons a finger can hit, on a phone as on a desktop.
  for (const viewport of [
    { width: 360, height: 800 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    const links = page.getByRole('cell').getByRole('link', { name: /^(Review|Retry)/ });
    expect(await links.count()).toBeGreaterThanOrEqual(4);
    for (const link of await links.all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await page.getByRole('link', { name: 'Exam', exact: true }).click();
  await expect(page).toHaveURL('/history?mode=exam');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('row').nth(1)).toContainText('PMP Practice Test 1');
  await page.getByRole('link', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL('/history');
  await page.getByLabel('Exam').selectOption({ label: 'AWS Certified Cloud Practitioner (CLF-C02)' });
  await expect(page).toHaveURL('/history?exam=aws-cloud-practitioner');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('Practice');
  // Back to every exam: the list and the exam filter both say so.
  await page.goBack();
  await expect(page).toHaveURL('/history');
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page.getByLabel('Exam')).toHaveValue('');
  await page.goForward();
  await expect(page.getByLabel('Exam')).toHaveValue('aws-cloud-practitioner');
  // With the keyboard, each choice applies and focus stays on the select for the next one.
  await page.getByLabel('Exam').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL('/history?exam=pmp');
  await expect(page.getByLabel('Exam')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL('/history?exam=aws-cloud-practitioner');
  await expect(page.getByLabel('Exam')).toBeFocused();
  // An exam with no attempts yet stays the filter shown, over its empty list; an unknown one is dropped.
  await page.goto('/history?exam=cisco-ccna');
  await expect(page.getByLabel('Exam')).toHaveValue('cisco-ccna');
  await expect(page.getByRole('heading', { name: 'No Attempts Found' })).toBeVisible();
  // The list is empty because of the filters, and says so, with the way back to every attempt.
  await expect(page.getByText('No attempt matches these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Show all attempts' }).click();
  await expect(page).toHaveURL('/history');
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.goto('/history?exam=no-such-exam');
  await expect(page).toHaveURL('/history');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  // A page past the end goes to the last one, and a page number that is none to the first.
  for (const page_ of ['5', '999999999', '0', '-1', 'abc']) {
    await page.goto(`/history?page=${page_}`);
    await expect(page).toHaveURL('/history');
  }
  await expect(page.getByRole('row')).toHaveCount(3);

  await page.goto('/purchased');
  const card = page.getByRole('article').filter({ hasText: 'Project Management Professional' });
  await expect(card).toContainText('Days remaining365');
  await expect(card).toContainText('Progress25%');
  await expect(card.getByRole('link', { name: /Practice Tests/ })).toHaveAttribute('href', '/exam/pmp/practice-tests');
  await expectNoAxeViolations(page);

  await page.goto('/exam/pmp/practice-tests');
  await expect(page.getByRole('region', { name: 'Your progress' }).getByRole('figure')).toHaveCount(1);
});

test('a finished attempt opens again from the history, with every answer, but not while its test runs as an exam, which the dashboard offers to resume', async ({
  page,
  browser,
}) => {
  await register(page, { name: 'Rae Review', email: uniqueEmail('review'), password: 'look-back-again-1' });
  const questions = await answersOf(DEMO_EXAM, DEMO_TEST);
  const [first, second] = questions;
  // Exam mode: the first question right, the second wrong, the other nine left unanswered.
  await page.goto(`/practice-test/${DEMO_TEST}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await chooseOptions(page, first!, first!.correct);
  await page.getByRole('button', { name: 'Next' }).click();
  await chooseOptions(page, second!, [wrongOf(second!)]);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Flag for review' }).click();
  await expect(page.getByRole('button', { name: 'Flag for review' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Submit Test' }).first().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  const kept = await page.getByRole('main').getByRole('link', { name: 'My History' }).getAttribute('href');

  await page.goto('/history');
  await page.getByRole('link', { name: /^Review CLF-C02 Practice Test 1: Cloud Foundations, / }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/history\/[0-9a-f-]{36}$/);
  const address = new URL(page.url()).pathname;
  // The result said where it is kept.
  expect(kept).toBe(address);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('CLF-C02 Practice Test 1: Cloud Foundations');
  await expect(page.getByText(/AWS Certified Cloud Practitioner \(CLF-C02\) · Exam Mode · /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Failed', exact: true })).toBeVisible();
  await expect(page.getByText('9 questions were not answered, and count as incorrect.')).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('9%');
  await expect(page.getByRole('heading', { name: 'Question 1 · Correct' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Question 2 · Incorrect' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Question 3 · Not answered' })).toBeVisible();
  await expect(page.getByText(first!.explanation)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Question 3 · Not answered · Flagged' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Only the 10 questions I missed' }).check();
  await expect(page.getByRole('heading', { name: 'Question 1 · Correct' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Question 2 · Incorrect' })).toBeVisible();
  // The question flagged while the test ran: both boxes ticked, it alone is left.
  await page.getByRole('checkbox', { name: 'Only the question I flagged' }).check();
  await expect(page.getByRole('heading', { name: /^Question \d+ · / })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: /^Question \d+ · / })).toHaveText(
    'Question 3 · Not answered · Flagged',
  );
  await expect(page.getByRole('link', { name: 'Retry' })).toHaveAttribute(
    'href',
    `/practice-test/${DEMO_TEST}?mode=exam`,
  );
  await expectAccessibleInBothThemes(page, 'an attempt’s review, narrowed to a flagged question');

  // Without JavaScript the boxes are a form of the page's address, which the server draws narrowed.
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScriptPage = await noScripts.newPage();
  await noScriptPage.goto(address);
  await expect(noScriptPage.getByRole('heading', { name: 'Question 1 · Correct' })).toBeVisible();
  await noScriptPage.getByRole('checkbox', { name: 'Only the 10 questions I missed' }).check();
  await noScriptPage.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(noScriptPage).toHaveURL(`${address}?missed=1`);
  await expect(noScriptPage.getByRole('checkbox', { name: 'Only the 10 questions I missed' })).toBeChecked();
  await expect(noScriptPage.getByRole('heading', { name: 'Question 1 · Correct' })).toBeHidden();
  await expect(noScriptPage.getByRole('heading', { name: 'Question 2 · Incorrect' })).toBeVisible();
  await noScripts.close();

  // The dashboard's latest attempts lead to it too.
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Review CLF-C02 Practice Test 1/ })).toHaveAttribute('href', address);

  // The same test begun again in exam mode: its answers are not to be had until that exam is over.
  await page.goto(`/practice-test/${DEMO_TEST}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: `Question 1 of ${questions.length}` })).toBeVisible();
  const held = await page.request.get(address);
  const html = await held.text();
  expect(held.status()).toBe(200);
  expect(html).toContain('Its answers are shown again once that attempt is handed in or its time is up.');
  // Every explanation the page could carry, of those that read the same in HTML as in the file.
  const plain = questions.filter((q) => !/[&<>"']/.test(q.explanation));
  expect(plain.length).toBeGreaterThan(5);
  for (const q of plain) expect(html).not.toContain(q.explanation);
  await page.goto(address);
  await expect(page.getByRole('heading', { name: 'Failed', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back to the exam' })).toHaveAttribute(
    'href',
    `/practice-test/${DEMO_TEST}?mode=exam`,
  );

  // The dashboard offers that exam to resume, with its clock.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Continue where you left off' })).toBeVisible();
  const unfinished = page.getByRole('listitem').filter({ hasText: 'answered' });
  await expect(unfinished).toHaveText(
    /^CLF-C02 Practice Test 1: Cloud Foundations.*· Exam · 0 of 11 answered · \d+ minutes left/,
  );
  await expectAccessibleInBothThemes(page, 'the dashboard with a test to resume');
  await unfinished
    .getByRole('link', {
      name: 'Resume CLF-C02 Practice Test 1: Cloud Foundations (AWS Certified Cloud Practitioner (CLF-C02)), Exam Mode',
    })
    .click();
  await expect(page.getByRole('heading', { name: `Question 1 of ${questions.length}` })).toBeVisible();

  // Another student finds nothing at that address.
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  const stranger = await other.newPage();
  await register(stranger, { name: 'Nosy Neighbour', email: uniqueEmail('nosy'), password: 'not-my-attempt-1' });
  const response = await stranger.goto(address);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { name: 'Attempt Not Found' })).toBeVisible();
  await other.close();
});
