import { describe, expect, it } from 'vitest';
import {
  averageBestScore,
  courseProgress,
  daysRemaining,
  matchesFilter,
  NO_PROGRESS,
  sortTests,
  type TestProgress,
} from './progress.ts';

describe('courseProgress', () => {
  const progress = new Map<string, TestProgress>([
    ['a', { attempts: 2, firstScore: 10, bestScore: 20, lastScore: 20, passed: false }],
  ]);
  it('is the rounded share of tests with an attempt', () => {
    expect(courseProgress(['a', 'b', 'c'], progress)).toBe(33);
    expect(courseProgress(['a', 'b'], progress)).toBe(50);
    expect(courseProgress(['a'], progress)).toBe(100);
    expect(courseProgress(['b'], progress)).toBe(0);
    expect(courseProgress([], progress)).toBe(0);
  });
});

describe('averageBestScore', () => {
  it('averages best scores above 0 only', () => {
    expect(
      averageBestScore([
        { attempts: 1, firstScore: 80, bestScore: 80, lastScore: 80, passed: true },
        { attempts: 1, firstScore: 0, bestScore: 0, lastScore: 0, passed: false },
        { attempts: 2, firstScore: 50, bestScore: 61, lastScore: 61, passed: false },
        NO_PROGRESS,
      ]),
    ).toBe(71);
    expect(averageBestScore([NO_PROGRESS])).toBe(0);
  });
});

describe('daysRemaining', () => {
  // Bought on 1 January 2026 for 365 days.
  const ends = '2027-01-01T12:00:00.000Z';
  it('rounds up the days left and never goes below 0', () => {
    expect(daysRemaining(ends, new Date('2026-01-01T12:00:00.000Z'))).toBe(365);
    expect(daysRemaining(ends, new Date('2026-01-02T11:00:00.000Z'))).toBe(365);
    expect(daysRemaining(ends, new Date('2026-12-31T12:00:00.000Z'))).toBe(1);
    expect(daysRemaining(ends, new Date('2027-01-01T12:00:00.000Z'))).toBe(0);
    expect(daysRemaining(ends, new Date('2028-01-01T00:00:00.000Z'))).toBe(0);
  });
});

describe('matchesFilter', () => {
  // Passed is the attempts' own verdict: 65 passed under a pass mark of 60 stays passed after it is raised.
  const notStarted = NO_PROGRESS;
  const passed = { attempts: 2, firstScore: 40, bestScore: 65, lastScore: 65, passed: true };
  const failed = { attempts: 1, firstScore: 69, bestScore: 69, lastScore: 69, passed: false };
  it.each([
    ['all', [true, true, true]],
    ['not-started', [true, false, false]],
    ['completed', [false, true, true]],
    ['passed', [false, true, false]],
    ['failed', [false, false, true]],
  ] as const)('%s', (filter, expected) => {
    expect([notStarted, passed, failed].map((p) => matchesFilter(filter, p))).toEqual(expected);
  });
});

describe('sortTests', () => {
  const tests = [
    { id: 'x-pt2', title: 'Practice Test 2', difficulty: 'hard' as const },
    { id: 'x-pt10', title: 'Practice Test 10', difficulty: 'easy' as const },
    { id: 'x-pt1', title: 'Practice Test 1', difficulty: 'medium' as const },
  ];
  const progress = new Map<string, TestProgress>([
    ['x-pt1', { attempts: 1, firstScore: 90, bestScore: 90, lastScore: 90, passed: true }],
    ['x-pt2', { attempts: 1, firstScore: 40, bestScore: 40, lastScore: 40, passed: false }],
  ]);
  const ids = (sort: Parameters<typeof sortTests>[1]) => sortTests(tests, sort, progress).map((t) => t.id);
  it('keeps the course’s order, or sorts by id descending, title, difficulty and best score', () => {
    expect(ids('course')).toEqual(['x-pt2', 'x-pt10', 'x-pt1']);
    expect(ids('newest')).toEqual(['x-pt10', 'x-pt2', 'x-pt1']);
    expect(ids('alphabetical')).toEqual(['x-pt1', 'x-pt2', 'x-pt10']);
    expect(ids('difficulty')).toEqual(['x-pt10', 'x-pt1', 'x-pt2']);
    expect(ids('best-score')).toEqual(['x-pt1', 'x-pt2', 'x-pt10']);
  });
  it('sorts alphabetically by the name the card shows', () => {
    const named = [
      { id: 'y-pt1', title: 'Practice Test 1', displayName: 'Networking Basics', difficulty: 'easy' as const },
      { id: 'y-pt2', title: 'Practice Test 2', displayName: 'Cloud Concepts', difficulty: 'easy' as const },
      { id: 'y-pt3', title: 'Practice Test 3', displayName: null, difficulty: 'easy' as const },
    ];
    expect(sortTests(named, 'alphabetical', new Map()).map((t) => t.id)).toEqual(['y-pt2', 'y-pt1', 'y-pt3']);
  });
});
