import type { Page } from '@playwright/test';
import { expect, register, test, uniqueEmail } from './support/fixtures.ts';
import { expectFocusVisible } from './support/keyboard.ts';
import { stopTheClock } from './support/pages.ts';
import { PMP } from './support/student.ts';

/**
 * A notification goes after 3 seconds, except an error, which stays until the student dismisses it or
 * another notification takes its place; the time stands still while the pointer is over a notification.
 * The page clock is driven by the test, so the seconds are exact.
 */

const notification = (page: Page) => page.locator('p[data-type]');

/** Presses Tab until the target has focus, marking the element focus leaves each time. */
async function tabMarkingTheWay(page: Page, name: string) {
  for (let presses = 0; presses < 200; presses++) {
    await page.evaluate(() => {
      document.querySelectorAll('[data-left]').forEach((e) => e.removeAttribute('data-left'));
      document.activeElement?.setAttribute('data-left', '');
    });
    await page.keyboard.press('Tab');
    if (await page.getByRole('button', { name }).evaluate((e) => e === document.activeElement)) return;
  }
  throw new Error(`${name} not reached with Tab`);
}

test('an error notification stays until dismissed, by a button the keyboard reaches, or until replaced', async ({
  page,
}) => {
  await register(page, { name: 'Noa Notice', email: uniqueEmail('notice'), password: 'notice-me-please-1' });
  await page.clock.install();
  await page.goto('/exams/pmp');
  await stopTheClock(page);
  await page.route('**/api/cart', (route) =>
    route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }),
  );
  const unlock = page.getByRole('button', { name: `Unlock Access: ${PMP}` });
  await unlock.click();
  await expect(notification(page)).toHaveText('Error updating the cart');
  await expect(notification(page)).toHaveAttribute('data-type', 'error');
  await page.clock.runFor(10_000);
  await expect(notification(page)).toHaveText('Error updating the cart');

  // With the keyboard: Tab reaches Dismiss, which shows focus; Enter closes it and focus goes back.
  await tabMarkingTheWay(page, 'Dismiss');
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(notification(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await expect(page.locator('[data-left]')).toBeFocused();

  // Escape closes it too, from inside it.
  await unlock.click();
  await expect(notification(page)).toHaveText('Error updating the cart');
  await page.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Escape');
  await expect(notification(page)).toHaveCount(0);

  // Another notification takes its place, and goes after its 3 seconds.
  await unlock.click();
  await expect(notification(page)).toHaveText('Error updating the cart');
  await page.unroute('**/api/cart');
  await unlock.click();
  await expect(notification(page)).toHaveText(`${PMP} added to cart`);
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await page.clock.runFor(3100);
  await expect(notification(page)).toHaveCount(0);
});

test('other notifications go after 3 seconds, with the time stopped while the pointer is over them', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/exams/pmp');
  await stopTheClock(page);
  await page.getByRole('button', { name: `Unlock Access: ${PMP}` }).click();
  await expect(notification(page)).toHaveText(`${PMP} added to cart`);
  await page.clock.runFor(2900);
  await expect(notification(page)).toBeVisible();
  await page.clock.runFor(200);
  await expect(notification(page)).toHaveCount(0);

  await page.getByRole('button', { name: `Remove from Cart: ${PMP}` }).click();
  await expect(notification(page)).toHaveText(`${PMP} removed from cart`);
  await notification(page).hover();
  await page.clock.runFor(10_000);
  await expect(notification(page)).toBeVisible();
  await page.mouse.move(5, 600);
  // The time left when the pointer came is still left: not yet gone after a second, gone after three.
  await page.clock.runFor(1000);
  await expect(notification(page)).toBeVisible();
  await page.clock.runFor(2100);
  await expect(notification(page)).toHaveCount(0);
});
