import type { Page } from '@playwright/test';
import { answersOf, chooseOptions, expect, register, test, uniqueEmail, wrongOf } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';

const EXAM = 'aws-cloud-practitioner';
const FREE_TEST = 'clf-c02-pt1'; // 11 questions, 18 minutes, options in file order

/** Chooses an answer and waits until the store has it. */
async function answer(page: Page, question: { options: { id: string }[] }, ids: string[]) {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/attempts') && r.request().postData()?.includes('"intent":"answer"') === true,
  );
  await chooseOptions(page, question, ids);
  expect((await saved).status()).toBe(200);
}

/**
 * A free test begun signed out is kept by the browser for a day (decision 0026): a reload or a link away and
 * back resumes it, and signing up or in makes it the student's, unfinished or handed in.
 */
test('a free exam begun signed out resumes after a reload, and goes on as the student’s after signing up', async ({
  page,
}) => {
  const [first, second] = await answersOf(EXAM, FREE_TEST);
  await page.goto(`/practice-test/${FREE_TEST}?mode=exam`);
  await expect(page.getByText('You are taking the free demo: sign up or log in to keep your score.')).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await answer(page, first!, first!.correct);

  await page.reload();
  // It goes on at the first question not answered, with the first one's answer kept and the clock running.
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Time left: 1[78]:\d\d/);
  // Away to the catalogue and back by the test's practice mode page: the exam is offered to resume.
  await page.goto('/exams');
  await page.goto(`/practice-test/${FREE_TEST}?mode=practice`);
  await expect(page.getByRole('button', { name: 'Resume Exam Mode' })).toBeVisible();

  const name = 'Kim Kept';
  await register(page, { name, email: uniqueEmail('kept'), password: 'kept-for-a-day-1' });
  // The dashboard lists the exam begun signed out among the student's unfinished tests.
  const resume = page.getByRole('link', { name: /^Resume CLF-C02 Practice Test 1.*Exam Mode$/ });
  await expect(resume).toBeVisible();
  await expect(page.getByText('1 of 11 answered')).toBeVisible();
  await resume.click();
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();
  await answer(page, second!, [wrongOf(second!)]);
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  // A student's result: no invitation to sign up, and it is in their history.
  await expect(page.getByRole('region', { name: 'Keep this score' })).toHaveCount(0);
  await page.goto('/history');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('9%');
});

test('a free test handed in signed out joins the history of the visitor who then signs up from its result', async ({
  page,
}) => {
  const questions = await answersOf(EXAM, FREE_TEST);
  await page.goto(`/practice-test/${FREE_TEST}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  for (const [i, question] of questions.entries()) {
    await answer(page, question, question.correct);
    if (i < questions.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit Test' }).first().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  const invite = page.getByRole('region', { name: 'Keep this score' });
  await expect(invite).toContainText('Sign up, or log in, within a day to keep this score in your history');
  // The practice tests' banner offers the same: signing up saves what was done.
  await page.goto(`/exam/${EXAM}/practice-tests`);
  await page.getByRole('link', { name: 'Sign Up to Save Progress' }).click();

  await page.getByLabel('Name').fill('Sam Signup');
  await page.getByLabel('Email').fill(uniqueEmail('kept-result'));
  await page.getByLabel('Password').fill('kept-for-a-day-2');
  await page.getByRole('button', { name: 'Register' }).click();
  // Back on the exam's practice tests, the free test's card counts the attempt and its score.
  await expect(page).toHaveURL(new RegExp(`/exam/${EXAM}/practice-tests$`));
  const card = page.getByRole('article').filter({ hasText: 'Practice Test 1' }).first();
  await expect(
    card
      .getByRole('definition')
      .filter({ hasText: /^100%$/ })
      .first(),
  ).toBeVisible();
  await page.goto('/history');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('100%');
});
