import { describe, expect, it } from 'vitest';
import { answeredInTime, chooseLabel, isCorrectAnswer, isPassed, percentage, scoreAttempt } from './scoring.ts';

describe('isCorrectAnswer', () => {
  it('needs exactly the correct options, in any order', () => {
    expect(isCorrectAnswer(['b'], ['b'])).toBe(true);
    expect(isCorrectAnswer(['c', 'a'], ['a', 'c'])).toBe(true);
    expect(isCorrectAnswer(['a'], ['a', 'c'])).toBe(false);
    expect(isCorrectAnswer(['a', 'b', 'c'], ['a', 'c'])).toBe(false);
    expect(isCorrectAnswer([], ['a'])).toBe(false);
  });
});

describe('percentage and passing', () => {
  it('rounds the share of correct answers over all questions', () => {
    expect(percentage(0, 10)).toBe(0);
    expect(percentage(7, 10)).toBe(70);
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(1, 8)).toBe(13); // 12.5 rounds up
    // Halves that a division before the multiplication would leave just under .5 (57.49999…).
    expect(percentage(23, 40)).toBe(58);
    expect(percentage(69, 120)).toBe(58);
    expect(percentage(29, 200)).toBe(15);
    expect(percentage(199, 200)).toBe(100);
    expect(percentage(1, 201)).toBe(0);
    expect(percentage(0, 0)).toBe(0);
  });

  it('passes at the passing score, not below; 70 by default', () => {
    expect(isPassed(70)).toBe(true);
    expect(isPassed(69)).toBe(false);
    expect(isPassed(74, 75)).toBe(false);
    expect(isPassed(75, 75)).toBe(true);
  });
});

describe('answeredInTime', () => {
  const deadline = new Date('2026-11-21T10:00:00.000Z');
  it('counts answers up to five seconds after the deadline', () => {
    expect(answeredInTime(new Date('2026-11-21T09:59:59.000Z'), deadline)).toBe(true);
    expect(answeredInTime(new Date('2026-11-21T10:00:05.000Z'), deadline)).toBe(true);
    expect(answeredInTime(new Date('2026-11-21T10:00:05.001Z'), deadline)).toBe(false);
  });
  it('has no deadline in practice mode', () => {
    expect(answeredInTime(new Date('2030-01-01T00:00:00Z'), null)).toBe(true);
  });
});

describe('scoreAttempt', () => {
  it('totals the attempt and breaks it down by domain', () => {
    const result = scoreAttempt(
      [
        { category: 'Security', correct: true, answered: true },
        { category: 'Cloud Concepts', correct: false, answered: true },
        { category: 'Security', correct: false, answered: false },
        { category: 'Cloud Concepts', correct: true, answered: true },
      ],
      70,
    );
    expect(result).toEqual({
      score: 2,
      totalQuestions: 4,
      answeredQuestions: 3,
      percentage: 50,
      isPassed: false,
      byCategory: [
        { category: 'Cloud Concepts', correct: 1, total: 2 },
        { category: 'Security', correct: 1, total: 2 },
      ],
    });
  });
});

describe('chooseLabel', () => {
  it('labels questions with several correct options', () => {
    expect(chooseLabel(1)).toBeNull();
    expect(chooseLabel(2)).toBe('Choose two');
    expect(chooseLabel(3)).toBe('Choose three');
  });
});
