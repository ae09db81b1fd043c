import type { Page } from '@playwright/test';
import { addToCart, applyCoupon, payWith, proceedToPayment } from './support/checkout.ts';
import { answersOf, chooseOptions, createCoupon, expect, register, test, uniqueEmail } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';
import { DEMO_EXAM, DEMO_TEST, ITIL, latestAttemptAddress, PMP, studentTest } from './support/student.ts';
import { expectAccessibleInBothThemes } from './support/themes.ts';

/**
 * Every page of app/routes.ts, signed out and signed in, in the light theme (desktop) and the dark theme
 * (360 px phone): no axe violation and no sideways scrolling. The API routes, the redirect-only routes
 * (/checkout, /payment/verify, /payment/success, /payment/failed, /logout, /auth/google, /auth/session)
 * and sitemap.xml and robots.txt have no page of their own; their destinations are checked.
 */

// Each test walks through many screens and checks each twice; a busy machine needs the time.
test.describe.configure({ timeout: 180_000 });

async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectAccessibleInBothThemes(page, path);
}

test('signed out: the catalogue, an exam, its tests, the demo, the cart and the 404s', async ({ page }) => {
  const pages: [string, string | RegExp][] = [
    ['/', /^Pass your certification exam/],
    ['/exams', 'Certification Exams'],
    ['/exams?q=zzzz-nothing', 'Certification Exams'],
    ['/exams/pmp', PMP],
    [`/exam/${DEMO_EXAM}/practice-tests`, /Practice Tests/],
    [`/practice-test/${DEMO_TEST}`, 'Practice Test 1'],
    ['/practice-test/clf-c02-pt2', 'Unlock More Tests'],
    ['/demo/pmp', 'Free Demo'],
    ['/cart', 'Cart'],
    ['/no-such-page/at-all', 'Page Not Found'],
    ['/exams/no-such-exam', /not found/i],
    ['/no-such-test', 'Page Not Found'],
  ];
  for (const [path, heading] of pages) await visit(page, path, heading);

  // A visitor's cart, kept in the browser, with an exam in it.
  await addToCart(page, 'pmp', PMP);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: PMP })).toBeVisible();
  await expectAccessibleInBothThemes(page, '/cart with an exam');
});

test('signed out: sign-in, registration, password reset, contact and the Google sign-in window', async ({ page }) => {
  const pages: [string, string | RegExp][] = [
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/forgot-password', /password/i],
    ['/reset-password', /password/i],
    ['/contact', /Contact/],
    ['/auth/google/done?popup=1', /./],
  ];
  for (const [path, heading] of pages) await visit(page, path, heading);

  // A form's error message.
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please provide a valid email address')).toBeVisible();
  await expectAccessibleInBothThemes(page, '/login with an error');
});

test('signed out: the demo test running in both modes, its review and its result', async ({ page }) => {
  const questions = await answersOf(DEMO_EXAM, DEMO_TEST);
  // Checked on the last question, which stays put (the others move on by themselves).
  const last = questions.at(-1)!;
  const wrong = last.options.find((o) => !last.correct.includes(o.id))!.id;
  for (const [ids, outcome] of [
    [[wrong], 'Incorrect'],
    [last.correct, 'Correct!'],
  ] as const) {
    // A new visitor each time: the browser keeps its free test, and would resume the one checked before.
    await page.context().clearCookies();
    await page.goto(`/practice-test/${DEMO_TEST}?mode=practice`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Start Practice Mode' }).click();
    await page.getByRole('button', { name: `Question ${questions.length}, not answered` }).click();
    await chooseOptions(page, last, [...ids]);
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await expect(page.getByText(outcome, { exact: true })).toBeVisible();
    await expectAccessibleInBothThemes(page, `practice mode, ${outcome} checked`);
  }

  await page.goto(`/practice-test/${DEMO_TEST}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  const first = questions[0]!;
  await chooseOptions(page, first, first.correct);
  await page.getByRole('button', { name: 'Flag for review' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'exam mode, running');
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'exam mode, review before submitting');
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Keep this score' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'result with the sign-up invitation');
  await page.getByRole('button', { name: 'Show Detailed Review' }).click();
  await expect(page.getByText('FAILED', { exact: true })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'result with the detailed review');

  await page.goto('/demo/pmp');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 5' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the short demo, running');
});

studentTest('signed in: the dashboard, progress, purchases and orders, full', async ({ page, student }) => {
  const pages: [string, string | RegExp][] = [
    ['/', `Welcome, ${student.name}`],
    ['/dashboard', `Welcome, ${student.name}`],
    ['/purchased', /My Exams|Purchased/],
    ['/history', /History/],
    ['/order', /Orders/],
    [student.receipt, 'Thank you for your purchase!'],
    ['/thank-you?session_id=sbx_cs_unknown', 'Order Details Not Found'],
  ];
  for (const [path, heading] of pages) await visit(page, path, heading);
  // The latest attempt of the history, PMP's first test handed in blank, with its review.
  await visit(page, await latestAttemptAddress(page), /Practice Test/);

  // The user menu open.
  await waitForHydration(page);
  await page.getByRole('button', { name: student.name }).click();
  await expect(page.getByRole('menuitem', { name: 'Orders' })).toBeFocused();
  await expectAccessibleInBothThemes(page, 'the user menu, open');
});

studentTest('signed in: tests, an owned exam, the catalogue and the cart', async ({ page }) => {
  const pages: [string, string | RegExp][] = [
    ['/tests', 'Practice Tests'],
    ['/tests/pmp-pt1', 'Practice Test 1'],
    ['/exams', 'Certification Exams'],
    ['/exams/pmp', PMP],
    ['/exam/pmp/practice-tests', /Practice Tests/],
    ['/exam/pmp/practice-tests?filter=failed', /Practice Tests/],
    ['/practice-test/pmp-pt2', 'Practice Test 2'],
    ['/cart', 'Cart'],
  ];
  for (const [path, heading] of pages) await visit(page, path, heading);
  // The legacy address of a test leads to the same page.
  await page.goto('/attempt/pmp-pt1');
  await expect(page).toHaveURL('/tests/pmp-pt1');
});

test('checkout: empty screens, a cart with a coupon, the sandbox page, declined, pending and paid', async ({
  page,
}) => {
  const code = `AXE${Date.now().toString().slice(-8)}`;
  await createCoupon([code, '--type', 'fixed', '--value', '500']);
  await register(page, { name: 'Nia New', email: uniqueEmail('axe'), password: 'nothing-here-yet-1' });
  await expectAccessibleInBothThemes(page, 'the dashboard, empty');
  await visit(page, '/history', /History/);
  await visit(page, '/purchased', /My Exams|Purchased/);
  await visit(page, '/order', /Orders/);

  await addToCart(page, 'pmp', PMP);
  await addToCart(page, 'itil-4-foundation', ITIL);
  await applyCoupon(page, code);
  await expect(page.getByText('Coupon applied successfully!')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the cart, two exams and a coupon');

  await proceedToPayment(page);
  await expectAccessibleInBothThemes(page, 'the sandbox payment page');
  await payWith(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL('/payment-failed?reason=not-completed');
  await expectAccessibleInBothThemes(page, 'payment failed, declined');

  await proceedToPayment(page);
  const sandbox = page.url();
  await payWith(page, '4000 0000 0000 1257');
  await expect(page.getByRole('heading', { name: 'Payment Processing' })).toBeVisible();
  // The page asks again every few seconds; its questions wait until it has been checked.
  let release = () => {};
  const checked = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/payment-pending\.data/, async (route) => {
    await checked;
    await route.continue().catch(() => {}); // the page may have moved on meanwhile
  });
  await expectAccessibleInBothThemes(page, 'payment pending');
  release();
  await expect(page).toHaveURL(/\/thank-you\?session_id=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'thank-you, two exams and a coupon');
  await page.goto(sandbox);
  await expect(page.getByText('This payment page is closed.')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the sandbox payment page, closed');
});
