// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptResult, ReviewItem } from '../../../../shared/practice.ts';
import { AnswerReview, ResultBand } from './result-parts.tsx';

afterEach(cleanup);

const options = [
  { id: 'a', text: 'Alpha' },
  { id: 'b', text: 'Bravo' },
];
const item = (id: string, change: Partial<ReviewItem>): ReviewItem => ({
  id,
  text: `Question text ${id}`,
  category: 'Domain',
  options,
  selected: ['a'],
  correctOptionIds: ['a'],
  explanation: `Explanation ${id}`,
  correct: true,
  flagged: false,
  ...change,
});

function resultOf(items: ReviewItem[]): AttemptResult {
  return {
    attemptId: 'attempt',
    mode: 'exam',
    percentage: 50,
    score: 1,
    totalQuestions: items.length,
    answeredQuestions: items.length,
    timeSpentSeconds: 60,
    isPassed: false,
    passingScore: 70,
    byCategory: [],
    review: items,
    saved: true,
  };
}

function review(items: ReviewItem[]) {
  render(<AnswerReview result={resultOf(items)} />);
}

const headings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('the review of an attempt', () => {
  it('names a flagged question so, and narrows to the flagged ones, the missed ones, or both', () => {
    review([
      item('q1', { flagged: true }),
      item('q2', { selected: ['b'], correct: false }),
      item('q3', { selected: [], correct: false, flagged: true }),
    ]);
    expect(headings()).toEqual([
      'Question 1 · Correct · Flagged',
      'Question 2 · Incorrect',
      'Question 3 · Not answered · Flagged',
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only the 2 questions I flagged' }));
    expect(headings()).toEqual(['Question 1 · Correct · Flagged', 'Question 3 · Not answered · Flagged']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only the 2 questions I missed' }));
    expect(headings()).toEqual(['Question 3 · Not answered · Flagged']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only the 2 questions I flagged' }));
    expect(headings()).toEqual(['Question 2 · Incorrect', 'Question 3 · Not answered · Flagged']);
  });

  it('lists the answers of a "Choose two" question one per line, and names a single answer on its line', () => {
    const sentences = [
      { id: 'a', text: 'It encrypts data at rest.' },
      { id: 'b', text: 'It rotates keys.' },
      { id: 'c', text: 'It signs requests.' },
    ];
    review([
      item('q1', { options: sentences, selected: ['a'], correctOptionIds: ['a', 'c'], correct: false }),
      item('q2', { selected: [], correct: false }),
    ]);
    const [twoAnswers, notAnswered] = screen.getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    expect(twoAnswers!.textContent).toContain('Your answer: It encrypts data at rest.');
    const correct = [...twoAnswers!.querySelectorAll('ul li')].map((li) => li.textContent);
    expect(correct).toEqual(['It encrypts data at rest.', 'It signs requests.']);
    expect(twoAnswers!.textContent).not.toContain('.;');
    expect(notAnswered!.textContent).toContain('Your answer: Not answered');
    expect(notAnswered!.textContent).toContain('Correct answer: Alpha');
  });

  it('says so when no question is both missed and flagged', () => {
    review([item('q1', { flagged: true }), item('q2', { selected: ['b'], correct: false })]);
    expect(screen.queryByText('No question is both missed and flagged.')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only the question I flagged' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only the question I missed' }));
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(screen.getByText('No question is both missed and flagged.')).toBeTruthy();
  });

  it('says so when none of the questions is left in the test', () => {
    review([]);
    expect(screen.getByText('None of this attempt’s questions is in the test any more.')).toBeTruthy();
    expect(screen.queryByText('No question is both missed and flagged.')).toBeNull();
  });

  it('offers no box that would leave out nothing or everything', () => {
    review([item('q1', { flagged: true }), item('q2', { flagged: true })]);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});

describe('a question with a program', () => {
  it('shows the program as code, apart from its words, in the review', () => {
    review([item('q1', { text: 'What does it print?', code: 'for n in range(2):\n    print(n)' })]);
    const code = document.querySelector('li code');
    expect(code?.textContent).toBe('for n in range(2):\n    print(n)');
    expect(screen.getByText('What does it print?').tagName).toBe('P');
  });
});

describe('the verdict of an attempt', () => {
  it('says how many questions were left unanswered, in the singular for one', () => {
    render(
      <ResultBand result={{ ...resultOf([item('q1', {}), item('q2', {})]), answeredQuestions: 1 }} heading="Failed" />,
    );
    expect(screen.getByText('1 question was not answered, and counts as incorrect.')).toBeTruthy();
    cleanup();
    render(
      <ResultBand result={{ ...resultOf([item('q1', {}), item('q2', {})]), answeredQuestions: 0 }} heading="Failed" />,
    );
    expect(screen.getByText('2 questions were not answered, and count as incorrect.')).toBeTruthy();
  });
});
