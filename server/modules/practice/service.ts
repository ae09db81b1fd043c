import type { Kysely } from 'kysely';
import type { ExamDetail } from '../../../shared/catalogue.ts';
import { lockedTestNote, practiceRefusals } from '../../../shared/practice-refusals.ts';
import type {
  AttemptResult,
  AttemptView,
  CheckedAnswer,
  LastAttempt,
  TestInfo,
  TestMode,
} from '../../../shared/practice.ts';
import { averageBestScore, courseProgress, daysRemaining, type TestProgress } from '../../../shared/progress.ts';
import { lockUser } from '../../db/row-locks.ts';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../accounts/service.ts';
import { findExam } from '../catalogue/queries.ts';
import { everBought, examAccess, ownedExamIds } from './access.ts';
import {
  attemptView,
  changeAnswer,
  createAttempt,
  discardOpenAttempt,
  findAttempt,
  openAttempts,
  openExamAttempts,
  isOverdue,
  resultFor,
  overdueAttempts,
  isShortDemo,
  keptOpenAttempts,
  removeOldAnonymousAttempts,
  lostAllQuestions,
  submitAttempt,
  ranOutOfTime,
  timeLeft as timeLeftOf,
  type Attempt,
  type Refusal,
} from './attempts.ts';
import { createStudentProgress, examTestProgress } from './student-progress.ts';
import { createTestCache, type LoadedTest } from './test-content.ts';
import { attemptMessages } from './messages.ts';

export type OpenedTest =
  | { kind: 'not-found' }
  /** `examGoesOn`: the student's exam-mode attempt of the test began before access ended and has time left. */
  | { kind: 'locked'; info: TestInfo; accessEnded: boolean; examGoesOn: boolean }
  | { kind: 'empty'; info: TestInfo }
  | {
      kind: 'ready';
      info: TestInfo;
      attempt: AttemptView | null;
      result: AttemptResult | null;
      /** The result is of an exam whose time ran out while the student was away. */
      timeUp?: boolean;
      /** Modes in which the signed-in student has an unfinished attempt that starting would resume. */
      unfinished: TestMode[];
      /** On the start screen: the signed-in student's latest finished attempt of the test. */
      last?: LastAttempt | null;
    };

/** A finished attempt on its own page; its review is left out, and `withheld` says why, when it may not be read. */
export interface PastAttempt {
  info: TestInfo;
  testName: string;
  submittedAt: string;
  result: AttemptResult;
  withheld: { reason: 'access-ended' | 'exam-running'; message: string } | null;
}

export interface ExamProgressPage {
  exam: ExamDetail;
  access: { purchaseDate: string; expiresAt: string; daysRemaining: number } | null;
  /** With no access now: when the student's last access to the exam ran out, if they ever had it. */
  accessEnded: string | null;
  progress: Record<string, TestProgress>;
  courseProgress: number;
  /** The average best score of the tests scored above 0 (spec §5); null while there is none. */
  averageBestScore: number | null;
  /**
   * The tests the student is taking in exam mode, with time left: their cards offer to resume. With no
   * access now, such an exam was begun while access lasted, and is the one way into its locked test.
   */
  examsGoingOn: string[];
}

type User = Pick<SessionUser, 'id'> | null;
/** The attempt ids of the free tests a browser began signed out (decision 0026). */
type Kept = readonly string[];

export const DEMO_QUESTIONS = 5;
export const DEMO_MINUTES = 30;
/**
 * How long an anonymous attempt is kept after it began and after its last answer (decision 0024): far beyond
 * the longest test's clock (600 minutes, `shared/content-schema.ts`) and a sign-up in the middle of a test.
 */
export const ANONYMOUS_ATTEMPT_KEPT_MS = 24 * 60 * 60_000;
/** Anonymous attempts removed at most per sweep, in one statement: a large backlog goes over several minutes. */
export const ANONYMOUS_ATTEMPTS_PER_SWEEP = 1000;
/** Sent when access ran out during a practice-mode attempt; the browser shows the server's words. */
export const ACCESS_ENDED =
  'Your access to this exam has ended. Finish Test shows your result; buy access again to go on practising.';
/** Sent when a content import made paid the test of a practice-mode attempt whose student never bought it. */
export const NOW_PAID =
  'This test now comes with full access to the exam. Finish Test shows your result; buy the exam to go on practising.';
/** Sent with a refused check or hand-in in practice mode; the browser shows the server's words. */
export const EXAM_RUNNING =
  'You are taking this test in exam mode. Hand that attempt in, or let its time run out, before practice mode shows answers.';
/** Said instead of a finished attempt's review of a test the student is taking in exam mode. */
export const REVIEW_WAITS =
  'You are taking this test in exam mode. Its answers are shown again once that attempt is handed in or its time is up.';
/** Said instead of a finished attempt's review once the student's access to a paid test has ended. */
export const REVIEW_ACCESS_ENDED =
  'Your access to this exam has ended. Buy access again to read the questions and explanations of this attempt.';
/** Said instead of the review of an attempt begun while its test was free, once a content import made it paid. */
export const REVIEW_NOW_PAID =
  'This test now comes with full access to the exam. Buy it to read the questions and explanations of this attempt.';

interface LockState {
  open: boolean;
  accessEnded: boolean;
  bought: boolean;
}

/** A result with its figures and without its questions, and why. */
const withoutReview = (result: AttemptResult, reason: string): AttemptResult => ({
  ...result,
  review: [],
  reviewWithheld: reason,
});

/**
 * The test engine. The server decides here, on every request, who may open which test: the first test
 * of an exam is open to everyone (the demo), the others only while a purchase is active.
 */
export function createPracticeService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const loadTest = createTestCache(db);

  /**
   * Whether this visitor may open the test and, when not, whether their access to its exam has run out,
   * and whether they ever bought it (access that ran out or was revoked): one read of their purchase, two
   * for a locked test whose access did not simply run out.
   */
  async function lockState(test: LoadedTest, user: User, now: Date): Promise<LockState> {
    if (test.info.isDemo) return { open: true, accessEnded: false, bought: false };
    if (user === null) return { open: false, accessEnded: false, bought: false };
    const { access, endedAt } = await examAccess(db, user.id, test.info.examId, now);
    if (access) return { open: true, accessEnded: false, bought: true };
    const bought = endedAt !== null || (await everBought(db, user.id, test.info.examId));
    return { open: false, accessEnded: endedAt !== null, bought };
  }

  /**
   * Whether a student whose access ran out may still go on with an attempt begun while it lasted: it may
   * always be handed in (its result shown), and an exam-mode attempt answered until its time is up. A
   * practice-mode attempt, which has no end, shows no more answers.
   */
  function mayFinish(attempt: Attempt, user: User, purpose: 'answer' | 'hand-in', now: Date): boolean {
    if (attempt.user_id === null || attempt.user_id !== user?.id) return false;
    return purpose === 'hand-in' || (attempt.mode === 'exam' && !isOverdue(attempt, now));
  }

  /**
   * The attempt, if it belongs to this visitor. A student's attempt is theirs alone; an attempt kept for
   * nobody (the short demo, or a free test started signed out) belongs to whoever holds its random id, so
   * a student may take the demo, or sign in halfway through a free test, and still answer and submit it.
   * `open`: whether the visitor may open the test now, as well as go on with this attempt.
   */
  async function ownAttempt(
    attemptId: string,
    user: User,
    purpose: 'answer' | 'hand-in',
  ): Promise<({ attempt: Attempt; test: LoadedTest } & Pick<LockState, 'open' | 'bought'>) | Refusal> {
    const attempt =
      typeof attemptId === 'string' && attemptId.length <= 40 ? await findAttempt(db, attemptId) : undefined;
    // A student's attempt asked for by someone signed out is most likely theirs, signed out in another tab.
    if (attempt && attempt.user_id !== null && user === null) return { error: attemptMessages.signedOut, status: 401 };
    if (!attempt || (attempt.user_id !== null && attempt.user_id !== user?.id))
      return { error: attemptMessages.attemptNotFound, status: 404 };
    const test = await loadTest(attempt.test_id);
    if (!test) return { error: practiceRefusals.testNotFound(attempt.test_id), status: 404 };
    const now = clock();
    const { open, bought } = await lockState(test, user, now);
    if (!open && !mayFinish(attempt, user, purpose, now))
      return {
        error: attempt.user_id ? (bought ? ACCESS_ENDED : NOW_PAID) : practiceRefusals.signUpForMore,
        status: 403,
      };
    return { attempt, test, open, bought };
  }

  /**
   * Practice mode shows each answer once it is checked, and every attempt's review shows them all. While the
   * same student is taking the same test in exam mode, whose answers are not yet given for good, none does:
   * true when another attempt of this test is such an exam.
   */
  async function examRunning(attempt: Attempt, user: User, now: Date): Promise<boolean> {
    const student = attempt.user_id ?? user?.id;
    if (!student) return false;
    const exam = (await openAttempts(db, student, attempt.test_id)).exam;
    return exam !== undefined && exam.id !== attempt.id && !isOverdue(exam, now);
  }

  /**
   * What the browser gets of an attempt to go on with. While the same test runs in exam mode, a practice
   * attempt shows no answer, not even those checked before that exam began.
   */
  async function viewOf(attempt: Attempt, test: LoadedTest, user: User, now: Date): Promise<AttemptView> {
    const view = await attemptView(db, attempt, test, now);
    if (attempt.mode !== 'practice' || !(await examRunning(attempt, user, now))) return view;
    return { ...view, questions: view.questions.map((question) => ({ ...question, checked: null })) };
  }

  /**
   * The student's unfinished attempts of the test, by mode; signed out, those this browser keeps. One with
   * none of its questions left in the test (a content import replaced them all) has nothing to resume or
   * grade: it is discarded, so a new one starts.
   */
  async function unfinishedOf(user: User, test: LoadedTest, kept: Kept): Promise<Partial<Record<TestMode, Attempt>>> {
    const open = user ? await openAttempts(db, user.id, test.info.id) : await keptOpenAttempts(db, kept, test.info.id);
    for (const mode of ['exam', 'practice'] as const) {
      const attempt = open[mode];
      if (attempt && lostAllQuestions(attempt, test)) {
        await discardOpenAttempt(db, attempt.id);
        delete open[mode];
      }
    }
    return open;
  }

  /**
   * The student's latest finished attempt of the test, in either mode. One handed in when its time ran out
   * is dated at its deadline (`submitAttempt`), whoever handed it in.
   */
  async function lastAttemptOf(userId: string, test: LoadedTest): Promise<LastAttempt | null> {
    const row = await db
      .selectFrom('attempts')
      .select(['id', 'percentage', 'is_passed', 'submitted_at', 'deadline_at'])
      .where('user_id', '=', userId)
      .where('status', '=', 'completed')
      .where('reset', '=', 0)
      .where('exam_id', '=', test.info.examId)
      .where('test_id', '=', test.info.id)
      .orderBy('submitted_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      percentage: row.percentage ?? 0,
      passed: row.is_passed === 1,
      timeRanOut: ranOutOfTime(row),
    };
  }

  /** Hands in an exam-mode attempt whose time ran out (one with no question left is dropped); false if its test is gone. */
  async function handInOverdueAttempt(attempt: Attempt, now: Date): Promise<boolean> {
    const test = await loadTest(attempt.test_id);
    if (!test) return false;
    if (lostAllQuestions(attempt, test)) await discardOpenAttempt(db, attempt.id);
    else await submitAttempt(db, attempt, test, now);
    return true;
  }

  return {
    progress: createStudentProgress(db, clock),

    /**
     * What the test page shows on arrival: a start screen, the attempt to resume, or a result. `kept`: signed
     * out, the free tests this browser began, which resume as a student's own do.
     */
    async openTest(testId: string, user: User, mode: TestMode, kept: Kept = []): Promise<OpenedTest> {
      const test = await loadTest(testId);
      if (!test) return { kind: 'not-found' };
      const now = clock();
      // Signed out, only the free test opens: what a browser kept of another test is not looked at.
      const unfinishedByMode = user || test.info.isDemo ? await unfinishedOf(user, test, kept) : {};
      const open = unfinishedByMode[mode];
      const { open: unlocked, accessEnded, bought } = await lockState(test, user, now);
      if (!unlocked) {
        // Access ran out during an attempt: an exam with time left goes on, and the test's other address
        // leads to it; anything else is handed in, but a practice attempt not while that exam runs, since
        // its review would show the exam's answers.
        const exam = unfinishedByMode.exam;
        const examGoesOn = exam !== undefined && mayFinish(exam, user, 'answer', now);
        if (open && !mayFinish(open, user, 'answer', now) && !examGoesOn) {
          const result = await submitAttempt(db, open, test, now);
          return {
            kind: 'ready',
            info: test.info,
            attempt: null,
            // Its review only for a student who had access: one begun while the test was free shows none.
            result: result && !bought ? withoutReview(result, REVIEW_NOW_PAID) : result,
            timeUp: isOverdue(open, now),
            unfinished: [],
          };
        }
        if (mode === 'practice' || !open) return { kind: 'locked', info: test.info, accessEnded, examGoesOn };
      }
      if (test.questions.length === 0) return { kind: 'empty', info: test.info };
      if (!open) {
        // The start screen offers both modes: an unfinished attempt in the other one is offered to resume.
        const other: TestMode = mode === 'exam' ? 'practice' : 'exam';
        const otherOpen = unfinishedByMode[other];
        const unfinished = otherOpen && !isOverdue(otherOpen, now) ? [other] : [];
        const last = user ? await lastAttemptOf(user.id, test) : null;
        return { kind: 'ready', info: test.info, attempt: null, result: null, unfinished, last };
      }
      if (isOverdue(open, now)) {
        // Time ran out while the student was away: the answers given in time are graded.
        const result = await submitAttempt(db, open, test, now);
        return { kind: 'ready', info: test.info, attempt: null, result, timeUp: true, unfinished: [] };
      }
      const attempt = await viewOf(open, test, user, now);
      return { kind: 'ready', info: test.info, attempt, result: null, unfinished: [] };
    },

    /**
     * Starts an attempt in this mode (Retry starts another). A signed-in student's unfinished attempt of the
     * test in this mode is never handed in for them: it resumes instead, as does one this browser keeps from
     * signed out (`kept`). One found overdue is graded with the answers given in time, as on return to the
     * page, and a new attempt starts. `resumeOnly`: a visitor past the signed-out start limit, refused unless
     * the start resumes.
     */
    async start(
      testId: string,
      user: User,
      mode: TestMode,
      kept: Kept = [],
      { resumeOnly = false } = {},
    ): Promise<AttemptView | Refusal> {
      const test = await loadTest(testId);
      if (!test) return { error: practiceRefusals.testNotFound(testId), status: 404 };
      const now = clock();
      const { open: unlocked, accessEnded } = await lockState(test, user, now);
      if (!unlocked) {
        // A student's exam begun while access lasted goes on to its end, as on its page: a start resumes it.
        const exam = user && mode === 'exam' ? (await unfinishedOf(user, test, kept)).exam : undefined;
        if (exam && mayFinish(exam, user, 'answer', now)) return viewOf(exam, test, user, now);
        return { error: lockedTestNote(user !== null, accessEnded), status: 403 };
      }
      if (test.questions.length === 0) return { error: practiceRefusals.noQuestions, status: 404 };
      const open = (await unfinishedOf(user, test, kept))[mode];
      if (open && !isOverdue(open, now)) return viewOf(open, test, user, now);
      // A visitor past the limit of signed-out starts may resume, not begin.
      if (resumeOnly) return { error: attemptMessages.tooManyStarts, status: 429 };
      if (open) await submitAttempt(db, open, test, now);
      if (!user) return attemptView(db, await createAttempt(db, test, null, mode, now), test, now);
      // A second start of the same test at once (a double click, two tabs) resumes the attempt the first made.
      const attempt = await db.transaction().execute(async (trx) => {
        await lockUser(trx, user.id);
        const started = (await openAttempts(trx, user.id, testId))[mode];
        return started && !isOverdue(started, now) ? started : createAttempt(trx, test, user.id, mode, now);
      });
      return viewOf(attempt, test, user, now);
    },

    /**
     * The short demo of an exam (decisions.md): the first 5 questions of its first practice test against
     * a 30-minute clock. Never saved for anyone, signed in or not.
     */
    async startDemo(examId: string): Promise<{ info: TestInfo; attempt: AttemptView } | Refusal> {
      const first = await db
        .selectFrom('practice_tests')
        .select('id')
        .where('exam_id', '=', examId)
        .orderBy('position')
        .executeTakeFirst();
      const test = first ? await loadTest(first.id) : null;
      if (!test || test.questions.length === 0) return { error: practiceRefusals.examIdNotFound(examId), status: 404 };
      const demo: LoadedTest = {
        ...test,
        info: {
          ...test.info,
          title: `${test.info.examTitle}: Free Demo`,
          timeLimitMinutes: DEMO_MINUTES,
          questionCount: Math.min(DEMO_QUESTIONS, test.questions.length),
        },
        questions: test.questions.slice(0, DEMO_QUESTIONS),
      };
      const now = clock();
      const attempt = await createAttempt(db, demo, null, 'exam', now, { demo: true });
      return { info: demo.info, attempt: await attemptView(db, attempt, demo, now) };
    },

    /**
     * Makes the free tests a browser kept from signed out (decision 0026) the student's who signs in on it:
     * those handed in join their history, and unfinished ones resume as theirs, unless they are already
     * taking the same test in that mode (an exam of theirs whose time has run out does not count). The short demo stays nobody's. Returns how many became theirs.
     */
    async claimKept(userId: string, kept: Kept): Promise<number> {
      if (kept.length === 0) return 0;
      const rows = await db
        .selectFrom('attempts')
        .selectAll()
        .where('id', 'in', [...kept])
        .where('user_id', 'is', null)
        .orderBy('started_at', 'desc')
        .execute();
      // Only what a visitor may take: a free test that is still free (an import may have moved it behind the
      // purchase since), never the short demo.
      const claimable: Attempt[] = [];
      for (const row of rows) if (!isShortDemo(row) && (await loadTest(row.test_id))?.info.isDemo) claimable.push(row);
      if (claimable.length === 0) return 0;
      const now = clock();
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        let claimed = 0;
        for (const row of claimable) {
          // Their own exam whose time has run out is over (the sweep hands it in): it holds nothing back.
          const own =
            row.status === 'in_progress' ? (await openAttempts(trx, userId, row.test_id))[row.mode] : undefined;
          if (own && !isOverdue(own, now)) continue;
          const updated = await trx
            .updateTable('attempts')
            .set({ user_id: userId })
            .where('id', '=', row.id)
            .where('user_id', 'is', null)
            .executeTakeFirst();
          claimed += Number(updated.numUpdatedRows);
        }
        return claimed;
      });
    },

    /** The legacy test list: every test this student may open, exam by exam. */
    async openTests(user: User): Promise<{ id: string; title: string; examTitle: string }[]> {
      const owned = user ? await ownedExamIds(db, user.id, clock()) : [];
      const rows = await db
        .selectFrom('practice_tests')
        .innerJoin('exams', 'exams.id', 'practice_tests.exam_id')
        .select([
          'practice_tests.id',
          'practice_tests.title',
          'practice_tests.display_name',
          'practice_tests.position',
          'practice_tests.exam_id',
          'exams.title as exam_title',
        ])
        .orderBy('exams.title_order')
        .orderBy('practice_tests.position')
        .execute();
      return rows
        .filter((r) => r.position === 1 || owned.includes(r.exam_id))
        .map((r) => ({ id: r.id, title: r.display_name ?? r.title, examTitle: r.exam_title }));
    },

    /** A test's facts for the legacy test details page, and whether this student may take it; null when unknown. */
    async testInfo(
      testId: string,
      user: User,
    ): Promise<{ info: TestInfo; open: boolean; accessEnded: boolean } | null> {
      const test = await loadTest(testId);
      if (!test) return null;
      return { info: test.info, ...(await lockState(test, user, clock())) };
    },

    async change(
      attemptId: string,
      user: User,
      change: { questionId: string; selected?: unknown; flagged?: boolean; check?: boolean },
    ): Promise<{ checked: CheckedAnswer | null } | Refusal> {
      const owned = await ownAttempt(attemptId, user, 'answer');
      if ('error' in owned) return owned;
      const now = clock();
      if (change.check && owned.attempt.mode === 'practice' && (await examRunning(owned.attempt, user, now))) {
        return { error: EXAM_RUNNING, status: 409 };
      }
      return changeAnswer(db, owned.attempt, owned.test, change, now);
    },

    /** The time left of an attempt in progress (decision 0007): the page's clock may have stood still. */
    async timeLeft(attemptId: string, user: User): Promise<{ secondsLeft: number | null } | Refusal> {
      const owned = await ownAttempt(attemptId, user, 'hand-in');
      return 'error' in owned ? owned : timeLeftOf(owned.attempt, clock());
    },

    /**
     * Hands an attempt in. A free test begun signed out and handed in by a student (who signed up or in
     * meanwhile, as its page invites them to) is kept for that student; the short demo is kept for nobody.
     */
    async submit(attemptId: string, user: User): Promise<AttemptResult | Refusal> {
      const owned = await ownAttempt(attemptId, user, 'hand-in');
      if ('error' in owned) return owned;
      const { attempt, test, open, bought } = owned;
      // The result carries the review: a practice attempt's, or any finished one's sent again, not while the
      // same test is being taken in exam mode. Once access has ended, handing in is open to its student to
      // see the result, with its review once; sent again (or handed in by the sweep meanwhile), its figures
      // alone. An attempt begun while the test was free, by a student who never bought it, shows no review.
      const handedIn = attempt.status === 'completed';
      const now = clock();
      if ((handedIn || attempt.mode === 'practice') && (await examRunning(attempt, user, now))) {
        return { error: handedIn ? REVIEW_WAITS : EXAM_RUNNING, status: 409 };
      }
      if (user && attempt.user_id === null && attempt.status === 'in_progress' && !isShortDemo(attempt)) {
        await db
          .updateTable('attempts')
          .set({ user_id: user.id })
          .where('id', '=', attempt.id)
          .where('user_id', 'is', null)
          .where('status', '=', 'in_progress')
          .execute();
      }
      const result = await submitAttempt(db, attempt, test, now);
      // None: an anonymous attempt left a day, which the sweep removed a moment ago.
      if (!result) return { error: attemptMessages.attemptNotFound, status: 404 };
      if (open) return result;
      if (!bought) return withoutReview(result, REVIEW_NOW_PAID);
      return handedIn ? withoutReview(result, REVIEW_ACCESS_ENDED) : result;
    },

    /**
     * One of the student's finished attempts, for its page in their history; null when it is not theirs,
     * not finished, or reset (then it is in no history). Its review shows while the student may open the
     * test, and not while they are taking the same test in exam mode.
     */
    async pastAttempt(attemptId: string, userId: string): Promise<PastAttempt | null> {
      const attempt = attemptId.length <= 40 ? await findAttempt(db, attemptId) : undefined;
      if (!attempt || attempt.user_id !== userId || attempt.status !== 'completed' || attempt.reset) return null;
      const test = await loadTest(attempt.test_id);
      if (!test) return null;
      const result = await resultFor(db, attempt, test);
      const now = clock();
      const student = { id: userId };
      const lock = await lockState(test, student, now);
      const withheld: PastAttempt['withheld'] = !lock.open
        ? { reason: 'access-ended', message: lock.bought ? REVIEW_ACCESS_ENDED : REVIEW_NOW_PAID }
        : (await examRunning(attempt, student, now))
          ? { reason: 'exam-running', message: REVIEW_WAITS }
          : null;
      return {
        info: test.info,
        testName: attempt.test_name,
        submittedAt: attempt.submitted_at ?? attempt.started_at,
        result: withheld ? { ...result, review: [] } : result,
        withheld,
      };
    },

    /** The practice-tests page of an exam: its tests, the student's access and progress. */
    async examProgress(examId: string, user: User): Promise<ExamProgressPage | null> {
      const exam = await findExam(db, examId);
      if (!exam) return null;
      const now = clock();
      const { access, endedAt: accessEnded } = user
        ? await examAccess(db, user.id, examId, now)
        : { access: null, endedAt: null };
      const progress = user ? await examTestProgress(db, user.id, examId) : new Map<string, TestProgress>();
      const running = user ? await openExamAttempts(db, user.id, examId) : [];
      return {
        exam,
        access: access && {
          ...access,
          daysRemaining: daysRemaining(access.expiresAt, now),
        },
        accessEnded,
        progress: Object.fromEntries(progress),
        courseProgress: courseProgress(
          exam.practiceTests.map((t) => t.id),
          progress,
        ),
        averageBestScore: averageBestScore(progress.values()) || null,
        examsGoingOn: running.filter((attempt) => mayFinish(attempt, user, 'answer', now)).map((a) => a.test_id),
      };
    },

    /**
     * Marks every finished attempt of the student reset: they no longer count anywhere. A test still being
     * taken is left alone: it resumes as before and counts once handed in. Returns how many were reset.
     */
    async resetProgress(userId: string): Promise<number> {
      // An exam whose time has run out is over, though the sweep may not have handed it in yet: handed in
      // now, it is reset with the rest instead of turning up graded, and dated before the reset, a minute on.
      const now = clock();
      for (const attempt of await overdueAttempts(db, now, 500, userId)) await handInOverdueAttempt(attempt, now);
      const result = await db
        .updateTable('attempts')
        .set({ reset: 1, reset_at: now.toISOString() })
        .where('user_id', '=', userId)
        .where('status', '=', 'completed')
        .where('reset', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Hands in exam-mode attempts whose time ran out while nobody had the page open, so they count in
     * history and progress without the student coming back. Returns how many were handed in.
     */
    async handInOverdue(limit = 500): Promise<number> {
      const now = clock();
      let handedIn = 0;
      for (const attempt of await overdueAttempts(db, now, limit)) {
        if (await handInOverdueAttempt(attempt, now)) handedIn++;
      }
      return handedIn;
    },

    /**
     * Removes anonymous attempts (begun signed out, and every short demo) once a day has passed since they
     * began and since their last answer: they are shown nowhere, and only their open page could go on with
     * them. One a student hands in after signing up is theirs from then on, never removed. Returns how many went.
     */
    removeOldAnonymousAttempts(limit = ANONYMOUS_ATTEMPTS_PER_SWEEP): Promise<number> {
      return removeOldAnonymousAttempts(db, new Date(clock().getTime() - ANONYMOUS_ATTEMPT_KEPT_MS), limit);
    },
  };
}

export type PracticeService = ReturnType<typeof createPracticeService>;
