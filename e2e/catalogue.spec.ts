import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalScroll, waitForHydration, watchConsole } from './support/pages.ts';

test('the catalogue lists every exam, most popular first', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/exams');
  await expect(page).toHaveTitle('All Certification Exams | PracticePass');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Available Certification Exams');
  await expect(page.getByRole('article')).toHaveCount(8);
  await expect(page.getByRole('article').first()).toContainText('CompTIA Security+');
  expect(problems).toEqual([]);
});

test("the first card's picture comes with the page, the others are fetched as they scroll in", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/exams');
  const pictures = page.locator('article img');
  const first = pictures.first();
  expect(await first.getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg /);
  expect(await first.getAttribute('loading')).toBe('eager');
  // The content security policy lets the inlined picture draw.
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await pictures.nth(1).getAttribute('src')).toMatch(/^\/thumbnails\/[a-z0-9-]+\.svg$/);
  expect(await pictures.nth(1).getAttribute('loading')).toBe('lazy');
  expect(problems).toEqual([]);
});

test('search matches title or description, ignoring case, on the server', async ({ page }) => {
  await page.goto('/exams?q=CLOUD');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByText('2 exams matching “CLOUD”')).toBeVisible();
  // "subnetting" appears only in the CCNA description.
  await page.goto('/exams?q=subnetting');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Cisco Certified Network Associate (CCNA 200-301)',
  ]);
});

test('a search with no match says so, and leads back to every exam', async ({ page }) => {
  await page.goto('/exams?q=underwater%20basket%20weaving');
  await expect(page.getByText('No exams match your search. Try a different search term.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.getByRole('link', { name: 'Show all exams' }).click();
  await expect(page).toHaveURL('/exams');
  await expect(page.getByRole('article')).toHaveCount(8);
});

test('a search in the page form updates the results and the address', async ({ page }) => {
  await page.goto('/exams');
  await waitForHydration(page);
  const box = page.getByRole('searchbox', { name: 'Search exams' });
  await box.fill('project');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/exams?q=project');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Project Management Professional (PMP)']);
  await expect(box).toHaveValue('project');
  // Focus stays where the search was made: a keyboard user goes on from there.
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
  await box.fill('azure');
  await box.press('Enter');
  await expect(page).toHaveURL('/exams?q=azure');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(box).toBeFocused();
  // Back to the last search: the field shows it.
  await page.goBack();
  await expect(page).toHaveURL('/exams?q=project');
  await expect(box).toHaveValue('project');
});

test('what a visitor types before the page’s scripts have come is still there once they run', async ({ page }) => {
  // The scripts wait until the visitor has typed, as on a slow phone.
  let typed: () => void = () => {};
  let gate = Promise.resolve();
  await page.route('**/assets/**', async (route) => {
    await gate;
    await route.continue();
  });
  for (const [path, words] of [
    ['/', 'azure'],
    ['/exams?q=aws', 'python'],
  ] as const) {
    gate = new Promise<void>((resolve) => (typed = resolve));
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await page.getByRole('searchbox', { name: 'Search exams' }).fill(words);
    typed();
    await waitForHydration(page);
    await expect(page.getByRole('searchbox', { name: 'Search exams' })).toHaveValue(words);
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the catalogue shows "Loading exams..." while a search is on its way', async ({ page }) => {
  await page.goto('/exams');
  await waitForHydration(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/exams.data?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('searchbox', { name: 'Search exams' }).fill('azure');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading exams...' })).toBeVisible();
  release();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByText('Loading exams...')).toHaveCount(0);
});

test('odd searches never break the page', async ({ page }) => {
  for (const term of ["' OR 1=1 --", '%', '_', '<script>alert(1)</script>', '😀 exam', '\\']) {
    const response = await page.goto(`/exams?q=${encodeURIComponent(term)}`);
    expect(response?.status(), term).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Available Certification Exams');
  }
  await expect(page.locator('script:not([src]):not([type])').filter({ hasText: 'alert(1)' })).toHaveCount(0);
  // No text holds a NUL character: a crafted address with one is refused, and the page says why.
  const refused = await page.goto(`/exams?q=${encodeURIComponent('a\u0000b')}`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request not accepted');
  await expect(page.getByRole('alert')).toHaveText('A field holds a NUL character, which is not accepted.');
});

test('a search of 10,000 characters is refused with a clear message', async ({ page }) => {
  const response = await page.goto(`/exams?q=${'a'.repeat(10_000)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Search terms can be at most 100 characters.');
});

test('a catalogue page that does not exist says so and leads back to the first page', async ({ page }) => {
  // The sample catalogue fits on one page of 24.
  const past = await page.goto('/exams?q=cloud&page=2');
  expect(past?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText('There is no such page of the catalogue.');
  await expect(page.getByRole('navigation', { name: 'Catalogue pages' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(page).toHaveURL('/exams?q=cloud');
  await expect(page.getByRole('article')).toHaveCount(2);
  const odd = await page.goto('/exams?page=second');
  expect(odd?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('There is no such page of the catalogue.');
});

test('the catalogue is accessible and fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/exams');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});
