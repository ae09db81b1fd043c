import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalScroll, waitForHydration, watchConsole } from './support/pages.ts';
import { grantAccess, register, uniqueEmail } from './support/fixtures.ts';

test('exam details show the facts, progress, the Locked badge and the demo link', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/exams/aws-cloud-practitioner');
  await expect(page).toHaveTitle('AWS Certified Cloud Practitioner (CLF-C02) Practice Tests | PracticePass');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AWS Certified Cloud Practitioner (CLF-C02)');
  const facts = page.locator('article dl').first();
  await expect(facts).toContainText('Duration90 minutes');
  await expect(facts).toContainText('Questions65');
  await expect(facts).toContainText('DifficultyEasy');
  await expect(facts).toContainText('Price$29.99');
  // The real exam's figures, and what is bought here, told apart.
  await expect(
    page.getByText('Duration and questions are those of the real exam. This course: 4 practice tests, 46 questions.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Course progress: 0%' })).toBeVisible();
  await expect(page.getByText('Locked', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Demo' })).toHaveAttribute(
    'href',
    '/exam/aws-cloud-practitioner/practice-tests',
  );
  // Practice Tests is a tab only for those who unlocked the exam.
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Curriculum', 'Reviews', 'FAQ']);
  expect(problems).toEqual([]);
});

test('the tabs work with the mouse and the keyboard', async ({ page }) => {
  await page.goto('/exams/aws-cloud-practitioner');
  await waitForHydration(page);
  const overview = page.getByRole('tab', { name: 'Overview' });
  await expect(overview).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Cloud Practitioner');

  await page.getByRole('tab', { name: 'Curriculum' }).click();
  const curriculum = page.getByRole('tabpanel');
  await expect(curriculum.getByRole('heading', { level: 2 }).first()).toHaveText(/^Domain 1: Cloud Concepts/);

  await page.getByRole('tab', { name: 'Curriculum' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Reviews' })).toBeFocused();
  await expect(page.getByRole('tabpanel')).toContainText('out of 5 from');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeFocused();

  await page.getByRole('tab', { name: 'FAQ' }).click();
  const firstQuestion = page.getByRole('tabpanel').locator('details').first();
  await firstQuestion.locator('summary').click();
  await expect(firstQuestion).toHaveAttribute('open', '');
});

test('the open tab is part of the address: it survives a reload and can be linked to', async ({ page }) => {
  await page.goto('/exams/aws-cloud-practitioner');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page).toHaveURL('/exams/aws-cloud-practitioner?tab=reviews');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('out of 5 from');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL('/exams/aws-cloud-practitioner');
  await expect(page.getByRole('tabpanel')).toContainText('Cloud Practitioner');

  // An address naming no tab of the page opens the first.
  await page.goto('/exams/aws-cloud-practitioner?tab=practice-tests');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
});

test('the tabs work without JavaScript, each a link the server renders open', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/exams/aws-cloud-practitioner');
  await expect(page.getByRole('tabpanel')).toContainText('Cloud Practitioner');
  await page.getByRole('tab', { name: 'Curriculum' }).click();
  await expect(page).toHaveURL('/exams/aws-cloud-practitioner?tab=curriculum#exam-information');
  await expect(page.getByRole('tab', { name: 'Curriculum' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first()).toHaveText(
    /^Domain 1: Cloud Concepts/,
  );
  await page.getByRole('tab', { name: 'FAQ' }).click();
  await expect(page.getByRole('tabpanel').locator('details').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL('/exams/aws-cloud-practitioner#exam-information');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await context.close();
});

test('without JavaScript, the pages whose controls need it say so; with it, they say nothing of it', async ({
  browser,
  page,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScripts = await context.newPage();
  const notices: [string, string][] = [
    ['/exams/pmp', 'Adding an exam to the cart needs JavaScript, which is off in this browser.'],
    [
      '/cart',
      'Your cart is kept by this browser and needs JavaScript, which is off in this browser: turn it on to see your cart and pay.',
    ],
    ['/practice-test/pmp-pt1', 'Taking a test needs JavaScript, which is off in this browser: turn it on to start.'],
  ];
  for (const [path, notice] of notices) {
    await noScripts.goto(path);
    await expect(noScripts.getByRole('status').filter({ hasText: 'needs JavaScript' }), path).toHaveText(notice);
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByText('needs JavaScript'), path).toBeHidden();
  }
  await context.close();
});

test('a curriculum written as text shows as paragraphs', async ({ page }) => {
  await page.goto('/exams/azure-fundamentals');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Curriculum' }).click();
  expect(await page.getByRole('tabpanel').locator('p').count()).toBeGreaterThan(1);
});

test('exam pages carry schema.org Course data with an Offer and a canonical link', async ({ page, baseURL }) => {
  await page.goto('/exams/pmp');
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const course = JSON.parse(json ?? '{}');
  expect(course['@type']).toBe('Course');
  expect(course.name).toBe('Project Management Professional (PMP) Practice Tests');
  expect(course.offers).toMatchObject({ '@type': 'Offer', price: '49.99', priceCurrency: 'USD' });
  expect(course.provider).toEqual({ '@type': 'Organization', name: 'PracticePass', url: baseURL });
  // Four practice tests of 22, 20, 24 and 22 minutes (content/exams/pmp.json).
  expect(course.hasCourseInstance).toEqual({
    '@type': 'CourseInstance',
    courseMode: 'Online',
    courseWorkload: 'PT88M',
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/exams/pmp`);
});

test('an unknown exam gets "Exam Not Found" and a 404', async ({ page }) => {
  for (const id of ['no-such-exam', 'UPPER', `${'x'.repeat(300)}`, '%3Cscript%3E', '..%2F..%2Fetc']) {
    const response = await page.goto(`/exams/${id}`);
    expect(response?.status(), id).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exam Not Found');
    await expect(page.getByText("We couldn't find the exam you're looking for.")).toBeVisible();
  }
  await page.goto('/exams/no-such-exam');
  await expect(page.getByText('Exam with ID no-such-exam not found in the database')).toBeVisible();
});

test('exam details are accessible and fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/exams/comptia-security-plus');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  // A visitor's four tabs share one row.
  const tops = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().top));
  expect(tops).toHaveLength(4);
  expect(new Set(tops).size).toBe(1);
});

test('an owner’s five tabs share one row on a 360 px phone, which scrolls to the last', async ({ page }) => {
  const email = uniqueEmail('tabs-owner');
  await register(page, { name: 'Tab Owner', email, password: 'five-tabs-phone-1' });
  await grantAccess(email, 'pmp');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/exams/pmp');
  await waitForHydration(page);
  await expectNoHorizontalScroll(page);
  const tabs = page.getByRole('tab');
  const tops = await tabs.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().top));
  expect(tops).toHaveLength(5);
  expect(new Set(tops).size).toBe(1);
  // A phone shows no scroll bar: shadows inside the row's edges say more tabs lie beyond.
  const edges = await page.getByRole('tablist').evaluate((row) => getComputedStyle(row).backgroundImage);
  expect(edges.match(/radial-gradient/g)).toHaveLength(2);
  // The keyboard reaches the last one, and the row brings it into view.
  await tabs.first().focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'FAQ' })).toBeFocused();
  const seen = await page.getByRole('tab', { name: 'FAQ' }).evaluate((tab) => {
    const row = tab.parentElement!;
    const [t, r] = [tab.getBoundingClientRect(), row.getBoundingClientRect()];
    return { scrolled: row.scrollLeft > 0, inside: t.left >= r.left - 1 && t.right <= r.right + 1 };
  });
  expect(seen).toEqual({ scrolled: true, inside: true });
});
