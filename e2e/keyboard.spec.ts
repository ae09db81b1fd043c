import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures.ts';
import { expectFocusVisible, tabAndEnter, tabTo } from './support/keyboard.ts';
import { waitForHydration } from './support/pages.ts';
import { PMP } from './support/student.ts';

/**
 * The whole visit with the keyboard alone: Tab, Shift+Tab, Enter, Space, arrow keys and typing. Focus must
 * show at every stop, and every control on the way must be reachable.
 */

/** Answers the question on screen from its heading: Tab into the options, an arrow key or Space to choose. */
async function answerQuestion(page: Page, number: number) {
  await expect(page.getByRole('heading', { name: new RegExp(`^Question ${number} of`) })).toBeFocused();
  await page.keyboard.press('Tab');
  await expectFocusVisible(page);
  const type = await page.evaluate(() => (document.activeElement as HTMLInputElement).type);
  if (type === 'radio') {
    // Arrow keys move through a radio group and choose as they go.
    await page.keyboard.press('ArrowDown');
  } else {
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
  }
  await expect(page.getByRole('button', { name: new RegExp(`^Question ${number}, answered`) })).toBeVisible();
}

/** Answers every question of an exam-mode test, submits it from the review screen and lands on the result. */
async function takeExamMode(page: Page, count: number) {
  for (let number = 1; number <= count; number++) {
    await answerQuestion(page, number);
    if (number < count) await tabAndEnter(page, page.getByRole('button', { name: 'Next' }));
  }
  await tabAndEnter(page, page.getByRole('button', { name: 'Submit Test' }).first());
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeFocused();
  await expect(page.getByText('Every question has an answer.')).toBeVisible();
  await tabAndEnter(page, page.getByRole('button', { name: 'Submit Test' }));
  await expect(page.getByRole('heading', { name: /^(Congratulations!|Keep Practicing!)$/ })).toBeFocused();
}

test('browse, try the demo, register, pay and take a test with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await waitForHydration(page);

  // The first stop is the skip link; it leads past the header into the page.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Start Learning Now' })).toBeFocused();

  // Back up into the header and on to the catalogue.
  await tabAndEnter(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }), {
    back: true,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Certification Exams' })).toBeVisible();
  await waitForHydration(page);

  // An exam's details, and its tabs with the arrow keys.
  await tabAndEnter(page, page.getByRole('link', { name: `View Details: ${PMP}` }));
  await expect(page.getByRole('heading', { level: 1, name: PMP })).toBeVisible();
  await waitForHydration(page);
  await tabTo(page, page.getByRole('tab', { name: 'Overview' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Curriculum' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Curriculum' })).toHaveAttribute('aria-selected', 'true');
  await expectFocusVisible(page);

  // The free demo: five questions in exam mode.
  await tabAndEnter(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }), {
    back: true,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Certification Exams' })).toBeVisible();
  await waitForHydration(page);
  await tabAndEnter(page, page.getByRole('link', { name: `Try Demo: ${PMP}` }));
  await expect(page.getByRole('heading', { level: 1, name: 'Free Demo' })).toBeVisible();
  await waitForHydration(page);
  await tabAndEnter(page, page.getByRole('button', { name: 'Start Demo' }));
  await takeExamMode(page, 5);

  // From the demo's result to registration, with the exam in the cart.
  await tabAndEnter(page, page.getByRole('button', { name: 'Proceed to Full Course Registration' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await waitForHydration(page);
  await tabAndEnter(page, page.getByRole('main').getByRole('link', { name: 'Register' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await waitForHydration(page);
  const email = uniqueEmail('keys');
  for (const [label, text] of [
    ['Name', 'Kay Board'],
    ['Email', email],
    ['Password', 'only-the-keyboard-1'],
  ] as const) {
    await tabTo(page, page.getByLabel(label, { exact: true }));
    await page.keyboard.type(text);
  }
  await page.keyboard.press('Enter');

  // Registration returns to the cart, which kept the exam; pay on the sandbox page.
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: PMP })).toBeVisible();
  await waitForHydration(page);
  await tabAndEnter(page, page.getByRole('button', { name: 'Proceed to Payment' }));
  await expect(page.getByText('Test mode: PracticePass sandbox payments.')).toBeVisible();
  await waitForHydration(page);
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type('4242 4242 4242 4242');
  await tabAndEnter(page, page.getByRole('button', { name: /^Pay \$/ }));
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  await waitForHydration(page);

  // The dark theme from its toggle, with Space.
  await tabTo(page, page.getByRole('button', { name: 'Switch to dark theme' }), { back: true });
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeFocused();
  await expectFocusVisible(page);

  // On to the bought exam and a test in exam mode.
  await tabAndEnter(page, page.getByRole('link', { name: 'View My Purchases' }));
  await expect(page.getByRole('heading', { level: 1, name: 'My Exams' })).toBeVisible();
  await waitForHydration(page);
  await tabAndEnter(page, page.getByRole('link', { name: `Practice Tests: ${PMP}` }));
  await waitForHydration(page);
  await tabAndEnter(page, page.getByRole('link', { name: 'Exam Mode: Practice Test 2' }));
  await waitForHydration(page);
  await tabAndEnter(page, page.getByRole('button', { name: 'Start Exam Mode' }));
  await answerQuestion(page, 1);
  await tabAndEnter(page, page.getByRole('button', { name: 'Next' }));
  await answerQuestion(page, 2);
  // The rest are left blank: the aside's Submit Test, then the review lists them.
  await tabAndEnter(page, page.getByRole('complementary').getByRole('button', { name: 'Submit Test' }));
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeFocused();
  await tabAndEnter(page, page.getByRole('button', { name: 'Submit Test' }));

  // Reading the result: the verdict has focus, the detailed review opens with Enter.
  await expect(page.getByRole('heading', { name: /^(Congratulations!|Keep Practicing!)$/ })).toBeFocused();
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: /^\d+%$/ })
      .first(),
  ).toBeVisible();
  await tabAndEnter(page, page.getByRole('button', { name: 'Show Detailed Review' }));
  await expect(page.getByRole('button', { name: 'Hide Detailed Review' })).toBeFocused();
  await expect(page.getByText('Question 1 ·')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a page reached by a link inside the store is announced, and focus starts at its content', async ({ page }) => {
  await page.goto('/exams');
  await waitForHydration(page);
  const announcer = page.locator('p[aria-live="polite"][aria-atomic="true"]');
  await expect(announcer).toHaveText('');

  // The link followed went away with the old page: focus moves to the new page's content.
  await page
    .getByRole('link', { name: /^View Details: / })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle(/Practice Tests \| PracticePass$/);
  await expect(announcer).toHaveText(await page.title());
  await expect(page.locator('#main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('#main a, #main button').first()).toBeFocused();

  // A link in the header stays where it is, and the new page is still announced.
  const catalogue = page.getByRole('banner').getByRole('link', { name: 'Explore', exact: true });
  await catalogue.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle('All Certification Exams | PracticePass');
  await expect(announcer).toHaveText('All Certification Exams | PracticePass');
  await expect(catalogue).toBeFocused();
});
