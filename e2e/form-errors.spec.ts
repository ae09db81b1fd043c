import type { Locator, Page } from '@playwright/test';
import { addToCart } from './support/checkout.ts';
import { expect, register, test, uniqueEmail } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';

/**
 * A refused form says which field is at fault: that field alone is marked invalid and described by the
 * message, and focus goes to it (or to the message when no field is at fault). The same refusal twice is a
 * new message, so it is read out again.
 */

const PASSWORD = 'form-errors-pass-1';

/** Only the fields named are invalid and described by the message; the others are neither. */
async function expectInvalidOnly(page: Page, messageId: string, labels: string[], invalid: string[]) {
  const message = (await page.locator(`#${messageId}`).textContent())!.trim();
  expect(message).not.toBe('');
  for (const label of labels) {
    const field = page.getByLabel(label, { exact: true });
    if (invalid.includes(label)) {
      await expect(field, label).toHaveAttribute('aria-invalid', 'true');
      await expect(field, label).toHaveAttribute('aria-describedby', new RegExp(`(^| )${messageId}( |$)`));
      await expect(field, label).toHaveAccessibleDescription(new RegExp(escape(message)));
    } else {
      await expect(field, label).not.toHaveAttribute('aria-invalid');
      await expect(field, label).not.toHaveAttribute('aria-describedby', new RegExp(messageId));
    }
  }
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Marks the message element shown now, so a later check can tell whether a new one took its place. */
const markSeen = (message: Locator) => message.evaluate((element) => element.setAttribute('data-seen', ''));

test('registration marks and focuses the field each message is about, and says a repeated refusal again', async ({
  page,
}) => {
  const labels = ['Name', 'Email', 'Password'];
  await page.goto('/register');
  await waitForHydration(page);
  const alert = page.getByRole('alert');
  const submit = page.getByRole('button', { name: 'Register' });

  await page.getByLabel('Name').fill('Ada Form');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill(PASSWORD);
  await submit.click();
  await expect(alert).toHaveText('Please enter a valid email address');
  await expectInvalidOnly(page, 'register-message', labels, ['Email']);
  await expect(page.getByLabel('Email')).toBeFocused();

  // The same mistake again: a new message element, so screen readers say it again.
  await markSeen(alert);
  await submit.click();
  await expect(alert).toHaveText('Please enter a valid email address');
  await expect(alert).not.toHaveAttribute('data-seen');
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill(uniqueEmail('formerrors'));
  await page.getByLabel('Name').fill('  ');
  await submit.click();
  await expect(alert).toHaveText('Please enter your name');
  await expectInvalidOnly(page, 'register-message', labels, ['Name']);
  await expect(page.getByLabel('Name')).toBeFocused();
  // The password keeps its hint as its description.
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    'At least 8 characters; avoid common passwords.',
  );

  // Refused by the server (a common password): the same field, the same way.
  await page.getByLabel('Name').fill('Ada Form');
  await page.getByLabel('Password').fill('password123');
  await submit.click();
  await expect(alert).toHaveText('Password is too weak. Please use a stronger password.');
  await expectInvalidOnly(page, 'register-message', labels, ['Password']);
  await expect(page.getByLabel('Password')).toBeFocused();
  await markSeen(alert);
  await submit.click();
  await expect(alert).not.toHaveAttribute('data-seen');
  await expect(alert).toHaveText('Password is too weak. Please use a stronger password.');
  await expect(page.getByLabel('Password')).toBeFocused();
});

test('sign-in marks the email for a missing account and the password for a wrong one', async ({ page }) => {
  const email = uniqueEmail('formlogin');
  await register(page, { name: 'Lee Login', email, password: PASSWORD });
  await page.context().clearCookies();
  const labels = ['Email', 'Password'];

  await page.goto('/login');
  await waitForHydration(page);
  const alert = page.getByRole('alert');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(alert).toHaveText('No account found with this email. Please check your email or register.');
  await expectInvalidOnly(page, 'login-message', labels, ['Email']);
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(alert).toHaveText('Incorrect password. Please try again or reset your password.');
  await expectInvalidOnly(page, 'login-message', labels, ['Password']);
  await expect(page.getByLabel('Password')).toBeFocused();
  await markSeen(alert);
  await page.keyboard.press('Enter');
  await expect(alert).not.toHaveAttribute('data-seen');
  await expect(alert).toHaveText('Incorrect password. Please try again or reset your password.');

  await page.getByLabel('Password').fill('');
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(alert).toHaveText('Please provide a valid email address');
  await expectInvalidOnly(page, 'login-message', labels, ['Email']);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(alert).toHaveText('Please enter your password');
  await expectInvalidOnly(page, 'login-message', labels, ['Password']);
  await expect(page.getByLabel('Password')).toBeFocused();
});

test('a new password: a mismatch marks the repeat field; a dead link is about no field, so the message takes focus', async ({
  page,
}) => {
  const labels = ['New password', 'Repeat the new password'];
  await page.goto('/reset-password?token=no-such-token');
  await waitForHydration(page);
  const alert = page.getByRole('alert');
  await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
  await page.getByLabel('Repeat the new password').fill('another-password-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(alert).toHaveText('The passwords do not match');
  await expectInvalidOnly(page, 'reset-message', labels, ['Repeat the new password']);
  await expect(page.getByLabel('Repeat the new password')).toBeFocused();

  await page.getByLabel('Repeat the new password').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(alert).toHaveText('This reset link is invalid or has expired. Please ask for a new one.');
  await expectInvalidOnly(page, 'reset-message', labels, []);
  await expect(alert).toBeFocused();
});

test('the coupon field is marked, described and focused when its code is refused, and a repeat is said again', async ({
  page,
}) => {
  await addToCart(page, 'pmp', 'Project Management Professional (PMP)');
  await page.goto('/cart');
  await waitForHydration(page);
  const field = page.getByLabel('Coupon code');
  const said = page.getByRole('complementary', { name: 'Order Summary' }).locator('[aria-live="polite"] p');

  await field.fill('AB-12');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(said).toHaveText('Coupon code can only contain letters and numbers');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Coupon code can only contain letters and numbers');
  await expect(field).toBeFocused();
  await markSeen(said);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(said).not.toHaveAttribute('data-seen');
  await expect(field).toBeFocused();

  await field.fill('NOSUCHCODE');
  await page.keyboard.press('Enter');
  await expect(said).toHaveText('Invalid coupon code');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Invalid coupon code');
  await expect(field).toBeFocused();
  await markSeen(said);
  await page.keyboard.press('Enter');
  await expect(said).not.toHaveAttribute('data-seen');
  await expect(said).toHaveText('Invalid coupon code');
});
