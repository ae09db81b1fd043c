import type { Page } from '@playwright/test';
import { clientAddress, createCoupon, expect, mailTo, register, test, uniqueEmail } from './support/fixtures.ts';
import { addToCart, applyCoupon, payWith, proceedToPayment, summaryTotal } from './support/checkout.ts';
import { expectNoAxeViolations, waitForHydration } from './support/pages.ts';

const PMP = 'Project Management Professional (PMP)'; // $49.99
const ITIL = 'ITIL 4 Foundation';

async function signUpWithCart(page: Page, examId: string, title: string) {
  const email = uniqueEmail('buyer');
  await register(page, { name: 'Pay Er', email, password: 'paying-student-1' });
  await addToCart(page, examId, title);
  return email;
}

test('from an anonymous cart to an unlocked exam: coupon, card, thank-you, email, orders', async ({ page }) => {
  const code = `PAY${Date.now().toString().slice(-8)}`;
  await createCoupon([code, '--type', 'percentage', '--value', '20']);
  // Chosen before signing in: the browser's cart joins the account at registration.
  await page.goto('/exams/pmp');
  await waitForHydration(page);
  await page.getByRole('button', { name: `Unlock Access: ${PMP}` }).click();
  const email = uniqueEmail('buyer');
  await register(page, { name: 'Buy Er', email, password: 'buying-things-1' });

  await page.goto('/cart');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: PMP })).toBeVisible();
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon applied successfully! You saved $10.00')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  // The payment page charges what the server priced: $49.99 less 20 %.
  await expect(page.getByRole('heading', { name: 'Pay $39.99 USD' })).toBeVisible();
  await expectNoAxeViolations(page);
  await payWith(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/thank-you\?session_id=sbx_cs_/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  await expect(page.getByText('Payment completed successfully! Thank you for your purchase.')).toBeVisible();
  await expect(page.getByText(`A confirmation email has been sent to ${email}.`)).toBeVisible();
  const orderId = (await page
    .locator('dt', { hasText: 'Order ID' })
    .locator('xpath=following-sibling::dd')
    .textContent())!;
  expect(orderId).toMatch(/^ORD-\d{13}[A-Z]{8}$/);
  // The order's date, from the time its id carries, in the browser's zone (UTC in these tests).
  const today = new Date(Number(orderId.slice(4, 17))).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByText(today)).toBeVisible();
  await expect(page.getByText('succeeded')).toBeVisible();
  await expect(page.getByRole('cell', { name: PMP })).toBeVisible();
  // Each item leads straight to its practice tests.
  await expect(page.getByRole('cell', { name: PMP }).getByRole('link')).toHaveAttribute(
    'href',
    '/exam/pmp/practice-tests',
  );
  await expect(page.getByRole('row', { name: `Discount (${code}) -$10.00` })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Total $39.99 USD' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View My Purchases' })).toHaveAttribute('href', '/purchased');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);

  await expect
    .poll(async () => (await mailTo(email)).map((m) => m.subject))
    .toContain(`Your PracticePass order ${orderId}`);
  const mail = (await mailTo(email)).find((m) => m.subject.includes(orderId))!;
  expect(mail.text).toContain('Total paid: $39.99 USD');

  // Unlocked at once: details, the catalogue badge and every practice test.
  await page.goto('/exams/pmp');
  await expect(page.getByRole('link', { name: /^View Practice Tests \(\d+\)$/ })).toBeVisible();
  await page.goto('/exams');
  await expect(page.getByRole('article').filter({ hasText: PMP }).getByText('Purchased')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  await page.goto('/order');
  const order = page.getByRole('article').filter({ hasText: orderId });
  await expect(order).toContainText('$39.99 USD');
  await expect(order).toContainText(`coupon ${code}`);
  // One page of orders: no page links; a page number written another way, or past the last, is the first page.
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  for (const address of ['/order?page=1', '/order?page=abc', '/order?page=02', '/order?page=2']) {
    await page.goto(address);
    await expect(page).toHaveURL('/order');
    await expect(order).toBeVisible();
  }
  // A coupon applied in the cart for the next purchase stays applied while an old receipt is read.
  await page.evaluate(() =>
    localStorage.setItem('appliedCoupon', JSON.stringify({ code: 'NEXT10', appliedAt: Date.now() })),
  );
  await order.getByRole('link', { name: `Receipt for order ${orderId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Total $39.99 USD' })).toBeVisible();
  await expect(page.getByText('Your exams are unlocked now.')).toHaveCount(0);
  await waitForHydration(page);
  expect(await page.evaluate(() => localStorage.getItem('appliedCoupon'))).toContain('NEXT10');
});

test("'Go to Checkout' on the exam page pays with the coupon applied in the cart", async ({ page }) => {
  const code = `GO${Date.now().toString().slice(-8)}`;
  await createCoupon([code, '--type', 'percentage', '--value', '10']);
  await signUpWithCart(page, 'pmp', PMP);
  await applyCoupon(page, code);
  await expect(page.getByText('Coupon applied successfully! You saved $5.00')).toBeVisible();

  await page.goto('/exams/pmp');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Go to Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  // $49.99 less 10 %, as the cart showed, not the full price.
  await expect(page.getByRole('heading', { name: 'Pay $44.99 USD' })).toBeVisible();

  // The same link on another site starts nothing: it would close this open payment page.
  const paymentPage = page.url();
  const checkout = new URL('/checkout', paymentPage).href;
  await page.route('http://elsewhere.example/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<a href="${checkout}?coupon=${code}">Cheap exams</a>` }),
  );
  await page.goto('http://elsewhere.example/');
  await page.getByRole('link', { name: 'Cheap exams' }).click();
  await expect(page).toHaveURL('/cart');
  await page.goto(paymentPage);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
});

test('a coupon kept from an earlier visit is paid with, and payment waits while it is checked again', async ({
  page,
}) => {
  const code = `BACK${Date.now().toString().slice(-8)}`;
  await createCoupon([code, '--type', 'percentage', '--value', '10']);
  await signUpWithCart(page, 'pmp', PMP);
  await applyCoupon(page, code);
  await expect(page.getByText(`Discount (${code})-$5.00`)).toBeVisible();

  // Back on the cart later, the store is slow to check the kept coupon again: until it answers, the page
  // shows no price, and the payment button is off with the coupon in its form.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/cart', async (route) => {
    if ((route.request().postDataJSON() as { intent?: string }).intent === 'coupon') await held;
    await route.continue();
  });
  // (The page is not waited on to be idle: the check it is making is the one held.)
  await page.reload();
  const pay = page.getByRole('button', { name: 'Proceed to Payment' });
  await expect(page.getByText(`Discount (${code})Checking…`)).toBeVisible();
  await expect(summaryTotal(page)).toHaveText('Checking…');
  await expect(pay).toBeDisabled();
  await expect(page.locator('input[type="hidden"][name="coupon"]')).toHaveValue(code);

  answer();
  await expect(page.getByText(`Discount (${code})-$5.00`)).toBeVisible();
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Pay $44.99 USD' })).toBeVisible();
});

test('a declined card: the failure page says why and the cart is kept', async ({ page }) => {
  await signUpWithCart(page, 'itil-4-foundation', ITIL);
  await proceedToPayment(page);
  await payWith(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL('/payment-failed?reason=not-completed');
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment was not completed' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Return to Cart' }).click();
  await expect(page.getByRole('heading', { name: ITIL })).toBeVisible();
});

test('a mistyped card number, a past expiry or a short CVC is refused at its field on the payment page', async ({
  page,
}) => {
  await signUpWithCart(page, 'itil-4-foundation', ITIL);
  await proceedToPayment(page);
  await payWith(page, '4242 4242 4242 4241');
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription('Your card number is invalid.');
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  // The field refused takes the focus, to be typed again at once.
  await expect(page.getByLabel('Card number')).toBeFocused();
  await page.getByLabel('Expiry (MM / YY)').fill('01 / 20');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByLabel('Expiry (MM / YY)')).toHaveAccessibleDescription(
    "Your card's expiration year is in the past.",
  );
  await expect(page.getByLabel('Expiry (MM / YY)')).toBeFocused();
  await expect(page.getByLabel('Card number')).not.toHaveAttribute('aria-invalid');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('12');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByLabel('CVC')).toHaveAccessibleDescription("Your card's security code is incomplete.");
  await expect(page.getByLabel('CVC')).toBeFocused();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByLabel('CVC').fill('123');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/thank-you\?session_id=/);
});

test('a cancelled payment goes back with the cart as it was', async ({ page }) => {
  await signUpWithCart(page, 'itil-4-foundation', ITIL);
  await proceedToPayment(page);
  await page.getByRole('button', { name: 'Cancel and return to PracticePass' }).click();
  await expect(page).toHaveURL('/payment-failed?reason=cancelled');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Cancelled');
  await expect(page.getByText('Payment was cancelled. Your cart is just as you left it.')).toBeVisible();
  await expect(
    page.getByText('You have not been charged. Your cart is kept for whenever you are ready.'),
  ).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: ITIL })).toBeVisible();
  await page.goto('/order');
  await expect(page.getByText('No Orders Found')).toBeVisible();
});

/** A student pays for ITIL, then goes Back to the payment page; their email and the receipt's address. */
async function paidThenBack(page: Page) {
  const email = await signUpWithCart(page, 'itil-4-foundation', ITIL);
  await proceedToPayment(page);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/thank-you\?session_id=sbx_cs_/);
  const receipt = page.url();
  await page.goBack();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  return { email, receipt };
}

async function expectReceipt(page: Page, receipt: string) {
  await expect(page).toHaveURL(receipt);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  await expect(page.getByText('You have not been charged')).toHaveCount(0);
}

test('the payment page reached again with Back after paying: its cancel link leads to the receipt', async ({
  page,
}) => {
  const { receipt } = await paidThenBack(page);
  await page.getByRole('button', { name: 'Cancel and return to PracticePass' }).click();
  await expectReceipt(page, receipt);
});

test('a paid page’s cancel link followed once signed out asks to log in, then leads to the receipt', async ({
  page,
}) => {
  const { email, receipt } = await paidThenBack(page);
  // The sign-in lapsed, or the payment page was finished on another device: nobody to tell "not charged".
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Cancel and return to PracticePass' }).click();
  await expect(page).toHaveURL(/\/login\?from=%2Fpayment%2Ffailed%3Forder%3DORD-/);
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('paying-student-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expectReceipt(page, receipt);
});

test('a pending payment waits on the pending page and moves on to the thank-you page when it settles', async ({
  page,
  browser,
}) => {
  // Another student, signed in already, who will be handed the pending page's address.
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  const stranger = await other.newPage();
  await register(stranger, { name: 'Not Theirs', email: uniqueEmail('not-theirs'), password: 'someone-else-1' });

  await signUpWithCart(page, 'pmp', PMP);
  await proceedToPayment(page);
  await payWith(page, '4000 0000 0000 1257');
  await expect(page).toHaveURL(/\/payment-pending\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Processing' })).toBeVisible();
  // While it settles, the address tells anyone else nothing, and sends them nowhere in circles.
  await stranger.goto(page.url());
  await expect(stranger).toHaveURL(/\/thank-you\?session_id=/);
  await expect(stranger.getByRole('heading', { name: 'Order Details Not Found' })).toBeVisible();
  await other.close();
  // Settles after 2 seconds in these tests; the page asks every 3.
  await expect(page).toHaveURL(/\/thank-you\?session_id=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
});

test('without JavaScript, the pending page asks again by itself and moves on when the payment settles', async ({
  page,
  browser,
}) => {
  await signUpWithCart(page, 'pmp', PMP);
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  // The whole payment without scripts: the pending page comes straight after paying, well inside the
  // sandbox's settling time even on a busy machine (a second browser opened after paying could miss it).
  const waiting = await noScripts.newPage();
  await waiting.goto('/cart');
  await expect(waiting.getByRole('status').filter({ hasText: 'needs JavaScript' })).toHaveText(
    'Changing your cart or applying a coupon needs JavaScript, which is off in this browser. You can still pay for the cart as it is.',
  );
  await waiting.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(waiting).toHaveURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]+$/);
  await waiting.getByLabel('Card number').fill('4000 0000 0000 1257');
  await waiting.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(waiting).toHaveURL(/\/payment-pending\?session_id=/);
  await expect(waiting.getByText('This page checks every few seconds')).toBeVisible();
  await expect(waiting).toHaveURL(/\/thank-you\?session_id=/, { timeout: 15_000 });
  await expect(waiting.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  await noScripts.close();
});

test('the pending page keeps asking through a lost answer and waits for a slow one', async ({ page }) => {
  await signUpWithCart(page, 'pmp', PMP);
  await proceedToPayment(page);
  await payWith(page, '4000 0000 0000 1257');
  await expect(page).toHaveURL(/\/payment-pending\?session_id=/);
  await waitForHydration(page);
  let polls = 0;
  // A poll asked before the last one was answered would cut that one short.
  let unanswered = false;
  let overlapping = 0;
  const isPoll = (url: string) => url.includes('/payment-pending.data');
  page.on('request', (request) => {
    if (!isPoll(request.url())) return;
    if (unanswered) overlapping++;
    unanswered = true;
  });
  page.on('response', (response) => {
    if (isPoll(response.url())) unanswered = false;
  });
  page.on('requestfailed', (request) => {
    if (isPoll(request.url())) unanswered = false;
  });
  // The first poll is lost; each later answer takes longer than the 3 seconds between polls.
  await page.route('**/payment-pending.data*', async (route) => {
    if (++polls === 1) return route.abort('internetdisconnected');
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await route.continue().catch(() => undefined);
  });
  await expect(page).toHaveURL(/\/thank-you\?session_id=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  // The lost poll, then at least one slow one before the answer that moved on; none asked over another.
  expect(polls).toBeGreaterThanOrEqual(2);
  expect(overlapping).toBe(0);
});

test('verification without a session, an unknown session and a stranger’s receipt', async ({ page }) => {
  await page.goto('/payment/success');
  await expect(page).toHaveURL('/payment-failed?reason=no-session');
  await expect(page.getByText('No session ID found')).toBeVisible();
  await page.goto('/payment/verify?session_id=sbx_cs_unknown');
  await expect(page.getByText('Checkout session not found')).toBeVisible();
  await page.goto('/thank-you?session_id=sbx_cs_unknown');
  await expect(page).toHaveURL(/\/login\?from=/);
  await register(page, { name: 'No Body', email: uniqueEmail('nobody'), password: 'nothing-bought-1' });
  await page.goto('/thank-you?session_id=sbx_cs_unknown');
  await expect(page.getByRole('heading', { name: 'Order Details Not Found' })).toBeVisible();
  await expect(page.getByText("We couldn't find information about your order.")).toBeVisible();
});

test('a coupon whose last use another student took meanwhile is dropped with the reason when payment is refused', async ({
  page,
  browser,
}) => {
  const code = `LAST${Date.now().toString().slice(-8)}`;
  await createCoupon([code, '--type', 'fixed', '--value', '500', '--usage-limit', '1']);
  await signUpWithCart(page, 'pmp', PMP);
  await applyCoupon(page, code);
  await expect(page.getByText('Coupon applied successfully! You saved $5.00')).toBeVisible();

  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  const rival = await other.newPage();
  await signUpWithCart(rival, 'pmp', PMP);
  await applyCoupon(rival, code);
  // Applied before the rival leaves the cart, or the rival would pay without it.
  await expect(rival.getByText('Coupon applied successfully! You saved $5.00')).toBeVisible();
  await proceedToPayment(rival);
  await expect(rival.getByText('Discount')).toBeVisible();
  await payWith(rival, '4242 4242 4242 4242');
  await expect(rival).toHaveURL(/\/thank-you\?session_id=/);
  await other.close();

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Coupon usage limit reached' }).first()).toBeVisible();
  await expect(page.getByText(`Discount (${code})`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Pay $49.99 USD' })).toBeVisible();
});

test('a payment refused when the page posts by itself (before its scripts run) is said on the cart', async ({
  page,
  baseURL,
}) => {
  await signUpWithCart(page, 'pmp', PMP);
  const post = (headers: Record<string, string>) =>
    page.request.post('/checkout', {
      form: { coupon: 'NOSUCHCODE1' },
      headers: { origin: new URL(baseURL!).origin, 'sec-fetch-site': 'same-origin', ...headers },
      maxRedirects: 0,
    });
  // From the page's scripts: the answer the cart shows under its button.
  const fromScript = await post({ 'sec-fetch-mode': 'cors' });
  expect(fromScript.status()).toBe(400);
  expect(await fromScript.json()).toEqual({ error: 'Invalid coupon code' });
  // From the browser's own form post: back to the cart, which says why.
  const fromForm = await post({ 'sec-fetch-mode': 'navigate' });
  expect(fromForm.status()).toBe(302);
  expect(fromForm.headers().location).toBe('/cart');
  await page.goto('/cart');
  await expect(page.locator('p[data-type="error"]')).toHaveText('Invalid coupon code');
});

test('checking out needs a signed-in student: the store refuses an anonymous payment request', async ({
  request,
  baseURL,
}) => {
  const response = await request.post('/checkout', {
    form: { coupon: '' },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(response.status()).toBe(401);
});
