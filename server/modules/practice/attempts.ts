import { randomInt, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AttemptEnd, AttemptResult, AttemptView, CheckedAnswer, TestMode } from '../../../shared/practice.ts';
import { practiceMessages } from '../../../shared/practice-messages.ts';
import { answeredInTime, isCorrectAnswer, scoreAttempt } from '../../../shared/scoring.ts';
import type { AttemptAnswersTable, AttemptsTable, Database } from '../../db/schema.ts';
import type { LoadedTest, ServerQuestion } from './test-content.ts';
import { attemptMessages } from './messages.ts';

type Db = Kysely<Database>;
export type Attempt = AttemptsTable;
type Answers = Map<string, AttemptAnswersTable>;

/** The questions of an attempt in order, each with its options in the order this attempt shows them. */
interface Layout {
  questions: { id: string; options: string[] }[];
  /** The short demo of an exam (decisions.md): kept for nobody, whoever hands it in. */
  demo?: true;
}

/** A request the store turns down. `ended`: the attempt is over, so the page should hand it in and show its result. */
export type Refusal = { error: string; status: number; ended?: AttemptEnd };

function shuffled<T>(items: readonly T[]): T[] {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

export async function createAttempt(
  db: Db,
  test: LoadedTest,
  userId: string | null,
  mode: TestMode,
  now: Date,
  { demo = false }: { demo?: boolean } = {},
): Promise<Attempt> {
  const layout: Layout = {
    questions: test.questions.map((q) => {
      const ids = q.options.map((o) => o.id);
      return { id: q.id, options: test.shuffleOptions ? shuffled(ids) : ids };
    }),
    ...(demo && { demo: true }),
  };
  const attempt: Attempt = {
    id: randomUUID(),
    user_id: userId,
    exam_id: test.info.examId,
    test_id: test.info.id,
    test_name: test.info.title,
    mode,
    status: 'in_progress',
    passing_score: test.info.passingScore,
    layout_json: JSON.stringify(layout),
    started_at: now.toISOString(),
    deadline_at: mode === 'exam' ? new Date(now.getTime() + test.info.timeLimitMinutes * 60_000).toISOString() : null,
    submitted_at: null,
    percentage: null,
    score: null,
    total_questions: test.questions.length,
    answered_questions: null,
    time_spent_seconds: null,
    is_passed: null,
    reset: 0,
    reset_at: null,
  };
  await db.insertInto('attempts').values(attempt).execute();
  return attempt;
}

export function findAttempt(db: Db, id: string): Promise<Attempt | undefined> {
  return db.selectFrom('attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A student's unfinished exam-mode attempts in one exam, of any test. */
export function openExamAttempts(db: Db, userId: string, examId: string): Promise<Attempt[]> {
  return db
    .selectFrom('attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('exam_id', '=', examId)
    .where('status', '=', 'in_progress')
    .where('mode', '=', 'exam')
    .execute();
}

/** A student's unfinished attempts of a test, the newest in each mode. */
export async function openAttempts(
  db: Db,
  userId: string,
  testId: string,
): Promise<Partial<Record<TestMode, Attempt>>> {
  const rows = await db
    .selectFrom('attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('test_id', '=', testId)
    .where('status', '=', 'in_progress')
    .orderBy('started_at', 'desc')
    .execute();
  return newestByMode(rows);
}

/** The first of each mode among attempts listed newest first. */
function newestByMode(rows: Attempt[]): Partial<Record<TestMode, Attempt>> {
  const newest: Partial<Record<TestMode, Attempt>> = {};
  for (const row of rows) newest[row.mode] ??= row;
  return newest;
}

/**
 * The unfinished attempts of a test that a browser keeps from its visits signed out (decision 0026), the
 * newest in each mode: nobody's yet, and not the short demo, which is kept for nobody.
 */
export async function keptOpenAttempts(
  db: Db,
  kept: readonly string[],
  testId: string,
): Promise<Partial<Record<TestMode, Attempt>>> {
  if (kept.length === 0) return {};
  const rows = await db
    .selectFrom('attempts')
    .selectAll()
    .where('id', 'in', [...kept])
    .where('user_id', 'is', null)
    .where('test_id', '=', testId)
    .where('status', '=', 'in_progress')
    .orderBy('started_at', 'desc')
    .execute();
  return newestByMode(rows.filter((row) => !isShortDemo(row)));
}

async function answersOf(db: Db, attemptId: string): Promise<Answers> {
  const rows = await db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).execute();
  return new Map(rows.map((r) => [r.question_id, r]));
}

/** The stored answer to one question of an attempt, if any. */
function answerOf(db: Db, attemptId: string, questionId: string) {
  return db
    .selectFrom('attempt_answers')
    .selectAll()
    .where('attempt_id', '=', attemptId)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
}

const layoutOf = (attempt: Attempt) => JSON.parse(attempt.layout_json) as Layout;

/** Whether the attempt is an exam's short demo, which is kept for nobody. */
export const isShortDemo = (attempt: Attempt) => layoutOf(attempt).demo === true;
const deadlineOf = (attempt: Attempt) => (attempt.deadline_at ? new Date(attempt.deadline_at) : null);

/** Whether an exam-mode attempt is past its deadline and grace: then it can only be submitted. */
export function isOverdue(attempt: Attempt, now: Date): boolean {
  const deadline = deadlineOf(attempt);
  return deadline !== null && !answeredInTime(now, deadline);
}

/** Whether a handed-in exam was handed in at its deadline: its time ran out, on the page or by the sweep. */
export const ranOutOfTime = (attempt: Pick<Attempt, 'deadline_at' | 'submitted_at'>) =>
  attempt.deadline_at !== null && attempt.submitted_at === attempt.deadline_at;

/** An answer, flag or check for an attempt already handed in: in another tab, by its clock, or by the sweep. */
function closedRefusal(attempt: Attempt, now: Date): Refusal {
  const timeUp = attempt.submitted_at ? ranOutOfTime(attempt) : isOverdue(attempt, now);
  return { error: attemptMessages.attemptClosed, status: 409, ended: timeUp ? 'time-up' : 'handed-in' };
}

/** Seconds left by the server's clock: exam mode; null in practice mode, which has no end. */
function secondsLeft(attempt: Attempt, now: Date): number | null {
  const deadline = deadlineOf(attempt);
  return deadline ? Math.max(0, Math.round((deadline.getTime() - now.getTime()) / 1000)) : null;
}

/**
 * The time left of an attempt in progress, for a page whose clock may have stood still (a phone asleep, a
 * laptop closed): refused, with `ended`, once the attempt has been handed in.
 */
export function timeLeft(attempt: Attempt, now: Date): { secondsLeft: number | null } | Refusal {
  if (attempt.status !== 'in_progress') return closedRefusal(attempt, now);
  return { secondsLeft: secondsLeft(attempt, now) };
}

/**
 * The attempt's questions with their options in its order. An option the catalogue has removed since the
 * attempt began is left out; one it has added is shown after the others (it may be the right answer now).
 */
function questionsInLayout(attempt: Attempt, test: LoadedTest): { question: ServerQuestion; optionOrder: string[] }[] {
  const byId = new Map(test.questions.map((q) => [q.id, q]));
  return layoutOf(attempt).questions.flatMap(({ id, options }) => {
    const question = byId.get(id);
    if (!question) return [];
    const kept = options.filter((o) => question.options.some((qo) => qo.id === o));
    const added = question.options.map((o) => o.id).filter((o) => !options.includes(o));
    return [{ question, optionOrder: [...kept, ...added] }];
  });
}

/** Whether none of the attempt's questions is in the test any more: a content import replaced them all. */
export const lostAllQuestions = (attempt: Attempt, test: LoadedTest) => questionsInLayout(attempt, test).length === 0;

/** Deletes an unfinished attempt, with its answers. */
export async function discardOpenAttempt(db: Db, attemptId: string): Promise<void> {
  await db.deleteFrom('attempts').where('id', '=', attemptId).where('status', '=', 'in_progress').execute();
}

function orderedOptions(question: ServerQuestion, order: string[]) {
  return order.map((id) => question.options.find((o) => o.id === id)!);
}

function checkedAnswer(question: ServerQuestion, selected: string[]): CheckedAnswer {
  return {
    correct: isCorrectAnswer(selected, question.correct),
    correctOptionIds: question.correct,
    explanation: question.explanation,
  };
}

/** A stored selection without the options the catalogue has removed from the question since. */
function stillOffered(question: ServerQuestion, selectedJson: string): string[] {
  return (JSON.parse(selectedJson) as string[]).filter((id) => question.options.some((o) => o.id === id));
}

/** What the student sees of an attempt in progress. Answers and explanations only for checked questions. */
export async function attemptView(db: Db, attempt: Attempt, test: LoadedTest, now: Date): Promise<AttemptView> {
  const answers = await answersOf(db, attempt.id);
  return {
    id: attempt.id,
    mode: attempt.mode,
    remainingSeconds: secondsLeft(attempt, now),
    questions: questionsInLayout(attempt, test).map(({ question, optionOrder }) => {
      const answer = answers.get(question.id);
      const selected = answer ? stillOffered(question, answer.selected_json) : [];
      return {
        id: question.id,
        text: question.text,
        code: question.code,
        options: orderedOptions(question, optionOrder),
        choose: question.correct.length,
        selected,
        flagged: answer?.flagged === 1,
        checked: answer?.checked === 1 ? checkedAnswer(question, selected) : null,
      };
    }),
  };
}

/** Validates a selection against the question: known option ids, no repeats, no more than it asks for. */
function validSelection(question: ServerQuestion, selected: unknown): string[] | null {
  if (!Array.isArray(selected) || !selected.every((s) => typeof s === 'string')) return null;
  const unique = [...new Set(selected as string[])];
  if (unique.length !== selected.length || unique.length > question.correct.length) return null;
  return unique.every((id) => question.options.some((o) => o.id === id)) ? unique : null;
}

interface AnswerChange {
  questionId: string;
  selected?: unknown;
  flagged?: boolean;
  /** Practice mode: answer for good and reveal the result. */
  check?: boolean;
}

/** Saves a selection, a flag, or (practice mode) a checked answer. Refuses late and locked answers. */
export async function changeAnswer(
  db: Db,
  attempt: Attempt,
  test: LoadedTest,
  change: AnswerChange,
  now: Date,
): Promise<{ checked: CheckedAnswer | null } | Refusal> {
  if (attempt.status !== 'in_progress') return closedRefusal(attempt, now);
  const entry = questionsInLayout(attempt, test).find((q) => q.question.id === change.questionId);
  if (!entry) return { error: 'This question is not part of the attempt.', status: 400 };
  const { question } = entry;
  const wantsAnswer = change.selected !== undefined || change.check === true;
  // Past the deadline and its grace nothing changes, a flag neither: the review shows the exam as it stood.
  if (isOverdue(attempt, now)) return { error: attemptMessages.timeUp, status: 409, ended: 'time-up' };
  if (change.check && attempt.mode !== 'practice')
    return { error: 'Answers are checked in practice mode only.', status: 400 };
  const chosen = change.selected === undefined ? undefined : validSelection(question, change.selected);
  if (chosen === null) return { error: 'That is not a valid choice for this question.', status: 400 };

  // The answer is read and written with the attempt locked, so a check, a flag and a hand-in of the same
  // attempt take turns: a check cannot be undone by a flag sent with it, nor an answer land after grading.
  return db.transaction().execute(async (trx) => {
    if (!(await lockOpenAttempt(trx, attempt.id))) return closedRefusal(attempt, now);
    const existing = await answerOf(trx, attempt.id, question.id);
    if (wantsAnswer && existing?.checked === 1) {
      // Checked for good. The same answer checked again (by a page that did not get, or was not shown, the
      // correction: practice mode resumed during an exam) gets it once more; any other answer is refused.
      const stored = stillOffered(question, existing.selected_json);
      const same =
        chosen === undefined || (chosen.length === stored.length && chosen.every((id) => stored.includes(id)));
      if (change.check && same) return { checked: checkedAnswer(question, stored) };
      return { error: attemptMessages.answerLocked, status: 409 };
    }
    const selected = chosen ?? (existing ? stillOffered(question, existing.selected_json) : []);
    if (change.check && selected.length === 0) return { error: practiceMessages.selectAnswer, status: 400 };
    if (change.check && selected.length < question.correct.length) {
      return { error: attemptMessages.chooseAll(question.correct.length), status: 400 };
    }

    const checked = change.check ? checkedAnswer(question, selected) : null;
    const row: AttemptAnswersTable = {
      attempt_id: attempt.id,
      question_id: question.id,
      selected_json: JSON.stringify(selected),
      flagged: change.flagged === undefined ? (existing?.flagged ?? 0) : change.flagged ? 1 : 0,
      checked: change.check ? 1 : (existing?.checked ?? 0),
      is_correct: checked ? (checked.correct ? 1 : 0) : null,
      category: question.category,
      answered_at: wantsAnswer ? now.toISOString() : (existing?.answered_at ?? null),
    };
    await trx
      .insertInto('attempt_answers')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['attempt_id', 'question_id']).doUpdateSet({
          selected_json: row.selected_json,
          flagged: row.flagged,
          checked: row.checked,
          is_correct: row.is_correct,
          answered_at: row.answered_at,
        }),
      )
      .execute();
    return { checked };
  });
}

/** In practice mode, a pause longer than this between answers counts as this long: the test was put aside. */
const LONGEST_PRACTICE_PAUSE_MS = 30 * 60_000;

/**
 * The time an attempt took. An exam runs on its clock, so it is the time from start to hand-in. Practice is
 * untimed and can be left open for days, so it is the time between the start, each answer and the hand-in,
 * with any pause over half an hour counted as half an hour.
 */
function secondsSpent(attempt: Attempt, answers: Answers, end: Date): number {
  const start = new Date(attempt.started_at).getTime();
  const stop = Math.max(start, end.getTime());
  if (attempt.mode !== 'practice') return Math.round((stop - start) / 1000);
  const moments = [...answers.values()]
    .flatMap((a) => (a.answered_at ? [new Date(a.answered_at).getTime()] : []))
    .filter((t) => t > start && t < stop)
    .sort((a, b) => a - b);
  let spent = 0;
  let previous = start;
  for (const moment of [...moments, stop]) {
    spent += Math.min(moment - previous, LONGEST_PRACTICE_PAUSE_MS);
    previous = moment;
  }
  return Math.round(spent / 1000);
}

/**
 * Locks an attempt still in progress until the transaction ends (PostgreSQL holds the row; SQLite runs one
 * transaction at a time). False when it has been handed in meanwhile.
 */
async function lockOpenAttempt(trx: Transaction<Database>, attemptId: string): Promise<boolean> {
  const locked = await trx
    .updateTable('attempts')
    .set({ id: sql<string>`id` })
    .where('id', '=', attemptId)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}

/**
 * Signed-in students' exam-mode attempts whose time (and its grace) ran out before `now`, oldest first; only
 * one student's with `userId`.
 */
export async function overdueAttempts(db: Db, now: Date, limit: number, userId?: string): Promise<Attempt[]> {
  const candidates = await db
    .selectFrom('attempts')
    .selectAll()
    .where('status', '=', 'in_progress')
    .where('deadline_at', '<', now.toISOString())
    .where('user_id', userId === undefined ? 'is not' : '=', userId ?? null)
    .orderBy('deadline_at')
    .limit(limit)
    .execute();
  return candidates.filter((attempt) => isOverdue(attempt, now));
}

/**
 * Removes, in one statement, at most `limit` anonymous attempts (kept for nobody: a free test begun signed
 * out, the short demo) that began before `before` and have had no answer since, oldest first; their answers
 * go with them. Returns how many went.
 */
export async function removeOldAnonymousAttempts(db: Db, before: Date, limit: number): Promise<number> {
  const cutoff = before.toISOString();
  const removed = await db
    .deleteFrom('attempts')
    // Checked on the row itself too: one that the student handing it in claims meanwhile stays (PostgreSQL
    // reads again a row that changed while the statement waited for it).
    .where('user_id', 'is', null)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('attempts as old')
        .select('old.id')
        .where('old.user_id', 'is', null)
        .where('old.started_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('attempt_answers')
                .select('attempt_answers.attempt_id')
                .whereRef('attempt_answers.attempt_id', '=', 'old.id')
                .where('attempt_answers.answered_at', '>=', cutoff),
            ),
          ),
        )
        .orderBy('old.started_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/**
 * Grades and closes the attempt. Only answers given before the deadline (and its grace) count. Runs once:
 * a second submission, or one racing this, gets the stored result.
 */
export async function submitAttempt(
  db: Db,
  attempt: Attempt,
  test: LoadedTest,
  now: Date,
): Promise<AttemptResult | null> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockOpenAttempt(trx, attempt.id))) return;
    const answers = await answersOf(trx, attempt.id);
    const deadline = deadlineOf(attempt);
    const graded = questionsInLayout(attempt, test).map(({ question }) => {
      const answer = answers.get(question.id);
      const inTime = answer?.answered_at ? answeredInTime(new Date(answer.answered_at), deadline) : false;
      const selected = answer && inTime ? (JSON.parse(answer.selected_json) as string[]) : [];
      return {
        id: question.id,
        category: question.category,
        answered: selected.length > 0,
        correct: isCorrectAnswer(selected, question.correct),
        inTime,
      };
    });
    const score = scoreAttempt(graded, attempt.passing_score);
    // An exam handed in in its last second is one the page's clock handed in at zero (the time left it is
    // given is rounded to the second): its time ran out, as for one handed in late.
    const end = deadline && now.getTime() > deadline.getTime() - 1000 ? deadline : now;
    const updated = await trx
      .updateTable('attempts')
      .set({
        status: 'completed',
        // Handed in when time ran out, however much later it is graded (at the latest, by the sweep).
        submitted_at: end.toISOString(),
        percentage: score.percentage,
        score: score.score,
        total_questions: score.totalQuestions,
        answered_questions: score.answeredQuestions,
        time_spent_seconds: secondsSpent(attempt, answers, end),
        is_passed: score.isPassed ? 1 : 0,
      })
      .where('id', '=', attempt.id)
      .where('status', '=', 'in_progress')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return;
    // Answers to questions the catalogue has removed since the attempt began are not part of it any more:
    // they would count in results by domain.
    // The answers were read above: a statement only when one of them is to a removed question.
    const kept = new Set(graded.map((g) => g.id));
    const removed = [...answers.keys()].filter((id) => !kept.has(id));
    if (removed.length > 0) {
      await trx
        .deleteFrom('attempt_answers')
        .where('attempt_id', '=', attempt.id)
        .where('question_id', 'in', removed)
        .execute();
    }
    // Every question gets its graded row, unanswered ones too, so results by domain count them as wrong. An
    // answer given in time keeps its selection; a late one is dropped, as if it had not been given.
    for (const inTime of [true, false]) {
      const rows = graded
        .filter((g) => g.inTime === inTime)
        .map((g) => ({
          attempt_id: attempt.id,
          question_id: g.id,
          selected_json: '[]',
          flagged: 0,
          checked: 0,
          is_correct: g.correct ? 1 : 0,
          category: g.category,
          answered_at: null,
        }));
      if (rows.length === 0) continue;
      await trx
        .insertInto('attempt_answers')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({
            is_correct: eb.ref('excluded.is_correct'),
            category: eb.ref('excluded.category'),
            ...(inTime ? {} : { selected_json: eb.ref('excluded.selected_json') }),
          })),
        )
        .execute();
    }
  });
  // Null when the attempt is gone: an anonymous one the sweep removed just before (`removeOldAnonymousAttempts`).
  return resultOf(db, attempt.id, test);
}

/** The result and full review of a submitted attempt, read afresh. */
export async function resultOf(db: Db, attemptId: string, test: LoadedTest): Promise<AttemptResult | null> {
  const attempt = await findAttempt(db, attemptId);
  return attempt && attempt.status === 'completed' ? resultFor(db, attempt, test) : null;
}

/** The result and full review of a submitted attempt already read. */
export async function resultFor(db: Db, attempt: Attempt, test: LoadedTest): Promise<AttemptResult> {
  const answers = await answersOf(db, attempt.id);
  const items = questionsInLayout(attempt, test).map(({ question, optionOrder }) => {
    const answer = answers.get(question.id);
    const selected = answer ? (JSON.parse(answer.selected_json) as string[]) : [];
    return {
      id: question.id,
      text: question.text,
      code: question.code,
      category: question.category,
      options: orderedOptions(question, optionOrder),
      selected,
      correctOptionIds: question.correct,
      explanation: question.explanation,
      correct: answer?.is_correct === 1,
      flagged: answer?.flagged === 1,
    };
  });
  const score = scoreAttempt(
    items.map((i) => ({ category: i.category, correct: i.correct, answered: i.selected.length > 0 })),
    attempt.passing_score,
  );
  return {
    attemptId: attempt.id,
    mode: attempt.mode,
    percentage: attempt.percentage ?? 0,
    score: attempt.score ?? 0,
    totalQuestions: attempt.total_questions,
    answeredQuestions: attempt.answered_questions ?? 0,
    timeSpentSeconds: attempt.time_spent_seconds ?? 0,
    isPassed: attempt.is_passed === 1,
    passingScore: attempt.passing_score,
    byCategory: score.byCategory,
    review: items,
    saved: attempt.user_id !== null,
  };
}
