import { clientAddress, expect, grantAccess, register, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoAxeViolations, waitForHydration } from './support/pages.ts';

// The exam's page of practice tests: the demo page, a purchaser's filters, sort and reset, locked tests,
// and the filters without JavaScript.
const EXAM = 'aws-cloud-practitioner';

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
  await page.getByRole('button', { name: 'Failed' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);

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
  // The page after a reset is a new visit: its address names no filter or order, and neither does the screen.
  await expect(page).toHaveURL('/exam/pmp/practice-tests');
  await expect(page.getByRole('button', { name: 'All Tests' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Sort by')).toHaveValue('course');
  await expect(page.getByRole('article')).toHaveCount(4);
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

test('a locked test asks a visitor to sign up, and offers a signed-in student the way to buy', async ({ page }) => {
  const response = await page.goto('/practice-test/clf-c02-pt2');
  expect(response?.status()).toBe(403);
  // The page names the test and its exam, on the screen and in its title.
  const named = 'CLF-C02 Practice Test 2: Mixed Domains · AWS Certified Cloud Practitioner (CLF-C02)';
  await expect(page.getByText(named, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${named} | PracticePass`);
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

test('resetting progress needs a signed-in student', async ({ request }) => {
  const response = await request.post(`/exam/${EXAM}/practice-tests`, { form: { intent: 'reset' } });
  expect(response.status()).toBe(401);
  expect(await response.text()).toContain('You must be logged in to reset progress.');
});
