import type { Difficulty } from './content-schema.ts';
import { percentage } from './scoring.ts';

export interface TestProgress {
  attempts: number;
  firstScore: number | null;
  bestScore: number | null;
  lastScore: number | null;
  /** Passed at least once, each attempt by the pass mark it was taken under: a later change leaves it be. */
  passed: boolean;
}

export const NO_PROGRESS: TestProgress = {
  attempts: 0,
  firstScore: null,
  bestScore: null,
  lastScore: null,
  passed: false,
};

/** Spec §5: rounded share of the exam's tests with at least one attempt. */
export function courseProgress(testIds: readonly string[], progress: ReadonlyMap<string, TestProgress>): number {
  if (testIds.length === 0) return 0;
  const started = testIds.filter((id) => (progress.get(id)?.attempts ?? 0) > 0).length;
  return percentage(started, testIds.length);
}

/** Spec §5: the average of best scores, counting only tests whose best score is above 0. */
export function averageBestScore(progress: Iterable<TestProgress>): number {
  const bests = [...progress].map((p) => p.bestScore ?? 0).filter((b) => b > 0);
  return bests.length ? Math.round(bests.reduce((a, b) => a + b, 0) / bests.length) : 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When access ends: purchase date plus the exam's validity days. */
export function accessEnds(purchaseDate: string, validityDays: number): Date {
  return new Date(new Date(purchaseDate).getTime() + validityDays * DAY_MS);
}

/**
 * Spec §5: whole days (rounded up) until access ends, never below 0. Access ends where the purchase says
 * (its date plus the validity days the exam had then), so a later change to the exam's validity does not
 * make the count disagree with the access it describes.
 */
export function daysRemaining(expiresAt: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / DAY_MS));
}

export const TEST_FILTERS = ['all', 'not-started', 'completed', 'passed', 'failed'] as const;
export type TestFilter = (typeof TEST_FILTERS)[number];

/**
 * Spec §4: not started (no attempts); completed (any); passed (best ≥ passing); failed (attempted, best
 * below). Passed is read from the attempts' own results, so the tabs agree with the history after the pass
 * mark changes; with one pass mark throughout, it is the spec's best ≥ passing.
 */
export function matchesFilter(filter: TestFilter, progress: TestProgress): boolean {
  const attempted = progress.attempts > 0;
  const passed = attempted && progress.passed;
  switch (filter) {
    case 'all':
      return true;
    case 'not-started':
      return !attempted;
    case 'completed':
      return attempted;
    case 'passed':
      return passed;
    case 'failed':
      return attempted && !passed;
  }
}

/** The spec's four orders, after the course's own (the order its author gave, the free test first). */
export const TEST_SORTS = ['course', 'newest', 'alphabetical', 'difficulty', 'best-score'] as const;
export type TestSort = (typeof TEST_SORTS)[number];

const DIFFICULTY_ORDER: Record<Difficulty, number> = { easy: 1, medium: 2, hard: 3 };

interface SortableTest {
  id: string;
  title: string;
  /** The name the card shows when the test has one; alphabetical order follows what the student reads. */
  displayName?: string | null;
  difficulty: Difficulty;
}

/**
 * The course's order (as given: by position), then spec §2's: newest (id descending), alphabetical, difficulty
 * (easy first), best score (highest first).
 */
export function sortTests<T extends SortableTest>(
  tests: readonly T[],
  sort: TestSort,
  progress: ReadonlyMap<string, TestProgress>,
): T[] {
  const list = [...tests];
  const shown = (t: T) => t.displayName ?? t.title;
  const byTitle = (a: T, b: T) => shown(a).localeCompare(shown(b), 'en', { numeric: true });
  switch (sort) {
    case 'course':
      return list;
    case 'newest':
      return list.sort((a, b) => b.id.localeCompare(a.id, 'en', { numeric: true }));
    case 'alphabetical':
      return list.sort(byTitle);
    case 'difficulty':
      return list.sort((a, b) => DIFFICULTY_ORDER[a.difficulty] - DIFFICULTY_ORDER[b.difficulty] || byTitle(a, b));
    case 'best-score':
      return list.sort(
        (a, b) => (progress.get(b.id)?.bestScore ?? -1) - (progress.get(a.id)?.bestScore ?? -1) || byTitle(a, b),
      );
  }
}
