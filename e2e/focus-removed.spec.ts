import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addToCart, applyCoupon } from './support/checkout.ts';
import { createCoupon, expect, handInBlank, register, test, uniqueEmail } from './support/fixtures.ts';
import { expectFocusVisible, tabAndEnter } from './support/keyboard.ts';
import { waitForHydration } from './support/pages.ts';
import { DEMO_TEST, ITIL, PMP } from './support/student.ts';

/**
 * A control that goes away with what it did hands focus on to a meaningful place, never to the page itself;
 * everything here is done with the keyboard, so the focus that lands must show.
 */

const AWS = 'AWS Certified Cloud Practitioner (CLF-C02)';

async function openCartWith(page: Page, exams: [string, string][]) {
  for (const [id, title] of exams) await addToCart(page, id, title);
  await page.goto('/cart');
  await waitForHydration(page);
}

/** The names of the cart's Remove buttons, in the order shown. */
const removeNames = (page: Page) =>
  page.getByRole('button', { name: /^Remove (?!coupon)/ }).evaluateAll((all) => all.map((b) => b.ariaLabel!));

test('removing a cart line moves focus to the next line, else the previous one, else the empty cart', async ({
  page,
}) => {
  await openCartWith(page, [
    ['pmp', PMP],
    ['aws-cloud-practitioner', AWS],
    ['itil-4-foundation', ITIL],
  ]);
  const [first, middle, last] = await removeNames(page);

  await tabAndEnter(page, page.getByRole('button', { name: middle }));
  await expect(page.getByRole('button', { name: last })).toBeFocused();
  await expectFocusVisible(page);
  expect(await removeNames(page)).toEqual([first, last]);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: first })).toBeFocused();
  await expectFocusVisible(page);

  await page.keyboard.press('Enter');
  await expect(page.getByText('Your cart is empty.')).toBeFocused();
  await expectFocusVisible(page);
});

test('Clear Cart moves focus to the empty cart', async ({ page }) => {
  await openCartWith(page, [
    ['pmp', PMP],
    ['aws-cloud-practitioner', AWS],
  ]);
  await tabAndEnter(page, page.getByRole('button', { name: 'Clear Cart' }));
  await expect(page.getByText('Your cart is empty.')).toBeFocused();
  await expectFocusVisible(page);
});

test('Remove coupon moves focus to the coupon field; Check again to the order summary', async ({ page }) => {
  const code = `FOCUS${randomInt(1e6)}`;
  await createCoupon([code, '--type', 'percentage', '--value', '10']);
  await register(page, { name: 'Cora Coupon', email: uniqueEmail('focuscoupon'), password: 'coupon-focus-1' });
  await addToCart(page, 'pmp', PMP);
  await applyCoupon(page, code);
  await expect(page.getByText(`Discount (${code})-$5.00`)).toBeVisible();

  await tabAndEnter(page, page.getByRole('button', { name: 'Remove coupon' }));
  await expect(page.getByLabel('Coupon code')).toBeFocused();
  await expectFocusVisible(page);

  // Applied again, then the store cannot be reached when the page comes back: 'Check again' appears.
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Discount (${code})-$5.00`)).toBeVisible();
  await page.route('**/api/cart', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await waitForHydration(page);
  const checkAgain = page.getByRole('button', { name: 'Check again' });
  await expect(checkAgain).toBeVisible();
  await page.unroute('**/api/cart');
  await tabAndEnter(page, checkAgain);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeFocused();
  await expectFocusVisible(page);
  await expect(page.getByText(`Discount (${code})-$5.00`)).toBeVisible();
});

test("the demo result's Maybe Later moves focus to the result heading", async ({ page }) => {
  await handInBlank(page, DEMO_TEST);
  const invite = page.getByRole('region', { name: 'Keep this score' });
  await tabAndEnter(page, invite.getByRole('button', { name: 'Maybe Later' }));
  await expect(invite).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeFocused();
  await expectFocusVisible(page);
});
