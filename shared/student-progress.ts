import type { TestMode } from './practice.ts';

export interface PurchasedExam {
  examId: string;
  title: string;
  category: string;
  purchaseDate: string;
  expiresAt: string;
  daysRemaining: number;
  expired: boolean;
  courseProgress: number;
  testCount: number;
}

export interface AttemptRow {
  id: string;
  testId: string;
  testName: string;
  examId: string;
  examTitle: string;
  mode: TestMode;
  percentage: number;
  score: number;
  totalQuestions: number;
  isPassed: boolean;
  submittedAt: string;
}

/** A test the student began and has not handed in, with what is left of it. */
export interface UnfinishedAttempt {
  id: string;
  testId: string;
  testName: string;
  examTitle: string;
  mode: TestMode;
  answered: number;
  totalQuestions: number;
  /** Exam mode: whole minutes left on the clock, the last one counting as one; null in practice mode. */
  minutesLeft: number | null;
}

export interface ScorePoint {
  submittedAt: string;
  percentage: number;
  testName: string;
  /** As graded against the test's own pass mark, which may differ from the exam's line on the chart. */
  passed: boolean;
}

export interface DomainScore {
  category: string;
  correct: number;
  total: number;
}

/** What the charts of one exam draw: scores over time against the passing line, and the share right per domain. */
export interface ExamCharts {
  examId: string;
  examTitle: string;
  passingScore: number;
  /** The latest CHART_POINTS attempts, oldest first. */
  scores: ScorePoint[];
  domains: DomainScore[];
}

/** How many of an exam's latest attempts its score chart draws. */
export const CHART_POINTS = 20;

export const HISTORY_PAGE_SIZE = 20;
/** How many unfinished tests the dashboard offers to resume. */
export const UNFINISHED_SHOWN = 5;
export const HISTORY_MODES = ['all', 'exam', 'practice'] as const;
export type HistoryMode = (typeof HISTORY_MODES)[number];

export interface HistoryFilters {
  mode: HistoryMode;
  examId: string | null;
  page: number;
}

/** Reads the history filters from the address, so a filtered view can be shared and survives a reload. */
export function parseHistoryFilters(params: URLSearchParams): HistoryFilters {
  const mode = params.get('mode');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const exam = params.get('exam');
  return {
    mode: (HISTORY_MODES as readonly string[]).includes(mode ?? '') ? (mode as HistoryMode) : 'all',
    examId: exam && /^[a-z0-9][a-z0-9-]{0,79}$/.test(exam) ? exam : null,
    // Past any real history: taken as far as it goes, which the page then turns into its last page.
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}
