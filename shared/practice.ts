import type { Difficulty } from './content-schema.ts';

export const TEST_MODES = ['exam', 'practice'] as const;
export type TestMode = (typeof TEST_MODES)[number];

export function parseMode(raw: string | null | undefined): TestMode {
  return raw === 'practice' ? 'practice' : 'exam';
}

export interface Option {
  id: string;
  text: string;
}

/** Revealed for one question only once it is answered for good (practice mode's Check Answer). */
export interface CheckedAnswer {
  correct: boolean;
  correctOptionIds: string[];
  explanation: string;
}

/** A question as the student sees it during an attempt: never its answer or explanation unless checked. */
export interface QuestionView {
  id: string;
  text: string;
  /** A program the question asks about, shown as code below the text. */
  code?: string;
  /** In the order this attempt shows them. */
  options: Option[];
  /** How many options to choose: more than one for "Choose two". */
  choose: number;
  selected: string[];
  flagged: boolean;
  checked: CheckedAnswer | null;
}

export interface TestInfo {
  id: string;
  title: string;
  examId: string;
  examTitle: string;
  timeLimitMinutes: number;
  passingScore: number;
  questionCount: number;
  difficulty: Difficulty;
  /** The free first test of the exam, open to everyone. */
  isDemo: boolean;
}

/** Why an attempt can take no more answers: its time ran out, or it was handed in (in another tab, say). */
export const ATTEMPT_ENDS = ['time-up', 'handed-in'] as const;
export type AttemptEnd = (typeof ATTEMPT_ENDS)[number];

export interface AttemptView {
  id: string;
  mode: TestMode;
  /** Exam mode: seconds left by the server's clock. Practice mode: null. */
  remainingSeconds: number | null;
  questions: QuestionView[];
}

export interface ReviewItem {
  id: string;
  text: string;
  code?: string;
  category: string;
  options: Option[];
  selected: string[];
  correctOptionIds: string[];
  explanation: string;
  correct: boolean;
  /** The student marked the question for review while taking the test. */
  flagged: boolean;
}

/** A student's latest finished attempt of a test, as its start screen recalls it. */
export interface LastAttempt {
  id: string;
  percentage: number;
  passed: boolean;
  /** An exam handed in when its time ran out (by the page's clock or, with the page closed, by the store). */
  timeRanOut: boolean;
}

export interface AttemptResult {
  attemptId: string;
  mode: TestMode;
  percentage: number;
  score: number;
  totalQuestions: number;
  answeredQuestions: number;
  timeSpentSeconds: number;
  isPassed: boolean;
  passingScore: number;
  byCategory: { category: string; correct: number; total: number }[];
  review: ReviewItem[];
  /** Why the review is empty: the student may no longer, or never could, read this test's questions. */
  reviewWithheld?: string;
  /** False for an anonymous demo: nothing was kept. */
  saved: boolean;
}
