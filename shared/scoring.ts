/** Spec §9: 70 percent passes unless the test says otherwise. */
export const DEFAULT_PASSING_SCORE = 70;
/** Answers this long after an exam-mode deadline still count: network and clock slack. */
export const DEADLINE_GRACE_MS = 5_000;
/** Practice mode moves to the next question this long after a check. */
export const AUTO_ADVANCE_MS = 1_500;

/** A question counts as right only when exactly its correct options were chosen ("Choose two" needs both). */
export function isCorrectAnswer(selected: readonly string[], correct: readonly string[]): boolean {
  return selected.length === correct.length && correct.every((id) => selected.includes(id));
}

/**
 * Spec §5: rounded share of correct answers over all questions of the test, a half rounding up. Counted in
 * whole numbers: dividing first would make 23 of 40 (57.5 %) 57.49999… and round it down.
 */
export function percentage(correct: number, total: number): number {
  return total > 0 ? Math.floor((200 * correct + total) / (2 * total)) : 0;
}

export function isPassed(percent: number, passingScore: number = DEFAULT_PASSING_SCORE): boolean {
  return percent >= passingScore;
}

/** Whether an answer given at `answeredAt` counts against an exam-mode deadline (none in practice mode). */
export function answeredInTime(answeredAt: Date, deadline: Date | null): boolean {
  return deadline === null || answeredAt.getTime() <= deadline.getTime() + DEADLINE_GRACE_MS;
}

export interface GradedQuestion {
  category: string;
  correct: boolean;
  answered: boolean;
}

export interface AttemptScore {
  score: number;
  totalQuestions: number;
  answeredQuestions: number;
  percentage: number;
  isPassed: boolean;
  byCategory: { category: string; correct: number; total: number }[];
}

/** The result of an attempt from its graded questions: totals, pass or fail, and the share right per domain. */
export function scoreAttempt(questions: readonly GradedQuestion[], passingScore: number): AttemptScore {
  const score = questions.filter((q) => q.correct).length;
  const percent = percentage(score, questions.length);
  const categories = new Map<string, { correct: number; total: number }>();
  for (const q of questions) {
    const entry = categories.get(q.category) ?? { correct: 0, total: 0 };
    entry.total++;
    if (q.correct) entry.correct++;
    categories.set(q.category, entry);
  }
  return {
    score,
    totalQuestions: questions.length,
    answeredQuestions: questions.filter((q) => q.answered).length,
    percentage: percent,
    isPassed: isPassed(percent, passingScore),
    byCategory: [...categories]
      .map(([category, c]) => ({ category, ...c }))
      .sort((a, b) => a.category.localeCompare(b.category)),
  };
}

/** "Choose two" and the like, for questions with more than one correct option. */
export function chooseLabel(count: number): string | null {
  const words = ['', 'one', 'two', 'three', 'four', 'five'];
  return count > 1 ? `Choose ${words[count] ?? count}` : null;
}

/** A test's time as the clock and the result show it: "4:05", or "1:02:09" from an hour. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
