// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptResult, TestInfo } from '../../../../shared/practice.ts';
import TestResult from './test-result.tsx';

afterEach(cleanup);

const info = { id: 'pmp-pt2', examId: 'pmp', title: 'PMP Practice Test 2' } as TestInfo;
const result: AttemptResult = {
  attemptId: 'attempt-1',
  mode: 'exam',
  percentage: 50,
  score: 1,
  totalQuestions: 2,
  answeredQuestions: 2,
  timeSpentSeconds: 90,
  isPassed: false,
  passingScore: 70,
  byCategory: [{ category: 'People', correct: 1, total: 2 }],
  review: [
    {
      id: 'q1',
      text: 'Which comes first?',
      category: 'People',
      options: [
        { id: 'a', text: 'Alpha' },
        { id: 'b', text: 'Bravo' },
      ],
      selected: ['a'],
      correctOptionIds: ['a'],
      explanation: 'Alpha comes first.',
      correct: true,
      flagged: false,
    },
  ],
  saved: true,
};

function show(shown: AttemptResult) {
  const router = createMemoryRouter(
    [{ path: '/', element: <TestResult info={info} result={shown} onRetry={() => {}} invite={null} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the result of a test', () => {
  it('offers its detailed review', () => {
    show(result);
    fireEvent.click(screen.getByRole('button', { name: 'Show Detailed Review' }));
    expect(screen.getByText('Alpha comes first.')).toBeTruthy();
  });

  it('says why there is no review when the server withheld it, instead of offering an empty one', () => {
    const reason = 'This test now comes with full access to the exam.';
    show({ ...result, review: [], reviewWithheld: reason });
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show Detailed Review' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Keep Practicing!' })).toBeTruthy();
  });
});
