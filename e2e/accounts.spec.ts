import type { Page } from '@playwright/test';
import { expectNoAxeViolations, waitForHydration } from './support/pages.ts';
import { PMP } from './support/student.ts';
import {
  ageSessions,
  clientAddress,
  expect,
  mailTo,
  nextGoogleUser,
  refuseNextGoogleSignIn,
  register,
  test,
  uniqueEmail,
} from './support/fixtures.ts';

const PASSWORD = 'study-hard-pass-42';

test('a student registers, lands on the dashboard signed in, and logs out from the menu', async ({ page }) => {
  const email = uniqueEmail();
  await register(page, { name: 'Rita Student', email, password: PASSWORD });
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'My Exams', 'My History', 'Explore']);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: /^Cart, 0 items/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  // Signing in lands on /dashboard: the Dashboard link says it is the page shown.
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  await banner.getByRole('button', { name: 'Rita Student' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?from=%2Fdashboard');
});

test('a student who keeps coming stays signed in: the session cookie is renewed with the session', async ({
  page,
  context,
}) => {
  const email = uniqueEmail();
  await register(page, { name: 'Regular Visitor', email, password: PASSWORD });
  await expect(page).toHaveURL('/dashboard');
  const sessionCookie = async () => (await context.cookies()).find((c) => c.name.endsWith('pp.session_token'))!;
  // The dashboard's own requests (the cart's merge after signing in) are over first: one still on its way
  // after the aging would extend the session, and the cookie set below would then never be renewed.
  await waitForHydration(page);
  // Twenty days on, the session (30 days, extended once a day) has 10 left, and so has the cookie.
  const tenDaysLeft = Date.now() / 1000 + 10 * 86_400;
  await context.addCookies([{ ...(await sessionCookie()), expires: tenDaysLeft }]);
  await ageSessions(email, 10);
  const response = await page.goto('/dashboard');
  expect(response!.status()).toBe(200);
  const renewed = await sessionCookie();
  expect(renewed.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Regular Visitor');
});

test('the user menu works with the keyboard', async ({ page }) => {
  await register(page, { name: 'Kim Keys', email: uniqueEmail(), password: PASSWORD });
  await waitForHydration(page);
  const button = page.getByRole('button', { name: 'Kim Keys' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem', { name: 'Orders' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Orders' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/login');
});

test('registration shows each message of the spec, in its order', async ({ page }) => {
  const taken = uniqueEmail('taken');
  await register(page, { name: 'First Owner', email: taken, password: PASSWORD });
  await page.context().clearCookies();

  await page.goto('/register');
  await waitForHydration(page);
  const alert = page.getByRole('alert');
  const submit = page.getByRole('button', { name: 'Register' });
  await page.getByLabel('Name').fill('Second Person');
  await submit.click();
  await expect(alert).toHaveText('Please provide a valid email address');
  await page.getByLabel('Email').fill('not-an-email');
  await submit.click();
  await expect(alert).toHaveText('Please enter a valid email address');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password').fill('short');
  await submit.click();
  await expect(alert).toHaveText('Password is too weak. Please use a stronger password.');
  // Long enough, but one of the most common passwords: refused by the server.
  await page.getByLabel('Password').fill('password123');
  await submit.click();
  await expect(alert).toHaveText('Password is too weak. Please use a stronger password.');
  await page.getByLabel('Email').fill(taken.toUpperCase());
  await page.getByLabel('Password').fill(PASSWORD);
  await submit.click();
  await expect(alert).toHaveText('This email is already registered. Please login instead.');
  await expect(page.getByLabel('Email')).toHaveValue(taken.toUpperCase());
});

test('sign-in tells a missing account from a wrong password, then returns to the page asked for', async ({ page }) => {
  const email = uniqueEmail();
  await register(page, { name: 'Lou Login', email, password: PASSWORD });
  await page.context().clearCookies();

  await page.goto('/history');
  await expect(page).toHaveURL('/login?from=%2Fhistory');
  const alert = page.getByRole('alert');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(alert).toHaveText('No account found with this email. Please check your email or register.');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(alert).toHaveText('Incorrect password. Please try again or reset your password.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/history');
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Attempts Found' })).toBeVisible();

  // Signed in, /login and /register lead home.
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await page.goto('/register');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Lou Login' })).toBeVisible();
});

test('Back after registering, signing out or signing in goes to the page before, never to a form that sends it on', async ({
  page,
}) => {
  const email = uniqueEmail();
  await page.goto('/exams');
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Name').fill('Bea Back');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.goBack();
  await expect(page).toHaveURL('/exams');

  // Signed out from a signed-in page, Back does not return to it only to be sent to sign in again.
  await page.goto('/history');
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('button', { name: 'Bea Back' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await page.goBack();
  await expect(page).toHaveURL('/exams');

  await page.goto('/exams/pmp');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Login to Unlock' }).click();
  await expect(page).toHaveURL('/login?from=%2Fexams%2Fpmp');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
  await expect(page).toHaveURL('/exams/pmp');
  await page.goBack();
  await expect(page).toHaveURL('/exams/pmp');
  await expect(page.getByRole('heading', { level: 1, name: PMP })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/exams');
});

test('every signed-in page sends visitors to /login with where they were going', async ({ page }) => {
  for (const path of ['/dashboard', '/tests', '/purchased', '/history', '/order']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent(path)}`);
  }
});

test('the redirect target is only ever a path of this site', async ({ page }) => {
  const email = uniqueEmail();
  await register(page, { name: 'Red Irect', email, password: PASSWORD });
  await page.context().clearCookies();
  for (const [query, landing] of [
    ['redirect=/exams', '/exams'],
    ['from=https://evil.example/steal', '/dashboard'],
    ['from=//evil.example', '/dashboard'],
    ['redirect=%2F%5Cevil.example', '/dashboard'],
  ] as const) {
    await page.goto(`/login?${query}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(landing);
    await page.context().clearCookies();
  }
});

test('sign-in and registration work without JavaScript, with the server checking everything', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': '10.200.1.1' },
  });
  const page = await context.newPage();
  await page.goto('/register');
  await page.getByLabel('Name').fill('No Script');
  await page.getByLabel('Email').fill('bad@');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
  const email = uniqueEmail('noscript');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, No Script' })).toBeVisible();
  // Notifications need a script: the message a redirect leaves is written into the page instead.
  await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toBeVisible();
  // The user menu needs a script to open: its Orders and Logout are there without one.
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/order');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Logged out successfully')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});

test('a forgotten password is reset through the emailed one-time link', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await register(page, { name: 'Fay Forget', email, password: PASSWORD });
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // Both pages have an Email field: wait for the new one before typing.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists for that email' })).toBeVisible();

  await expect.poll(async () => (await mailTo(email)).length).toBe(1);
  const [mail] = await mailTo(email);
  expect(mail!.subject).toBe('Reset your PracticePass password');
  const link = /http:\/\/127\.0\.0\.1:\d+\/\S+/.exec(mail!.text)![0];
  // A second tab opened on the same link, to be sent after the first has used it.
  const later = await page.context().newPage();
  await later.goto(link);
  await expect(later.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-pass-7');
  await page.getByLabel('Repeat the new password').fill('a-different-pass-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The passwords do not match');
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-pass-7');
  await page.getByLabel('Repeat the new password').fill('a-brand-new-pass-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();

  // The other tab learns the link is spent when it sends, and is offered a new one there.
  await later.getByLabel('New password', { exact: true }).fill('yet-another-pass-8');
  await later.getByLabel('Repeat the new password').fill('yet-another-pass-8');
  await later.getByRole('button', { name: 'Set new password' }).click();
  await expect(later.getByRole('alert')).toHaveText(
    'This reset link is invalid or has expired. Please ask for a new one.',
  );
  await later.getByRole('link', { name: 'Send a new link' }).click();
  await expect(later).toHaveURL('/forgot-password');
  await later.close();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password. Please try again or reset your password.');
  await page.getByLabel('Password').fill('a-brand-new-pass-7');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/dashboard');

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'This reset link is invalid or has expired. Please ask for a new one.',
  );
});

/** Waits for the Google window to close; a quick one may have closed before the wait could begin. */
async function closed(popup: Promise<Page>): Promise<void> {
  const window = await popup;
  if (!window.isClosed()) await window.waitForEvent('close');
}

// The Google stand-in has one "next user" at a time, so these run one after the other.
test.describe('Google sign-in', () => {
  test.describe.configure({ mode: 'serial' });

  test('Google sign-in opens a small window and signs the main window in when it closes', async ({ page }) => {
    const email = uniqueEmail('google');
    const signInFromLogin = async () => {
      await nextGoogleUser({ email, name: 'Gia Google' });
      await page.goto('/login?from=/exams');
      await waitForHydration(page);
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await closed(popup);
      await expect(page).toHaveURL('/exams');
    };
    await signInFromLogin();
    // The sign-in made the account, and says so; the next one signs in.
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Gia Google' })).toBeVisible();
    await page.context().clearCookies();
    await signInFromLogin();
    await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toHaveCount(0);
  });

  test('a Google user without a name becomes "Google User"; a refused Google sign-in says so and can be retried', async ({
    page,
  }) => {
    // An exam waits in the browser's cart; the header's Register link leads on without a page load.
    await page.goto('/exams/pmp');
    await waitForHydration(page);
    await page.getByRole('button', { name: `Unlock Access: ${PMP}` }).click();
    await expect(page.getByRole('button', { name: `Remove from Cart: ${PMP}` })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL('/register');
    const button = page.getByRole('button', { name: 'Sign up with Google' });

    await refuseNextGoogleSignIn();
    const refused = page.waitForEvent('popup');
    await button.click();
    await closed(refused);
    await expect(page.getByRole('alert')).toHaveText('Google authentication failed');
    await expect(button).toBeEnabled();

    await nextGoogleUser({ email: uniqueEmail('nameless') });
    const popup = page.waitForEvent('popup');
    await button.click();
    await closed(popup);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Google User' })).toBeVisible();
    // The whole page knows, though the address's query did not change on the way: the header names the
    // student, and the browser's cart has joined the account's.
    await expect(page.getByRole('button', { name: 'Google User' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  });

  test('Google with the address of a password account says the address is registered, and to sign in', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('both-ways');
    const first = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
    await register(await first.newPage(), { name: 'Pat Password', email, password: PASSWORD });
    await first.close();
    await nextGoogleUser({ email, name: 'Pat Google' });
    await page.goto('/login');
    await waitForHydration(page);
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await closed(popup);
    await expect(page.getByRole('alert')).toHaveText('This email is already registered. Please login instead.');
    await expect(page).toHaveURL('/login');
  });

  test('without a window of its own, Google sign-in comes back to the page asked for, or to sign-in when refused, still on the way', async ({
    page,
  }) => {
    await refuseNextGoogleSignIn();
    // Where the button sends this window when the browser blocks the small one.
    await page.goto('/auth/google?from=%2Fhistory');
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent('/history')}`);
    await expect(page.getByRole('status').filter({ hasText: 'Google authentication failed' })).toBeVisible();
    // The same window, signing up: on to the page asked for, saying the account is made.
    await nextGoogleUser({ email: uniqueEmail('no-popup'), name: 'Noa Window' });
    await page.goto('/auth/google?from=%2Fhistory');
    await expect(page).toHaveURL('/history');
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toBeVisible();
  });
});

test('too many sign-in attempts from one client are refused for a while', async ({ page }) => {
  await page.goto('/login');
  const alert = page.getByRole('alert');
  for (let attempt = 1; attempt <= 10; attempt++) {
    await page.getByLabel('Email').fill('nobody-at-all@example.com');
    await page.getByLabel('Password').fill('guessing-123');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(alert).toHaveText('No account found with this email. Please check your email or register.');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  }
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(alert).toHaveText('Too many attempts. Please wait a minute and try again.');
});

test('a form posted from another site is refused', async ({ request }) => {
  const response = await request.post('/login', {
    form: { email: 'a@example.com', password: 'whatever-123' },
    headers: { origin: 'https://evil.example' },
  });
  expect(response.status()).toBe(403);
  // A browser that hides where the form came from is told the same, in words.
  const hidden = await request.post('/login', {
    form: { email: 'a@example.com', password: 'whatever-123' },
    headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
  });
  expect(hidden.status()).toBe(403);
  expect(await hidden.json()).toEqual({ error: 'Requests from other sites are not accepted.' });
});

test('the sign-in pages are accessible', async ({ page }) => {
  for (const path of ['/login', '/register', '/forgot-password']) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});
