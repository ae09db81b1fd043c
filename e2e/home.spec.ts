import { expect, test } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  stopTheClock,
  waitForHydration,
  watchConsole,
} from './support/pages.ts';

test('the home page shows the hero, promises, featured exams and the marketing sections', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await expect(page).toHaveTitle('PracticePass');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Practice tests for cloud/);

  await expect(page.getByRole('link', { name: 'Start Learning Now' })).toHaveAttribute('href', '#featured-exams');
  await expect(page.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '#how-it-works');
  for (const promise of ['10,000+ Certified Professionals', '4.8/5 Average Rating', 'Money-Back Guarantee']) {
    await expect(page.getByText(promise, { exact: true })).toBeVisible();
  }
  await expect(page.getByPlaceholder('Search exams...')).toBeVisible();

  const featured = page.locator('#featured-exams');
  await expect(featured.getByRole('heading', { name: 'Featured Certification Exams' })).toBeVisible();
  // Featured exams by popularity, then the most popular of the rest: limit 6, no duplicates.
  await expect(featured.getByRole('heading', { level: 3 })).toHaveText([
    'CompTIA Security+ (SY0-701)',
    'AWS Certified Cloud Practitioner (CLF-C02)',
    'Cisco Certified Network Associate (CCNA 200-301)',
    'Project Management Professional (PMP)',
    'Microsoft Azure Fundamentals (AZ-900)',
    'ITIL 4 Foundation',
  ]);

  for (const title of [
    'Comprehensive Content',
    'Realistic Exam Simulation',
    'Detailed Analytics',
    'Thorough Explanations',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(page.locator('#how-it-works')).toBeVisible();
  await expect(page.locator('figure blockquote')).toHaveCount(3);
  // The year in UTC; a page kept in the cache a moment before New Year may still show the one before.
  const year = Number(/© (\d{4}) PracticePass/.exec((await page.getByRole('contentinfo').textContent()) ?? '')?.[1]);
  expect([new Date().getUTCFullYear() - 1, new Date().getUTCFullYear()]).toContain(year);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact' })).toHaveAttribute(
    'href',
    '/contact',
  );
  expect(problems).toEqual([]);
});

test('an exam card shows every fact, the price, its picture and its links', async ({ page }) => {
  await page.goto('/');
  const ccna = page.getByRole('article').filter({ hasText: 'Cisco Certified Network Associate' });
  await expect(ccna).toContainText('Networking');
  await expect(ccna).toContainText('120 minutes');
  await expect(ccna).toContainText('Hard');
  // The real CCNA has no published question count: the spec's display default is '0'.
  await expect(ccna.locator('dd').nth(1)).toHaveText('0');
  await expect(ccna).toContainText('$39.99');
  await expect(ccna.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', '/exams/cisco-ccna');
  await expect(ccna.getByRole('link', { name: /Try Demo/ })).toHaveAttribute('href', '/demo/cisco-ccna');
  await expect(ccna.locator('img')).toHaveAttribute('src', '/thumbnails/cisco-ccna.svg');
  await expect(ccna.getByTestId('thumbnail-placeholder')).toHaveCount(0);
  // Every sample exam has its picture, and each one loads (app/features/catalogue/components/exam-thumbnail.test.tsx
  // covers the placeholder of an exam without one).
  await expect(page.getByTestId('thumbnail-placeholder')).toHaveCount(0);
  for (const image of await page.getByRole('article').locator('img').all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});

test('the hero anchors and the View All link move through the page', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Watch Demo' }).click();
  await expect(page).toHaveURL(/#how-it-works$/);
  await page.getByRole('link', { name: 'View All Certification Exams' }).click();
  await expect(page).toHaveURL('/exams');
  await expect(page.getByRole('heading', { name: 'Available Certification Exams' })).toBeVisible();
});

test('searching from the home page lands on the catalogue with the results', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByPlaceholder('Search exams...').fill('python');
  await page.getByPlaceholder('Search exams...').press('Enter');
  await expect(page).toHaveURL('/exams?q=python');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('PCEP');
});

test('right-click is blocked with a warning that goes away after 3 seconds, but not in text fields', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  await stopTheClock(page);
  await page.getByRole('heading', { name: 'Featured Certification Exams' }).click({ button: 'right' });
  const warning = page.getByRole('status').filter({ hasText: 'Right-click is disabled' });
  await expect(warning).toBeVisible();
  await expect(warning.locator('[data-type="warning"]')).toBeVisible();
  await page.clock.runFor(2900);
  await expect(warning).toBeVisible();
  await page.clock.runFor(200);
  await expect(warning).toBeHidden();

  const prevented = await page.getByPlaceholder('Search exams...').evaluate((input) => {
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    input.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(prevented).toBe(false);
  // Only text fields are exempt: a test's answer choices (radio buttons, checkboxes) are not.
  const choicesPrevented = await page.evaluate(() =>
    ['radio', 'checkbox'].map((type) => {
      const choice = Object.assign(document.createElement('input'), { type });
      document.querySelector('main')!.append(choice);
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      choice.dispatchEvent(event);
      choice.remove();
      return event.defaultPrevented;
    }),
  );
  expect(choicesPrevented).toEqual([true, true]);
});

test('the home page is accessible and fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test('the contact page gives the address the store is configured with', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: 'help@practicepass.test' })).toHaveAttribute(
    'href',
    'mailto:help@practicepass.test',
  );
});
