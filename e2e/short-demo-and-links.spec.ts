import { answersOf, chooseOptions, expect, grantAccess, register, test, uniqueEmail } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';

// The short demo, legacy test links, unknown tests and exams, and the attempt endpoint's refusals.
const EXAM = 'aws-cloud-practitioner';
const DEMO = 'clf-c02-pt1'; // 11 questions, 18 minutes, options in file order; question 6 is "choose two"

test('unknown tests and exams say so', async ({ page }) => {
  let response = await page.goto('/practice-test/no-such-test');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByText('Failed to load practice test: Practice test with ID no-such-test not found'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
  response = await page.goto('/exam/no-such-exam/practice-tests');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Exam with ID no-such-exam not found.')).toBeVisible();
  response = await page.goto('/demo/no-such-exam');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Failed to load practice test: Exam with ID no-such-exam not found')).toBeVisible();
  // Opened straight from an address, there is no page of the store to go back to: it goes to the catalogue.
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL('/exams');
});

test('the attempt endpoint refuses bad requests with a message', async ({ request }) => {
  // A sentence to show, and for whoever wrote the request, each field that is wrong.
  const refusals: [object, string[]][] = [
    [
      {},
      [
        "intent: Invalid discriminator value. Expected 'start' | 'start-demo' | 'answer' | 'check' | 'submit' | 'time-left'",
      ],
    ],
    [
      { intent: 'start' },
      [
        'testId: Invalid input: expected string, received undefined',
        'mode: Invalid option: expected one of "exam"|"practice"',
      ],
    ],
    [
      { intent: 'submit', attemptId: 'x'.repeat(500) },
      ['attemptId: Invalid string: must match pattern /^[A-Za-z0-9-]{1,80}$/'],
    ],
    [{ intent: 'answer', attemptId: 'a', questionId: 'b', extra: 1 }, ['body: Unrecognized key: "extra"']],
  ];
  for (const [body, problems] of refusals) {
    const response = await request.post('/api/attempts', { data: body });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: 'That request is not valid.', problems });
  }
  const missing = await request.post('/api/attempts', { data: { intent: 'submit', attemptId: 'not-an-attempt' } });
  expect(missing.status()).toBe(404);
  const locked = await request.post('/api/attempts', {
    data: { intent: 'start', testId: 'clf-c02-pt2', mode: 'exam' },
  });
  expect(locked.status()).toBe(403);
  expect(await locked.json()).toEqual({ error: 'Please sign up to access more practice tests.', status: 403 });
});

test('the short demo: five questions, thirty minutes, then the way to full access', async ({ page }) => {
  await page.goto('/demo/pmp');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 5' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Time left: (30:00|29:\d\d)/);
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByText('0 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Full Course Registration' }).click();
  // A visitor is asked to sign in, or to register, and told why, with the exam waiting in the cart.
  await expect(page).toHaveURL('/login?redirect=/cart');
  await expect(page.getByText('Sign in to pay for your cart. New here? Register instead')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart')))!)).toEqual([
    expect.objectContaining({ id: 'pmp' }),
  ]);
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL('/register?redirect=/cart');
  await expect(page.getByText('Create your account to pay for your cart: it comes with you.')).toBeVisible();
  // Reached any other way, the pages say nothing of a cart.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByText('pay for your cart')).toHaveCount(0);
  const missing = await page.goto('/demo/no-such-exam');
  expect(missing?.status()).toBe(404);
});

test('a signed-in student takes the short demo too: the answers count, nothing is kept, then on to checkout', async ({
  page,
}) => {
  const questions = (await answersOf(EXAM, DEMO)).slice(0, 5);
  await register(page, { name: 'Demo Student', email: uniqueEmail('demo'), password: 'try-before-buying-1' });
  await page.goto(`/demo/${EXAM}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  for (const [i, q] of questions.entries()) {
    await expect(page.getByRole('heading', { name: `Question ${i + 1} of 5` })).toBeVisible();
    await chooseOptions(page, q, q.correct);
    if (i < questions.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit Test' }).first().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByText('5 of 5')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Keep this score' })).toHaveCount(0);
  // Signed in, /checkout goes straight on to paying for the exam, now in the cart.
  await page.getByRole('button', { name: 'Proceed to Full Course Registration' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pay \$\d+\.\d\d USD$/);
  // Nothing of the demo is kept for the student.
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'No Attempts Found' })).toBeVisible();
});

test('an owner who takes the short demo goes on to the exam’s tests, not to paying for the rest of the cart', async ({
  page,
}) => {
  const email = uniqueEmail('demo-owner');
  await register(page, { name: 'Demo Owner', email, password: 'owns-it-already-1' });
  await grantAccess(email, EXAM);
  await page.goto('/exams/pmp');
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Unlock Access: / }).click();
  await page.goto(`/demo/${EXAM}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByText('0 of 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Full Course Registration' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to Practice Tests' }).click();
  await expect(page).toHaveURL(`/exam/${EXAM}/practice-tests`);
});

test('legacy test links lead to real test details that start the test', async ({ page }) => {
  await page.goto('/clf-c02-pt1');
  await expect(page).toHaveURL(`/login?from=${encodeURIComponent('/tests/clf-c02-pt1')}`);
  await register(page, { name: 'Leg Acy', email: uniqueEmail('legacy'), password: 'old-links-work-1' });
  await page.goto('/tests');
  await expect(page.getByRole('link', { name: /^Open / })).toHaveCount(8);
  await page.goto('/attempt/clf-c02-pt1');
  await expect(page).toHaveURL('/tests/clf-c02-pt1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('CLF-C02 Practice Test 1: Cloud Foundations');
  await page.getByRole('link', { name: 'Practice Mode' }).click();
  await expect(page).toHaveURL('/practice-test/clf-c02-pt1?mode=practice');
  // A test of an exam not bought says so and offers the way to buy, not modes that would be refused.
  await page.goto('/tests/clf-c02-pt2');
  await expect(page.getByText('Buy full access to this exam to take this test.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exam Mode' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Unlock Access/ })).toBeVisible();
  const unknown = await page.goto('/not-a-test-or-page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle('Page Not Found | PracticePass');
  const missing = await page.goto('/tests/no-such-test');
  expect(missing?.status()).toBe(404);
  await expect(page).toHaveTitle('Practice test | PracticePass');
  await expect(
    page.getByText('Failed to load practice test: Practice test with ID no-such-test not found'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to tests' })).toHaveAttribute('href', '/tests');
});
