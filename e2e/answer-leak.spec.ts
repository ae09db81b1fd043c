import { answerLeaks, explanationMarks, recordResponses } from './support/answer-leaks.ts';
import {
  answersOf,
  chooseOptions,
  expect,
  register,
  test,
  uniqueEmail,
  wrongOf,
  type ContentQuestion,
} from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';

const EXAM = 'aws-cloud-practitioner';
const TEST = 'clf-c02-pt1'; // 11 questions, options in file order
const EXAM_TITLE = 'AWS Certified Cloud Practitioner (CLF-C02)';

/** Whether some response carried the explanation: the recorder saw it once it was allowed. */
const arrived = (bodies: { body: string }[], mark: string) => bodies.some(({ body }) => body.includes(mark));

test('exam mode: no correct answer or explanation reaches the browser before the test is submitted', async ({
  page,
}) => {
  const questions = await answersOf(EXAM, TEST);
  const marks = explanationMarks(questions);
  await register(page, { name: 'Ex Am', email: uniqueEmail('leak-exam'), password: 'no-peeking-please-1' });
  const revealed = new Set<string>();
  const { recorded, settled } = recordResponses(page, revealed);

  await page.goto(`/exam/${EXAM}/practice-tests`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Exam Mode: Practice Test 1' }).click();
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  for (const [i, q] of questions.slice(0, 3).entries()) {
    await expect(page.getByRole('heading', { name: `Question ${i + 1} of 11` })).toBeVisible();
    await chooseOptions(page, q, q.correct);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  // The attempt resumes from the server: the page's own data now carries it.
  await page.reload();
  await waitForHydration(page, page.getByRole('heading', { name: /^Question \d+ of 11$/ }));
  await chooseOptions(page, questions[3]!, [wrongOf(questions[3]!)]);
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeVisible();
  await settled();
  expect(answerLeaks(recorded, questions)).toEqual([]);

  for (const q of questions) revealed.add(q.id);
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await page.getByRole('button', { name: 'Show Detailed Review' }).click();
  await expect(page.getByText(questions[10]!.text)).toBeVisible();
  await settled();
  expect(answerLeaks(recorded, questions)).toEqual([]);
  // After submission the review brings every explanation: the recorder would have seen an early one.
  for (const q of questions) expect(arrived(recorded, marks.get(q.id)!), q.id).toBe(true);
});

test('practice mode: only the question just checked is explained, also after a reload', async ({ page }) => {
  const questions = await answersOf(EXAM, TEST);
  const marks = explanationMarks(questions);
  await register(page, { name: 'Prac Tice', email: uniqueEmail('leak-practice'), password: 'no-peeking-please-2' });
  const revealed = new Set<string>();
  const { recorded, settled } = recordResponses(page, revealed);

  await page.goto(`/exam/${EXAM}/practice-tests`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Practice Mode: Practice Test 1' }).click();
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();

  const [first, second, third] = questions as [ContentQuestion, ContentQuestion, ContentQuestion];
  await chooseOptions(page, first, first.correct);
  revealed.add(first.id);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByText('Correct!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();
  await chooseOptions(page, second, [wrongOf(second)]);
  revealed.add(second.id);
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByText('Incorrect', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Question 3 of 11' })).toBeVisible();
  // A selection that is not checked stays a secret until it is.
  await chooseOptions(page, third, [wrongOf(third)]);

  // Away and back in the browser (React Router data requests), then a full reload (the page's HTML).
  await page.getByRole('link', { name: EXAM_TITLE }).click();
  await page.getByRole('link', { name: 'Practice Mode: Practice Test 1' }).click();
  await expect(page.getByRole('button', { name: 'Question 1, correct' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Question 2, incorrect' })).toBeVisible();
  await settled();
  expect(answerLeaks(recorded, questions)).toEqual([]);
  expect(arrived(recorded, marks.get(first.id)!)).toBe(true);
  expect(arrived(recorded, marks.get(second.id)!)).toBe(true);

  for (const q of questions) revealed.add(q.id);
  await page.getByRole('button', { name: 'Finish Test' }).click();
  await expect(page.getByRole('heading', { name: 'Review before submitting' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await settled();
  expect(answerLeaks(recorded, questions)).toEqual([]);
});

test('the recorder catches an explanation in the first page load and answers in the attempt API', async ({ page }) => {
  const questions = await answersOf(EXAM, TEST);
  const planted = questions[4]!;
  // A server that leaks: one explanation in the page, the right options in the attempt it starts.
  await page.route(`**/practice-test/${TEST}?mode=exam`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</body>', `<template>${planted.explanation}</template></body>`);
    await route.fulfill({ response, body: html });
  });
  await page.route('**/api/attempts', async (route) => {
    const response = await route.fetch();
    const attempt = (await response.json()) as { questions: { id: string; correctOptionIds?: string[] }[] };
    for (const q of attempt.questions) q.correctOptionIds = questions.find((c) => c.id === q.id)!.correct;
    await route.fulfill({ response, json: attempt });
  });
  const { recorded, settled } = recordResponses(page, new Set());
  await page.goto(`/practice-test/${TEST}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
  await settled();

  const found = answerLeaks(recorded, questions);
  expect(found).toContain(`/practice-test/${TEST}?mode=exam (text/html; charset=utf-8): explanation of ${planted.id}`);
  for (const q of questions) expect(found).toContain(`/api/attempts (application/json): answer fields of ${q.id}`);
});
