import type { Locator, Page, Route } from '@playwright/test';
import { addToCart } from './support/checkout.ts';
import { expect, register, test, uniqueEmail } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';
import { PMP } from './support/student.ts';

/**
 * A button whose request is on its way says it is unavailable but keeps focus (a disabled button would drop
 * focus to the page), and a second press sends nothing more.
 */

/** Holds every request to the path until released, counting them. */
async function hold(page: Page, path: string) {
  const held: Route[] = [];
  await page.route(
    (url) => url.pathname === path,
    (route) => void held.push(route),
  );
  return {
    count: () => held.length,
    release: async () => {
      await page.unroute((url) => url.pathname === path);
      for (const route of held) await route.continue();
    },
  };
}

/** Presses the button, then checks it is busy and focused, and that pressing it again sends nothing. */
async function expectBusyKeepsFocus(page: Page, button: Locator, requests: { count: () => number }) {
  await button.click();
  await expect.poll(requests.count).toBe(1);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  expect(requests.count()).toBe(1);
  await expect(button).toBeFocused();
}

test('the cart toggle keeps focus while the cart is updated, and ignores presses meanwhile', async ({ page }) => {
  await page.goto('/exams/pmp');
  await waitForHydration(page);
  const button = page.getByRole('button', { name: `Unlock Access: ${PMP}` });
  const requests = await hold(page, '/api/cart');
  await expectBusyKeepsFocus(page, button, requests);
  await requests.release();
  const remove = page.getByRole('button', { name: `Remove from Cart: ${PMP}` });
  await expect(remove).toBeFocused();
  await expect(remove).not.toHaveAttribute('aria-disabled');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart')))!)).toHaveLength(1);

  const again = await hold(page, '/api/cart');
  await expectBusyKeepsFocus(page, remove, again);
  await again.release();
  await expect(page.getByRole('button', { name: `Unlock Access: ${PMP}` })).toBeFocused();
});

for (const form of [
  { path: '/login', button: 'Login', fields: { Email: 'nobody-here@example.com', Password: 'guessing-123' } },
  { path: '/register', button: 'Register', fields: { Name: 'Busy Bee', Email: '', Password: 'busy-bee-buzz-1' } },
  { path: '/forgot-password', button: 'Send reset link', fields: { Email: 'nobody-here@example.com' } },
]) {
  test(`the ${form.button} button keeps focus while the form is sent, and a second press sends nothing`, async ({
    page,
  }) => {
    await page.goto(form.path);
    await waitForHydration(page);
    for (const [label, value] of Object.entries(form.fields)) {
      await page.getByLabel(label, { exact: true }).fill(value || uniqueEmail('busy'));
    }
    const requests = await hold(page, `${form.path}.data`);
    const button = page.getByRole('button', { name: form.button, exact: true });
    await expectBusyKeepsFocus(page, button, requests);
    await requests.release();
    await expect(page).not.toHaveURL(/\.data/);
  });
}

test('the new-password button keeps focus while the form is sent', async ({ page }) => {
  await page.goto('/reset-password?token=no-such-token');
  await waitForHydration(page);
  await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
  await page.getByLabel('Repeat the new password').fill('a-new-password-1');
  const requests = await hold(page, '/reset-password.data');
  await expectBusyKeepsFocus(page, page.getByRole('button', { name: 'Set new password' }), requests);
  await requests.release();
  await expect(page.getByRole('alert')).toHaveText(
    'This reset link is invalid or has expired. Please ask for a new one.',
  );
});

test('Proceed to Payment and the sandbox Pay button keep focus while busy, and pay once', async ({ page }) => {
  await register(page, { name: 'Pat Busy', email: uniqueEmail('busypay'), password: 'pay-only-once-1' });
  await addToCart(page, 'pmp', PMP);
  await page.goto('/cart');
  await waitForHydration(page);
  const requests = await hold(page, '/checkout.data');
  // Named 'Processing…' while busy: the same button, found by its note.
  await expectBusyKeepsFocus(page, page.locator('button[aria-describedby="payment-note"]'), requests);
  await expect(page.getByRole('button', { name: 'Processing…' })).toBeFocused();
  await requests.release();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]+$/);

  await waitForHydration(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  const payment = await hold(page, `${new URL(page.url()).pathname}.data`);
  await expectBusyKeepsFocus(page, page.locator('button[value="pay"]'), payment);
  await payment.release();
  await expect(page).toHaveURL(/\/thank-you\?session_id=/);
});
