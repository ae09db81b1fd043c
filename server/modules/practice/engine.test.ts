import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices } from '../../testing/services.ts';
import { result, view } from '../../testing/attempts.ts';
import { signUpStudent } from '../../testing/students.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { practiceMessages } from '../../../shared/practice-messages.ts';
import { practiceRefusals } from '../../../shared/practice-refusals.ts';
import { raiseCatalogueVersion } from '../catalogue/catalogue-version.ts';
import { importContent } from '../catalogue/content-import.ts';
import { up as repairResetOpenAttempts } from '../../db/migrations/0011-reset-open-attempts.ts';
import { up as dateOverdueAttempts } from '../../db/migrations/0013-overdue-attempts.ts';
import { grantAccess, revokeAccess } from './access.ts';
import { ACCESS_ENDED, EXAM_RUNNING, NOW_PAID, REVIEW_ACCESS_ENDED, REVIEW_NOW_PAID, REVIEW_WAITS } from './service.ts';
import { attemptMessages } from './messages.ts';

describe.each(engines)('the test engine on %s', (engine) => {
  let database: DatabaseHandle;
  let now = new Date('2026-11-21T10:00:00.000Z');
  let services: ReturnType<typeof createTestServices>;
  let student: { id: string };
  let other: { id: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const file = contentFixture('exam1', { validityDays: 30 }, 3);
    file.practiceTests[2]!.shuffleOptions = true;
    await importContent(database.db, [file]);
    services = createTestServices(database, { clock: () => now });
    const password = 'practice-hard-1';
    student = await signUpStudent(
      services,
      database,
      { name: 'S0', email: 'student@example.com', password },
      '10.1.1.0',
    );
    other = await signUpStudent(services, database, { name: 'S1', email: 'other@example.com', password }, '10.1.1.1');
  });
  afterAll(() => database.close());

  /** A student registered through the store, who has bought the exam. */
  async function buyer(email: string, examId: string, ip: string): Promise<{ id: string }> {
    const student = await signUpStudent(services, database, { name: email, email, password: 'practice-hard-1' }, ip);
    await grantAccess(database.db, email, examId, now);
    return student;
  }

  it('opens only the first test to everyone; the others need an active purchase', async () => {
    expect((await services.practice.openTest('exam1-pt1', null, 'exam')).kind).toBe('ready');
    expect((await services.practice.openTest('exam1-pt2', null, 'exam')).kind).toBe('locked');
    expect((await services.practice.openTest('exam1-pt2', student, 'exam')).kind).toBe('locked');
    // Spec §4's sentence to a visitor signed out; a student signed in is asked to buy, not to sign up.
    expect(await services.practice.start('exam1-pt2', null, 'exam')).toEqual({
      error: 'Please sign up to access more practice tests.',
      status: 403,
    });
    expect(await services.practice.start('exam1-pt2', student, 'exam')).toEqual({
      error: 'Buy full access to this exam to take this test.',
      status: 403,
    });
    expect((await services.practice.openTest('nope', student, 'exam')).kind).toBe('not-found');

    expect(await grantAccess(database.db, 'STUDENT@example.com', 'exam1', now)).toEqual({
      ok: true,
      expiresAt: '2026-12-21T10:00:00.000Z',
    });
    expect((await services.practice.openTest('exam1-pt2', student, 'exam')).kind).toBe('ready');
    expect((await services.practice.openTest('exam1-pt2', other, 'exam')).kind).toBe('locked');
  });

  it('never sends a correct answer or explanation before the question is answered for good', async () => {
    const attempt = view(await services.practice.start('exam1-pt1', student, 'practice'));
    const sent = JSON.stringify(attempt);
    expect(sent).not.toContain('Because.');
    expect(sent).not.toMatch(/correct/i);
    expect(attempt.questions[2]).toMatchObject({ choose: 2, checked: null, selected: [] });

    const checked = await services.practice.change(attempt.id, student, {
      questionId: 'exam1-pt1-q1',
      selected: ['b'],
      check: true,
    });
    expect(checked).toEqual({ checked: { correct: true, correctOptionIds: ['b'], explanation: 'Because.' } });
    const resumed = await services.practice.openTest('exam1-pt1', student, 'practice');
    if (resumed.kind !== 'ready' || !resumed.attempt) throw new Error('expected the attempt to resume');
    expect(resumed.attempt.questions[0]!.checked).not.toBeNull();
    expect(JSON.stringify(resumed.attempt.questions.slice(1))).not.toContain('Because.');
    // Checked answers are locked.
    expect(
      await services.practice.change(attempt.id, student, { questionId: 'exam1-pt1-q1', selected: ['a'] }),
    ).toMatchObject({ status: 409 });
  });

  it('grades on the server: "choose two" needs both, unanswered questions count as wrong', async () => {
    const attempt = view(await services.practice.start('exam1-pt1', student, 'exam'));
    expect(attempt.remainingSeconds).toBe(20 * 60);
    await services.practice.change(attempt.id, student, { questionId: 'exam1-pt1-q1', selected: ['b'] });
    await services.practice.change(attempt.id, student, { questionId: 'exam1-pt1-q3', selected: ['a'] });
    expect(
      await services.practice.change(attempt.id, student, { questionId: 'exam1-pt1-q2', selected: ['a', 'b'] }),
    ).toMatchObject({ status: 400 });
    expect(
      await services.practice.change(attempt.id, student, { questionId: 'exam1-pt1-q2', selected: ['z'] }),
    ).toMatchObject({ status: 400 });
    const r = result(await services.practice.submit(attempt.id, student));
    expect(r).toMatchObject({
      score: 1,
      totalQuestions: 3,
      answeredQuestions: 2,
      percentage: 33,
      isPassed: false,
      passingScore: 70,
      saved: true,
    });
    expect(r.review.map((q) => [q.id, q.correct, q.correctOptionIds])).toEqual([
      ['exam1-pt1-q1', true, ['b']],
      ['exam1-pt1-q2', false, ['b']],
      ['exam1-pt1-q3', false, ['a', 'c']],
    ]);
    // Submitting again changes nothing.
    expect(result(await services.practice.submit(attempt.id, student))).toEqual(r);
    expect(
      await services.practice.change(attempt.id, student, { questionId: 'exam1-pt1-q2', selected: ['b'] }),
    ).toMatchObject({ status: 409 });
  });

  it('keeps the server deadline: late answers do not count, and an overdue attempt is submitted on return', async () => {
    const attempt = view(await services.practice.start('exam1-pt1', student, 'exam'));
    await services.practice.change(attempt.id, student, { questionId: 'exam1-pt1-q1', selected: ['b'] });
    now = new Date(now.getTime() + 20 * 60_000 + 4_000); // within the 5-second grace
    expect(
      await services.practice.change(attempt.id, student, { questionId: 'exam1-pt1-q2', selected: ['b'] }),
    ).toEqual({ checked: null });
    now = new Date(now.getTime() + 2_000); // past it
    expect(
      await services.practice.change(attempt.id, student, { questionId: 'exam1-pt1-q3', selected: ['a', 'c'] }),
    ).toMatchObject({
      status: 409,
    });
    const back = await services.practice.openTest('exam1-pt1', student, 'exam');
    if (back.kind !== 'ready' || !back.result) throw new Error('expected the overdue attempt to be graded');
    expect(back.result).toMatchObject({ score: 2, answeredQuestions: 2, timeSpentSeconds: 1200 });
    expect(back.timeUp).toBe(true);
    // Opened again, the start screen recalls it, and that its time ran out.
    expect(await services.practice.openTest('exam1-pt1', student, 'exam')).toMatchObject({
      result: null,
      last: { id: attempt.id, percentage: 67, passed: false, timeRanOut: true },
    });
  });

  it('checks a "choose two" answer in practice mode only once both are chosen', async () => {
    const picker = await buyer('picker@example.com', 'exam1', '10.1.1.41');
    const attempt = view(await services.practice.start('exam1-pt2', picker, 'practice'));
    const q3 = 'exam1-pt2-q3';
    expect(
      await services.practice.change(attempt.id, picker, { questionId: q3, selected: ['a'], check: true }),
    ).toEqual({
      error: 'Choose two: select both before checking.',
      status: 400,
    });
    await services.practice.change(attempt.id, picker, { questionId: q3, selected: ['c'] });
    expect(await services.practice.change(attempt.id, picker, { questionId: q3, check: true })).toMatchObject({
      status: 400,
    });
    // Refused, the question is still open: both answers can be chosen and checked.
    expect(
      await services.practice.change(attempt.id, picker, { questionId: q3, selected: ['a', 'c'], check: true }),
    ).toMatchObject({ checked: { correct: true, correctOptionIds: ['a', 'c'] } });
    // Exam mode takes a partial answer as it is: answered, and graded wrong.
    const exam = view(await services.practice.start('exam1-pt2', picker, 'exam'));
    expect(await services.practice.change(exam.id, picker, { questionId: q3, selected: ['a'] })).toEqual({
      checked: null,
    });
    const graded = result(await services.practice.submit(exam.id, picker));
    expect(graded).toMatchObject({ answeredQuestions: 1, score: 0 });
    expect(graded.review.find((item) => item.id === q3)).toMatchObject({ correct: false, selected: ['a'] });
  });

  it("counts an exam the page's clock handed in at zero as one whose time ran out", async () => {
    const timed = await buyer('timed@example.com', 'exam1', '10.1.1.45');
    const exam = view(await services.practice.start('exam1-pt2', timed, 'exam'));
    const started = now;
    // The page is told its time left in whole seconds, so its zero can come a moment before the deadline.
    now = new Date(started.getTime() + 20 * 60_000 - 400);
    try {
      expect(result(await services.practice.submit(exam.id, timed))).toMatchObject({ timeSpentSeconds: 1200 });
      expect(await services.practice.openTest('exam1-pt2', timed, 'exam')).toMatchObject({
        last: { id: exam.id, timeRanOut: true },
      });
    } finally {
      now = started;
    }
  });

  it('tells a page its time left, and that its attempt has ended: by the clock, or handed in elsewhere', async () => {
    const waker = await buyer('waker@example.com', 'exam1', '10.1.1.46');
    const exam = view(await services.practice.start('exam1-pt1', waker, 'exam'));
    const started = now;
    try {
      expect(await services.practice.timeLeft(exam.id, waker)).toEqual({ secondsLeft: 20 * 60 });
      // A phone asleep for a while: the server's clock ran on.
      now = new Date(started.getTime() + 5 * 60_000 + 400);
      expect(await services.practice.timeLeft(exam.id, waker)).toEqual({ secondsLeft: 15 * 60 });
      expect(await services.practice.timeLeft(exam.id, other)).toMatchObject({ status: 404 });
      // Asleep past the deadline and its grace: an answer is refused, and the page told to hand in.
      now = new Date(started.getTime() + 20 * 60_000 + 6_000);
      expect(await services.practice.timeLeft(exam.id, waker)).toEqual({ secondsLeft: 0 });
      const late = { questionId: 'exam1-pt1-q1', selected: ['b'] };
      const timeUp = { error: attemptMessages.timeUp, status: 409, ended: 'time-up' };
      expect(await services.practice.change(exam.id, waker, late)).toEqual(timeUp);
      // A flag too: the review shows what was flagged in time, as it shows the answers given in time.
      const lateFlag = { questionId: 'exam1-pt1-q2', flagged: true };
      expect(await services.practice.change(exam.id, waker, lateFlag)).toEqual(timeUp);
      // Handed in meanwhile (by the store, or in another tab), dated at its deadline: still its time that ran out.
      const handedIn = result(await services.practice.submit(exam.id, waker));
      expect(handedIn).toMatchObject({ timeSpentSeconds: 20 * 60 });
      expect(handedIn.review.find((q) => q.id === 'exam1-pt1-q2')).toMatchObject({ flagged: false });
      const closed = { error: attemptMessages.attemptClosed, status: 409, ended: 'time-up' };
      expect(await services.practice.timeLeft(exam.id, waker)).toEqual(closed);
      expect(await services.practice.change(exam.id, waker, late)).toEqual(closed);
      expect(await services.practice.change(exam.id, waker, { questionId: 'exam1-pt1-q1', flagged: true })).toEqual(
        closed,
      );

      // Handed in early, in another tab: ended, but not by the clock.
      now = started;
      const early = view(await services.practice.start('exam1-pt2', waker, 'exam'));
      result(await services.practice.submit(early.id, waker));
      expect(await services.practice.change(early.id, waker, late)).toMatchObject({ ended: 'handed-in' });
      expect(await services.practice.timeLeft(early.id, waker)).toMatchObject({ ended: 'handed-in' });
      // Practice mode has no clock; an answer it refuses for another reason does not end it.
      const practice = view(await services.practice.start('exam1-pt1', waker, 'practice'));
      expect(await services.practice.timeLeft(practice.id, waker)).toEqual({ secondsLeft: null });
      const wrongQuestion = { questionId: 'exam1-pt2-q1', selected: ['a'] };
      expect(await services.practice.change(practice.id, waker, wrongQuestion)).not.toHaveProperty('ended');
    } finally {
      now = started;
    }
  });

  it('lists on the practice-tests page the tests the student is taking in exam mode, while time is left', async () => {
    const taker = await buyer('taker@example.com', 'exam1', '10.1.1.44');
    await services.practice.start('exam1-pt2', taker, 'practice');
    expect(await services.practice.examProgress('exam1', taker)).toMatchObject({ examsGoingOn: [] });
    await services.practice.start('exam1-pt2', taker, 'exam');
    expect(await services.practice.examProgress('exam1', taker)).toMatchObject({ examsGoingOn: ['exam1-pt2'] });
    expect(await services.practice.examProgress('exam1', other)).toMatchObject({ examsGoingOn: [] });
    const started = now;
    now = new Date(started.getTime() + 21 * 60_000); // its 20 minutes are up
    try {
      expect(await services.practice.examProgress('exam1', taker)).toMatchObject({ examsGoingOn: [] });
    } finally {
      now = started;
    }
  });

  it("recalls the student's latest finished attempt of a test on its start screen, and nobody else's", async () => {
    const recaller = await buyer('recaller@example.com', 'exam1', '10.1.1.42');
    expect(await services.practice.openTest('exam1-pt2', recaller, 'exam')).toMatchObject({ last: null });
    const first = view(await services.practice.start('exam1-pt2', recaller, 'practice'));
    await services.practice.change(first.id, recaller, { questionId: 'exam1-pt2-q1', selected: ['b'], check: true });
    result(await services.practice.submit(first.id, recaller));
    now = new Date(now.getTime() + 60_000);
    const second = view(await services.practice.start('exam1-pt2', recaller, 'exam'));
    for (const [questionId, selected] of [
      ['exam1-pt2-q1', ['b']],
      ['exam1-pt2-q2', ['b']],
      ['exam1-pt2-q3', ['a', 'c']],
    ] as const) {
      await services.practice.change(second.id, recaller, { questionId, selected: [...selected] });
    }
    result(await services.practice.submit(second.id, recaller));
    expect(await services.practice.openTest('exam1-pt2', recaller, 'exam')).toMatchObject({
      last: { id: second.id, percentage: 100, passed: true, timeRanOut: false },
    });
    // Another test of the exam, another student, a visitor: nothing to recall.
    expect(await services.practice.openTest('exam1-pt1', recaller, 'exam')).toMatchObject({ last: null });
    const stranger = await buyer('stranger@example.com', 'exam1', '10.1.1.43');
    expect(await services.practice.openTest('exam1-pt2', stranger, 'exam')).toMatchObject({ last: null });
    expect(await services.practice.openTest('exam1-pt1', null, 'exam')).toMatchObject({ last: null });
    // A reset forgets it.
    await services.practice.resetProgress(recaller.id);
    expect(await services.practice.openTest('exam1-pt2', recaller, 'exam')).toMatchObject({ last: null });
  });

  it('tells a student whose access ran out, and only them, that it has ended when a test is locked', async () => {
    const lapsed = await buyer('lapsed@example.com', 'exam1', '10.1.1.21');
    // Its year ran out (a purchase revoked by support is not "ended": it was taken back).
    await database.db
      .updateTable('purchases')
      .set({ expires_at: new Date(now.getTime() - 60_000).toISOString() })
      .where('user_id', '=', lapsed.id)
      .execute();
    expect(await services.practice.openTest('exam1-pt2', lapsed, 'exam')).toMatchObject({
      kind: 'locked',
      accessEnded: true,
    });
    expect(await services.practice.testInfo('exam1-pt2', lapsed)).toMatchObject({ open: false, accessEnded: true });
    // Never bought, or signed out: locked, nothing ended.
    expect(await services.practice.openTest('exam1-pt2', other, 'exam')).toMatchObject({
      kind: 'locked',
      accessEnded: false,
    });
    expect(await services.practice.testInfo('exam1-pt2', null)).toMatchObject({ open: false, accessEnded: false });
    // Starting (or Retry on a result) says the same: not an invitation to sign up to someone who has.
    expect(await services.practice.start('exam1-pt2', lapsed, 'exam')).toEqual({
      error: practiceRefusals.accessRanOut,
      status: 403,
    });
    expect(await services.practice.start('exam1-pt2', null, 'exam')).toEqual({
      error: practiceRefusals.signUpForMore,
      status: 403,
    });
  });

  it('access ending during an exam: its practice attempt waits, unreviewed, until the exam is over, and the practice address leads to the exam', async () => {
    const late = await buyer('ended-mid-exam@example.com', 'exam1', '10.1.1.22');
    const practice = view(await services.practice.start('exam1-pt2', late, 'practice'));
    const exam = view(await services.practice.start('exam1-pt2', late, 'exam'));
    // Access ends with the exam's clock still running.
    await database.db
      .updateTable('purchases')
      .set({ expires_at: new Date(now.getTime() + 60_000).toISOString() })
      .where('user_id', '=', late.id)
      .execute();
    const started = now;
    now = new Date(started.getTime() + 2 * 60_000);
    try {
      const opened = await services.practice.openTest('exam1-pt2', late, 'practice');
      expect(opened).toMatchObject({ kind: 'locked', accessEnded: true, examGoesOn: true });
      // The practice-tests page, every other test locked now, still leads back to the exam under way.
      expect(await services.practice.examProgress('exam1', late)).toMatchObject({
        access: null,
        examsGoingOn: ['exam1-pt2'],
      });
      expect(JSON.stringify(opened)).not.toContain('Because.');
      expect(await services.practice.openTest('exam1-pt2', late, 'exam')).toMatchObject({
        kind: 'ready',
        attempt: { id: exam.id },
      });
      // The start screen's "Resume Exam Mode" resumes it too; practice mode stays locked.
      expect(await services.practice.start('exam1-pt2', late, 'exam')).toMatchObject({ id: exam.id });
      expect(await services.practice.start('exam1-pt2', late, 'practice')).toEqual({
        error: practiceRefusals.accessRanOut,
        status: 403,
      });
      expect(await services.practice.change(exam.id, late, { questionId: 'exam1-pt2-q1', selected: ['b'] })).toEqual({
        checked: null,
      });
      // The exam handed in, the practice attempt is handed in on the next visit, with its review.
      result(await services.practice.submit(exam.id, late));
      const after = await services.practice.openTest('exam1-pt2', late, 'practice');
      if (after.kind !== 'ready' || !after.result) throw new Error('expected the practice attempt handed in');
      expect(after.result.attemptId).toBe(practice.id);
      expect(await services.practice.openTest('exam1-pt2', late, 'practice')).toMatchObject({
        kind: 'locked',
        examGoesOn: false,
      });
      expect(await services.practice.examProgress('exam1', late)).toMatchObject({ examsGoingOn: [] });
    } finally {
      now = started;
    }
  });

  it('counts a practice attempt put aside for days as half an hour of its time, and an exam by its clock', async () => {
    const pauser = await buyer('pauser@example.com', 'exam1', '10.1.1.20');
    const started = now;
    const attempt = view(await services.practice.start('exam1-pt2', pauser, 'practice'));
    const at = (minutes: number) => (now = new Date(started.getTime() + minutes * 60_000));
    at(2);
    await services.practice.change(attempt.id, pauser, { questionId: 'exam1-pt2-q1', selected: ['b'], check: true });
    at(3 * 24 * 60); // three days away
    await services.practice.change(attempt.id, pauser, { questionId: 'exam1-pt2-q2', selected: ['b'], check: true });
    at(3 * 24 * 60 + 1);
    const practice = result(await services.practice.submit(attempt.id, pauser));
    // 2 minutes, the pause counted as 30, then 1 minute.
    expect(practice.timeSpentSeconds).toBe((2 + 30 + 1) * 60);

    const exam = view(await services.practice.start('exam1-pt2', pauser, 'exam'));
    at(3 * 24 * 60 + 1 + 19);
    const timed = result(await services.practice.submit(exam.id, pauser));
    expect(timed.timeSpentSeconds).toBe(19 * 60);
  });

  it('grades an answer stored after the deadline as not given, and keeps the ones given in time', async () => {
    // Taken signed out, so no student's progress changes.
    const attempt = view(await services.practice.start('exam1-pt1', null, 'exam'));
    for (const questionId of ['exam1-pt1-q1', 'exam1-pt1-q2']) {
      await services.practice.change(attempt.id, null, { questionId, selected: ['b'] });
    }
    // As if written late by a request the deadline check did not stop: 20 minutes and 6 seconds after the start.
    const late = new Date(now.getTime() + 20 * 60_000 + 6_000).toISOString();
    await database.db
      .updateTable('attempt_answers')
      .set({ answered_at: late })
      .where('attempt_id', '=', attempt.id)
      .where('question_id', '=', 'exam1-pt1-q2')
      .execute();
    const result = await services.practice.submit(attempt.id, null);
    if ('error' in result) throw new Error(result.error);
    expect(result).toMatchObject({ score: 1, answeredQuestions: 1 });
    expect(result.review.map((q) => [q.id, q.selected, q.correct])).toEqual([
      ['exam1-pt1-q1', ['b'], true],
      ['exam1-pt1-q2', [], false],
      ['exam1-pt1-q3', [], false],
    ]);
  });

  it('resumes an unfinished attempt with its answers, flags and remaining time', async () => {
    const attempt = view(await services.practice.start('exam1-pt2', student, 'exam'));
    await services.practice.change(attempt.id, student, { questionId: 'exam1-pt2-q2', selected: ['a'], flagged: true });
    now = new Date(now.getTime() + 5 * 60_000);
    const back = await services.practice.openTest('exam1-pt2', student, 'exam');
    if (back.kind !== 'ready' || !back.attempt) throw new Error('expected the attempt to resume');
    expect(back.attempt.id).toBe(attempt.id);
    expect(back.attempt.remainingSeconds).toBe(15 * 60);
    expect(back.attempt.questions[1]).toMatchObject({ selected: ['a'], flagged: true, checked: null });
  });

  it('never hands in an unfinished attempt when a mode is started: each mode keeps and resumes its own', async () => {
    const exam = view(await services.practice.start('exam1-pt2', student, 'exam'));
    await services.practice.change(exam.id, student, { questionId: 'exam1-pt2-q1', selected: ['b'] });
    // The start screen of the other mode offers the unfinished exam-mode attempt to resume.
    expect(await services.practice.openTest('exam1-pt2', student, 'practice')).toMatchObject({
      kind: 'ready',
      attempt: null,
      result: null,
      unfinished: ['exam'],
    });
    const practice = view(await services.practice.start('exam1-pt2', student, 'practice'));
    expect(practice.id).not.toBe(exam.id);
    expect(practice.remainingSeconds).toBeNull();
    // Starting exam mode again resumes the same attempt, its answer and its clock, rather than grading it.
    now = new Date(now.getTime() + 60_000);
    const again = view(await services.practice.start('exam1-pt2', student, 'exam'));
    expect(again.id).toBe(exam.id);
    expect(again.remainingSeconds).toBe(exam.remainingSeconds! - 60);
    expect(again.questions[0]).toMatchObject({ selected: ['b'], checked: null });
    expect(JSON.stringify(again)).not.toContain('Because.');
    expect(view(await services.practice.start('exam1-pt2', student, 'practice')).id).toBe(practice.id);
    const rows = await database.db
      .selectFrom('attempts')
      .select(['id', 'status'])
      .where('id', 'in', [exam.id, practice.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['in_progress', 'in_progress']);
    expect((await services.practice.examProgress('exam1', student))?.progress['exam1-pt2']).toBeUndefined();
  });

  it("keeps one student out of another student's attempt", async () => {
    const attempt = view(await services.practice.start('exam1-pt1', student, 'exam'));
    expect(
      await services.practice.change(attempt.id, other, { questionId: 'exam1-pt1-q1', selected: ['b'] }),
    ).toMatchObject({ status: 404 });
    // Signed out (in another tab, or the session ended): told to sign in again, and nothing is handed in.
    expect(await services.practice.submit(attempt.id, null)).toEqual({
      error: attemptMessages.signedOut,
      status: 401,
    });
    const resumed = await services.practice.openTest('exam1-pt1', student, 'exam');
    expect(resumed.kind === 'ready' && resumed.attempt?.id).toBe(attempt.id);
  });

  it('lets an anonymous visitor take the demo without keeping anything for them', async () => {
    const attempt = view(await services.practice.start('exam1-pt1', null, 'exam'));
    await services.practice.change(attempt.id, null, { questionId: 'exam1-pt1-q1', selected: ['b'] });
    const r = result(await services.practice.submit(attempt.id, null));
    expect(r).toMatchObject({ score: 1, saved: false });
    expect(await services.practice.start('exam1-pt2', null, 'exam')).toMatchObject({ status: 403 });
  });

  it('keeps the short demo for nobody, and a free test begun signed out for the student who hands it in', async () => {
    const demo = await services.practice.startDemo('exam1');
    if ('error' in demo) throw new Error(demo.error);
    const first = demo.attempt.questions[0]!;
    expect(
      await services.practice.change(demo.attempt.id, student, { questionId: first.id, selected: ['b'] }),
    ).not.toHaveProperty('error');
    expect(result(await services.practice.submit(demo.attempt.id, student))).toMatchObject({
      score: 1,
      saved: false,
    });

    // Begun signed out, then the visitor signs up in another tab (as the page invites) and hands it in.
    const begun = view(await services.practice.start('exam1-pt1', null, 'exam'));
    await services.practice.change(begun.id, null, { questionId: 'exam1-pt1-q1', selected: ['b'] });
    expect(result(await services.practice.submit(begun.id, other))).toMatchObject({ score: 1, saved: true });
    const owners = async (id: string) =>
      (await database.db.selectFrom('attempts').select('user_id').where('id', '=', id).executeTakeFirstOrThrow())
        .user_id;
    expect(await owners(demo.attempt.id)).toBeNull();
    expect(await owners(begun.id)).toBe(other.id);
    const claimed = await database.db
      .selectFrom('attempts')
      .select(['status', 'reset'])
      .where('id', '=', begun.id)
      .executeTakeFirstOrThrow();
    expect(claimed).toEqual({ status: 'completed', reset: 0 });
    // Handed in already: asking again changes nothing, and the visitor keeps no claim on it.
    expect(result(await services.practice.submit(begun.id, other))).toMatchObject({ score: 1, saved: true });
    expect(await services.practice.submit(begun.id, null)).toMatchObject({ status: 401 });
  });

  it('shuffles options per attempt where the test says so, and shows them in the same order on return', async () => {
    const orders = new Set<string>();
    let last = '';
    for (let i = 0; i < 12; i++) {
      const attempt = view(await services.practice.start('exam1-pt3', student, 'practice'));
      last = attempt.questions.map((q) => q.options.map((o) => o.id).join('')).join('|');
      orders.add(last);
      // Retry after a result: each attempt but the last is handed in before the next starts.
      if (i < 11) result(await services.practice.submit(attempt.id, student));
    }
    expect(orders.size).toBeGreaterThan(1);
    const back = await services.practice.openTest('exam1-pt3', student, 'practice');
    if (back.kind !== 'ready' || !back.attempt) throw new Error('expected the attempt to resume');
    expect([...orders]).toContain(back.attempt.questions.map((q) => q.options.map((o) => o.id).join('')).join('|'));
    expect(back.attempt.questions.map((q) => q.options.map((o) => o.id).join('')).join('|')).toBe(last);
  });

  it('builds the practice-tests page from finished, not-reset attempts; reset leaves none', async () => {
    const page = await services.practice.examProgress('exam1', student);
    expect(page?.access).toMatchObject({ purchaseDate: '2026-11-21T10:00:00.000Z' });
    // Finished exam-mode attempts of test 1 above scored 33% then 67%; the practice one is still open.
    expect(page?.progress['exam1-pt1']).toEqual({
      attempts: 2,
      firstScore: 33,
      bestScore: 67,
      lastScore: 67,
      passed: false,
    });
    // Test 3 has finished attempts (each handed in before its Retry); test 2's attempts are still open.
    expect(page?.progress['exam1-pt2']).toBeUndefined();
    expect(page?.courseProgress).toBe(67);
    // Test 3's attempts were handed in unanswered: a best of 0 leaves the average (spec §5), not 34.
    expect(page?.progress['exam1-pt3']?.bestScore).toBe(0);
    expect(page?.averageBestScore).toBe(67);
    expect(await services.practice.resetProgress(student.id)).toBeGreaterThan(0);
    const after = await services.practice.examProgress('exam1', student);
    expect(after?.progress).toEqual({});
    expect(after?.courseProgress).toBe(0);
    expect(after?.averageBestScore).toBeNull();
    expect((await services.practice.examProgress('exam1', null))?.access).toBeNull();
  });

  it('resets finished attempts only: a test being taken resumes after a reset and counts once handed in', async () => {
    // The exam-mode attempt left open above is handed in (the practice one stays open, as before).
    const finished = view(await services.practice.start('exam1-pt1', student, 'exam'));
    result(await services.practice.submit(finished.id, student));
    const taking = view(await services.practice.start('exam1-pt1', student, 'exam'));
    await services.practice.change(taking.id, student, { questionId: 'exam1-pt1-q1', selected: ['b'] });

    expect(await services.practice.resetProgress(student.id)).toBe(1);
    const flags = await database.db
      .selectFrom('attempts')
      .select(['status', 'reset'])
      .where('user_id', '=', student.id)
      .distinct()
      .orderBy('status')
      .execute();
    expect(flags).toEqual([
      { status: 'completed', reset: 1 },
      { status: 'in_progress', reset: 0 },
    ]);
    expect((await services.practice.examProgress('exam1', student))?.progress).toEqual({});

    const back = await services.practice.openTest('exam1-pt1', student, 'exam');
    if (back.kind !== 'ready' || !back.attempt) throw new Error('expected the attempt to resume');
    expect(back.attempt.id).toBe(taking.id);
    expect(back.attempt.questions[0]!.selected).toEqual(['b']);
    expect(result(await services.practice.submit(taking.id, student))).toMatchObject({ percentage: 33, saved: true });

    const page = await services.practice.examProgress('exam1', student);
    expect(page?.progress).toEqual({
      'exam1-pt1': { attempts: 1, firstScore: 33, bestScore: 33, lastScore: 33, passed: false },
    });
    const history = await services.practice.progress.history(student.id, { mode: 'all', examId: null, page: 1 });
    expect(history.attempts.map((a) => [a.testId, a.mode, a.percentage])).toEqual([['exam1-pt1', 'exam', 33]]);
    expect((await services.practice.progress.dashboard(student.id)).testsCompleted).toBe(1);
  });

  it('gives back the tests in progress that an earlier reset flagged, and only those', async () => {
    const taking = view(await services.practice.start('exam1-pt1', student, 'exam'));
    const flagged = { reset: 1, reset_at: now.toISOString() };
    await database.db.updateTable('attempts').set(flagged).where('id', '=', taking.id).execute();
    await database.db.updateTable('attempts').set(flagged).where('user_id', '=', student.id).execute();
    await repairResetOpenAttempts(database.db);
    const rows = await database.db
      .selectFrom('attempts')
      .select(['status', 'reset', 'reset_at'])
      .where('user_id', '=', student.id)
      .distinct()
      .orderBy('status')
      .execute();
    expect(rows).toEqual([
      { status: 'completed', reset: 1, reset_at: now.toISOString() },
      { status: 'in_progress', reset: 0, reset_at: null },
    ]);
    result(await services.practice.submit(taking.id, student));
    expect((await services.practice.examProgress('exam1', student))?.progress['exam1-pt1']).toMatchObject({
      attempts: 1,
    });
  });

  it('grades an exam-mode attempt found overdue when the mode is started again, then starts a new one', async () => {
    const open = view(await services.practice.start('exam1-pt2', student, 'exam'));
    now = new Date(now.getTime() + 21 * 60_000);
    const fresh = view(await services.practice.start('exam1-pt2', student, 'exam'));
    expect(fresh.id).not.toBe(open.id);
    expect(fresh.remainingSeconds).toBe(20 * 60);
    const graded = await database.db
      .selectFrom('attempts')
      .select(['status', 'score'])
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(graded).toEqual({ status: 'completed', score: 1 });
  });

  it('hands in an attempt whose time ran out with nobody on the page, dated when its time ran out', async () => {
    const away = await buyer('away@example.com', 'exam1', '10.1.1.40');
    const exam = view(await services.practice.start('exam1-pt2', away, 'exam'));
    await services.practice.change(exam.id, away, { questionId: 'exam1-pt2-q1', selected: ['b'] });
    const practice = view(await services.practice.start('exam1-pt2', away, 'practice'));
    const deadline = new Date(now.getTime() + 20 * 60_000).toISOString();
    now = new Date(now.getTime() + 19 * 60_000);
    const running = view(await services.practice.start('exam1-pt1', away, 'exam'));
    now = new Date(now.getTime() + 3 * 24 * 3_600_000); // three days later, the page never opened again
    expect(await services.practice.handInOverdue()).toBeGreaterThanOrEqual(2);
    const rows = await database.db
      .selectFrom('attempts')
      .select(['id', 'status', 'score', 'submitted_at', 'time_spent_seconds'])
      .where('user_id', '=', away.id)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(exam.id)).toMatchObject({
      status: 'completed',
      score: 1,
      submitted_at: deadline,
      time_spent_seconds: 1200,
    });
    // Practice mode has no deadline; exam mode of pt1 started 19 minutes in, so it too ran out days ago.
    expect(byId.get(practice.id)).toMatchObject({ status: 'in_progress', submitted_at: null });
    expect(byId.get(running.id)).toMatchObject({ status: 'completed' });
    expect(await services.practice.handInOverdue()).toBe(0);
    const history = await services.practice.progress.history(away.id, { mode: 'all', examId: null, page: 1 });
    expect(history.attempts.map((a) => [a.testId, a.submittedAt])).toEqual([
      ['exam1-pt1', new Date(new Date(deadline).getTime() + 19 * 60_000).toISOString()],
      ['exam1-pt2', deadline],
    ]);
  });

  it('leaves an exam-mode attempt with time left, and dates at their deadline those graded late before', async () => {
    const student2 = await buyer('late@example.com', 'exam1', '10.1.1.41');
    const open = view(await services.practice.start('exam1-pt2', student2, 'exam'));
    now = new Date(now.getTime() + 19 * 60_000);
    expect(await services.practice.handInOverdue()).toBe(0);
    const attempt = await database.db
      .selectFrom('attempts')
      .select(['status', 'deadline_at'])
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(attempt.status).toBe('in_progress');
    // As graded before the sweep: handed in when the student came back, a day after its deadline.
    const dayLate = new Date(new Date(attempt.deadline_at!).getTime() + 24 * 3_600_000).toISOString();
    await database.db
      .updateTable('attempts')
      .set({ status: 'completed', submitted_at: dayLate, percentage: 0, score: 0 })
      .where('id', '=', open.id)
      .execute();
    await dateOverdueAttempts(database.db);
    const dated = await database.db
      .selectFrom('attempts')
      .select('submitted_at')
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(dated.submitted_at).toBe(attempt.deadline_at);
  });

  it("judges a pass by the test's own passing score, not a fixed one", async () => {
    const file = contentFixture('exam60', {}, 1);
    file.practiceTests[0]!.passingScore = 60;
    await importContent(database.db, [file]);
    const attempt = view(await services.practice.start('exam60-pt1', student, 'exam'));
    for (const questionId of ['exam60-pt1-q1', 'exam60-pt1-q2'])
      await services.practice.change(attempt.id, student, { questionId, selected: ['b'] });
    // 2 of 3 is 67%: a pass at 60, a fail at the default 70.
    expect(result(await services.practice.submit(attempt.id, student))).toMatchObject({
      percentage: 67,
      passingScore: 60,
      isPassed: true,
    });
  });

  it('an attempt begun before access ran out can be finished: an exam until its time is up, any one handed in', async () => {
    const ending = await buyer('ending@example.com', 'exam1', '10.1.1.42'); // 30 days from now
    now = new Date(now.getTime() + 30 * 24 * 3_600_000 - 10 * 60_000); // 10 minutes of access left
    const exam = view(await services.practice.start('exam1-pt2', ending, 'exam'));
    const practice = view(await services.practice.start('exam1-pt3', ending, 'practice'));
    now = new Date(now.getTime() + 11 * 60_000); // access ended a minute ago
    expect(await services.practice.start('exam1-pt3', ending, 'exam')).toMatchObject({ status: 403 });
    expect(await services.practice.change(exam.id, ending, { questionId: 'exam1-pt2-q1', selected: ['b'] })).toEqual({
      checked: null,
    });
    expect(
      await services.practice.change(practice.id, ending, { questionId: 'exam1-pt3-q1', selected: ['b'], check: true }),
    ).toEqual({ error: ACCESS_ENDED, status: 403 });
    // Back on the practice test's page, the attempt is handed in and its result shown.
    const back = await services.practice.openTest('exam1-pt3', ending, 'practice');
    expect(back).toMatchObject({ kind: 'ready', attempt: null, result: { attemptId: practice.id, saved: true } });
    expect(result(await services.practice.submit(exam.id, ending))).toMatchObject({ score: 1, saved: true });
    expect((await services.practice.openTest('exam1-pt2', ending, 'exam')).kind).toBe('locked');
  });

  it('an attempt begun while its test was free shows its figures, not its questions, once an import makes the test paid', async () => {
    const taker = await signUpStudent(
      services,
      database,
      { name: 'Free Taker', email: 'free-taker@example.com', password: 'practice-hard-1' },
      '10.1.1.43',
    );
    const practice = view(await services.practice.start('exam1-pt1', taker, 'practice'));
    await services.practice.change(practice.id, taker, { questionId: 'exam1-pt1-q1', selected: ['b'], check: true });
    const done = view(await services.practice.start('exam1-pt1', taker, 'exam'));
    const doneResult = result(await services.practice.submit(done.id, taker));
    const exam = view(await services.practice.start('exam1-pt1', taker, 'exam'));
    await services.practice.change(exam.id, taker, { questionId: 'exam1-pt1-q1', selected: ['b'] });

    // The exam's tests in the other order: its first test is now the third, and this one needs the purchase.
    const file = contentFixture('exam1', { validityDays: 30 }, 3);
    file.practiceTests[2]!.shuffleOptions = true;
    await importContent(database.db, [{ ...file, practiceTests: [...file.practiceTests].reverse() }]);
    try {
      // Practice goes no further: the student never bought the exam, so nothing of theirs has "ended".
      const check = { questionId: 'exam1-pt1-q2', selected: ['b'], check: true };
      expect(await services.practice.change(practice.id, taker, check)).toEqual({ error: NOW_PAID, status: 403 });
      const withheld = { review: [], reviewWithheld: REVIEW_NOW_PAID };
      const examResult = result(await services.practice.submit(exam.id, taker));
      expect(examResult).toMatchObject({ attemptId: exam.id, score: 1, ...withheld });
      const opened = await services.practice.openTest('exam1-pt1', taker, 'practice');
      expect(opened).toMatchObject({ kind: 'ready', result: { attemptId: practice.id, score: 1, ...withheld } });
      expect(result(await services.practice.submit(done.id, taker))).toEqual({ ...doneResult, ...withheld });
      const past = await services.practice.pastAttempt(done.id, taker.id);
      expect(past).toMatchObject({ withheld: { message: REVIEW_NOW_PAID }, result: { review: [] } });
      expect(JSON.stringify([examResult, opened, past])).not.toContain('Because.');
    } finally {
      await importContent(database.db, [file]);
    }
  });

  it('says so when a test has no questions', async () => {
    await database.db.deleteFrom('questions').where('test_id', '=', 'exam1-pt1').execute();
    // Content changes only through an import, which raises the catalogue's version as this does.
    await raiseCatalogueVersion(database.db, now.toISOString());
    expect((await services.practice.openTest('exam1-pt1', null, 'exam')).kind).toBe('empty');
    expect(await services.practice.start('exam1-pt1', null, 'exam')).toEqual({
      error: 'No questions found for this practice test',
      status: 404,
    });
  });

  it('ends access when it is revoked or expires', async () => {
    await revokeAccess(database.db, 'student@example.com', 'exam1', now);
    expect((await services.practice.openTest('exam1-pt2', student, 'exam')).kind).toBe('locked');
    await grantAccess(database.db, 'student@example.com', 'exam1', now);
    expect((await services.cart.add(student.id, 'exam1')).result).toBe('owned');
    now = new Date(now.getTime() + 31 * 24 * 60 * 60_000);
    expect((await services.practice.openTest('exam1-pt2', student, 'exam')).kind).toBe('locked');
    // Run out, it can be bought again.
    expect((await services.cart.add(student.id, 'exam1')).result).toBe('added');
    await services.cart.remove(student.id, 'exam1');
  });

  it('a grant on running access adds its days after it ends; a revoke ends running access only', async () => {
    await importContent(database.db, [contentFixture('exam9', { validityDays: 30 }, 2)]);
    const grantee = await buyer('stacked@example.com', 'exam9', '10.1.1.24');
    const DAY = 24 * 60 * 60_000;
    expect(await grantAccess(database.db, 'stacked@example.com', 'exam9', now)).toEqual({
      ok: true,
      expiresAt: new Date(now.getTime() + 60 * DAY).toISOString(),
    });
    const started = now;
    now = new Date(started.getTime() + 61 * DAY);
    try {
      // Nothing runs any more: nothing to revoke, and the page still says when access ended.
      expect(await revokeAccess(database.db, 'stacked@example.com', 'exam9', now)).toBe(0);
      expect(await services.practice.openTest('exam9-pt2', grantee, 'exam')).toMatchObject({
        kind: 'locked',
        accessEnded: true,
      });
    } finally {
      now = started;
    }
  });

  it('an option the catalogue removes is no longer shown as chosen in an attempt in progress', async () => {
    const file = contentFixture('exam3', {}, 1);
    await importContent(database.db, [file]);
    const attempt = view(await services.practice.start('exam3-pt1', student, 'practice'));
    await services.practice.change(attempt.id, student, { questionId: 'exam3-pt1-q1', selected: ['c'] });
    file.practiceTests[0]!.questions[0]!.options = file.practiceTests[0]!.questions[0]!.options.filter(
      (o) => o.id !== 'c',
    );
    await importContent(database.db, [file]);
    const resumed = await services.practice.openTest('exam3-pt1', student, 'practice');
    if (resumed.kind !== 'ready' || !resumed.attempt) throw new Error('expected the attempt to resume');
    expect(resumed.attempt.questions[0]).toMatchObject({ selected: [], checked: null });
    // Checking without a new choice asks for one, as for a question never answered.
    expect(await services.practice.change(attempt.id, student, { questionId: 'exam3-pt1-q1', check: true })).toEqual({
      error: practiceMessages.selectAnswer,
      status: 400,
    });
  });

  it('an option the catalogue adds is shown in an attempt in progress and in its review', async () => {
    const file = contentFixture('exam4', {}, 1);
    await importContent(database.db, [file]);
    const attempt = view(await services.practice.start('exam4-pt1', student, 'exam'));
    const question = file.practiceTests[0]!.questions[0]!;
    question.options = [...question.options, { id: 'd', text: 'Four' }];
    question.correct = ['d'];
    await importContent(database.db, [file]);
    const resumed = await services.practice.openTest('exam4-pt1', student, 'exam');
    if (resumed.kind !== 'ready' || !resumed.attempt) throw new Error('expected the attempt to resume');
    expect(resumed.attempt.questions[0]!.options.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd']);
    await services.practice.change(attempt.id, student, { questionId: 'exam4-pt1-q1', selected: ['d'] });
    const graded = result(await services.practice.submit(attempt.id, student));
    expect(graded.score).toBe(1);
    expect(graded.review[0]!.options.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('an unfinished attempt whose questions the catalogue all replaced is dropped, and the test starts afresh', async () => {
    const file = contentFixture('exam5', {}, 1);
    await importContent(database.db, [file]);
    const practice = view(await services.practice.start('exam5-pt1', student, 'practice'));
    const exam = view(await services.practice.start('exam5-pt1', student, 'exam'));
    await services.practice.change(practice.id, student, { questionId: 'exam5-pt1-q1', selected: ['b'] });
    for (const question of file.practiceTests[0]!.questions) question.id = `${question.id}-new`;
    await importContent(database.db, [file]);

    expect(await services.practice.openTest('exam5-pt1', student, 'practice')).toMatchObject({
      kind: 'ready',
      attempt: null,
      result: null,
      unfinished: [],
    });
    const again = view(await services.practice.start('exam5-pt1', student, 'practice'));
    expect(again.id).not.toBe(practice.id);
    expect(again.questions.map((q) => q.id)).toEqual(['exam5-pt1-q1-new', 'exam5-pt1-q2-new', 'exam5-pt1-q3-new']);
    const left = await database.db
      .selectFrom('attempts')
      .select('id')
      .where('id', 'in', [practice.id, exam.id])
      .execute();
    expect(left).toEqual([]);
    expect(
      await database.db
        .selectFrom('attempt_answers')
        .select('question_id')
        .where('attempt_id', '=', practice.id)
        .execute(),
    ).toEqual([]);
  });

  it('the sweep drops an overdue exam attempt whose questions were all replaced instead of grading it 0 of 0', async () => {
    const file = contentFixture('exam6', {}, 1);
    await importContent(database.db, [file]);
    const exam = view(await services.practice.start('exam6-pt1', student, 'exam'));
    for (const question of file.practiceTests[0]!.questions) question.id = `${question.id}-new`;
    await importContent(database.db, [file]);
    const started = now;
    now = new Date(now.getTime() + 24 * 60 * 60_000);
    try {
      await services.practice.handInOverdue();
      expect(await database.db.selectFrom('attempts').select('id').where('id', '=', exam.id).execute()).toEqual([]);
    } finally {
      now = started;
    }
  });

  it('answers to questions the catalogue removed during the attempt count nowhere once it is handed in', async () => {
    const file = contentFixture('exam7', {}, 1);
    file.practiceTests[0]!.questions[1]!.category = 'Domain B';
    await importContent(database.db, [file]);
    const attempt = view(await services.practice.start('exam7-pt1', student, 'practice'));
    for (const questionId of ['exam7-pt1-q1', 'exam7-pt1-q2']) {
      await services.practice.change(attempt.id, student, { questionId, selected: ['b'], check: true });
    }
    file.practiceTests[0]!.questions.splice(1, 1);
    await importContent(database.db, [file]);
    const graded = result(await services.practice.submit(attempt.id, student));
    expect(graded).toMatchObject({ score: 1, totalQuestions: 2 });
    const [chart] = await services.practice.progress.charts(student.id, ['exam7']);
    expect(chart!.domains).toEqual([{ category: 'Domain A', correct: 1, total: 2 }]);
  });

  it('a reset right after an exam ran out of time, before the sweep came by, resets that exam too', async () => {
    await importContent(database.db, [contentFixture('exam8', {}, 1)]);
    const resetter = await buyer('reset-after-time@example.com', 'exam8', '10.1.1.23');
    const exam = view(await services.practice.start('exam8-pt1', resetter, 'exam'));
    await services.practice.change(exam.id, resetter, { questionId: 'exam8-pt1-q1', selected: ['b'] });
    const started = now;
    now = new Date(started.getTime() + 21 * 60_000); // 20 minutes and the grace are over
    try {
      await services.practice.resetProgress(resetter.id);
      expect(await services.practice.handInOverdue()).toBe(0);
      const dashboard = await services.practice.progress.dashboard(resetter.id);
      expect(dashboard).toMatchObject({ testsCompleted: 0, recent: [] });
      const row = await database.db
        .selectFrom('attempts')
        .select(['status', 'reset', 'submitted_at'])
        .where('id', '=', exam.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'completed', reset: 1 });
    } finally {
      now = started;
    }
  });

  it('shows no answer in practice mode while the same test runs in exam mode for the student', async () => {
    const both = await buyer('both@example.com', 'exam1', '10.1.1.7');
    const exam = view(await services.practice.start('exam1-pt2', both, 'exam'));
    const practice = view(await services.practice.start('exam1-pt2', both, 'practice'));
    const running = { error: EXAM_RUNNING, status: 409 };
    const check = () =>
      services.practice.change(practice.id, both, { questionId: 'exam1-pt2-q1', selected: ['b'], check: true });
    expect(await check()).toEqual(running);
    expect(await services.practice.submit(practice.id, both)).toEqual(running);
    // Choosing without checking, and flagging, show nothing and are taken.
    expect(
      await services.practice.change(practice.id, both, { questionId: 'exam1-pt2-q2', selected: ['a'], flagged: true }),
    ).toEqual({ checked: null });
    // Another test, or the exam attempt itself, is not held back.
    const pt3 = view(await services.practice.start('exam1-pt3', both, 'practice'));
    expect(
      await services.practice.change(pt3.id, both, { questionId: pt3.questions[0]!.id, selected: ['a'], check: true }),
    ).toMatchObject({ checked: { explanation: 'Because.' } });

    // Handed in, the exam attempt no longer holds practice mode back.
    result(await services.practice.submit(exam.id, both));
    expect(await check()).toMatchObject({ checked: { correct: true, explanation: 'Because.' } });

    // An exam attempt whose time has run out holds nothing back either.
    view(await services.practice.start('exam1-pt2', both, 'exam'));
    const q2 = { questionId: pt3.questions[1]!.id, selected: ['b'], check: true };
    view(await services.practice.start('exam1-pt3', both, 'exam'));
    expect(await services.practice.change(pt3.id, both, q2)).toEqual(running);
    const started = now;
    now = new Date(now.getTime() + 21 * 60_000);
    try {
      expect(result(await services.practice.submit(practice.id, both)).review.length).toBeGreaterThan(0);
      expect(await services.practice.change(pt3.id, both, q2)).toMatchObject({ checked: { explanation: 'Because.' } });
    } finally {
      now = started;
    }
  });

  it('hides the answers checked in practice mode before an exam of the same test began, until it ends', async () => {
    const early = await buyer('early@example.com', 'exam1', '10.1.1.10');
    const practice = view(await services.practice.start('exam1-pt2', early, 'practice'));
    const first = practice.questions[0]!;
    await services.practice.change(practice.id, early, { questionId: first.id, selected: ['b'], check: true });
    const exam = view(await services.practice.start('exam1-pt2', early, 'exam'));

    // Resumed while the exam runs, by its page or by a start: the choice shows, its correction does not.
    const resumed = view(await services.practice.start('exam1-pt2', early, 'practice'));
    expect(resumed.id).toBe(practice.id);
    expect(resumed.questions[0]).toMatchObject({ id: first.id, selected: ['b'], checked: null });
    expect(JSON.stringify(resumed)).not.toContain('Because.');
    const page = await services.practice.openTest('exam1-pt2', early, 'practice');
    expect(page.kind === 'ready' && page.attempt?.questions[0]?.checked).toBeNull();
    expect(JSON.stringify(page)).not.toContain('Because.');
    // The exam itself shows its own questions as ever.
    expect(view(await services.practice.start('exam1-pt2', early, 'exam')).id).toBe(exam.id);

    // While it runs, checking that answer again is refused as any check is.
    const again = { questionId: first.id, selected: ['b'], check: true };
    expect(await services.practice.change(practice.id, early, again)).toEqual({ error: EXAM_RUNNING, status: 409 });

    // Handed in, the exam no longer holds them back: the page still open gets the correction by checking
    // the same answer again; another answer stays refused.
    result(await services.practice.submit(exam.id, early));
    expect(await services.practice.change(practice.id, early, again)).toEqual({
      checked: { correct: true, correctOptionIds: ['b'], explanation: 'Because.' },
    });
    expect(await services.practice.change(practice.id, early, { ...again, selected: ['a'] })).toEqual({
      error: attemptMessages.answerLocked,
      status: 409,
    });
    expect(view(await services.practice.start('exam1-pt2', early, 'practice')).questions[0]?.checked).toMatchObject({
      correct: true,
      explanation: 'Because.',
    });
  });

  it('shows a finished attempt again to its student alone, with its review while they may open the test', async () => {
    const reader = await buyer('reader@example.com', 'exam1', '10.1.1.8');
    const practice = view(await services.practice.start('exam1-pt2', reader, 'practice'));
    const first = practice.questions[0]!;
    await services.practice.change(practice.id, reader, { questionId: first.id, selected: ['b'], check: true });
    await services.practice.change(practice.id, reader, { questionId: practice.questions[2]!.id, flagged: true });
    const handedIn = result(await services.practice.submit(practice.id, reader));
    // The flag a question was given while the test ran stays with it in the review.
    expect(handedIn.review.map((item) => item.flagged)).toEqual([false, false, true]);

    const past = await services.practice.pastAttempt(practice.id, reader.id);
    expect(past).toMatchObject({ testName: 'Practice Test 2', info: { id: 'exam1-pt2' }, withheld: null });
    expect(past!.result).toEqual(handedIn);
    expect(past!.result.review.map((item) => item.explanation)).toContain('Because.');

    // Nobody else's, and never an attempt still being taken.
    expect(await services.practice.pastAttempt(practice.id, other.id)).toBeNull();
    const open = view(await services.practice.start('exam1-pt3', reader, 'practice'));
    expect(await services.practice.pastAttempt(open.id, reader.id)).toBeNull();
    expect(await services.practice.pastAttempt('no-such-attempt', reader.id)).toBeNull();

    // While the student takes the same test in exam mode, the figures stay and no answer is sent: not on
    // the page, nor by handing the finished attempt in again.
    const exam = view(await services.practice.start('exam1-pt2', reader, 'exam'));
    const waiting = await services.practice.pastAttempt(practice.id, reader.id);
    expect(waiting).toMatchObject({
      withheld: { reason: 'exam-running', message: REVIEW_WAITS },
      result: { percentage: handedIn.percentage, byCategory: handedIn.byCategory, review: [] },
    });
    expect(JSON.stringify(waiting)).not.toContain('Because.');
    expect(await services.practice.submit(practice.id, reader)).toEqual({ error: REVIEW_WAITS, status: 409 });
    const examResult = result(await services.practice.submit(exam.id, reader));
    expect((await services.practice.pastAttempt(practice.id, reader.id))!.withheld).toBeNull();
    expect(result(await services.practice.submit(exam.id, reader))).toEqual(examResult);
    // A finished exam is held back by the next exam of the same test in the same way.
    const again = view(await services.practice.start('exam1-pt2', reader, 'exam'));
    expect(await services.practice.submit(exam.id, reader)).toEqual({ error: REVIEW_WAITS, status: 409 });
    result(await services.practice.submit(again.id, reader));

    // Access over: the figures, not the questions, on the page or by handing the attempt in again.
    await revokeAccess(database.db, 'reader@example.com', 'exam1', now);
    expect(await services.practice.pastAttempt(practice.id, reader.id)).toMatchObject({
      withheld: { reason: 'access-ended', message: REVIEW_ACCESS_ENDED },
      result: { review: [] },
    });
    // Handed in again (as by a page that woke after the sweep handed its exam in): the figures and why.
    expect(result(await services.practice.submit(practice.id, reader))).toEqual({
      ...handedIn,
      review: [],
      reviewWithheld: REVIEW_ACCESS_ENDED,
    });

    // A reset attempt is in no history any more.
    await services.practice.resetProgress(reader.id);
    expect(await services.practice.pastAttempt(exam.id, reader.id)).toBeNull();
  });

  describe('one attempt, many requests at once', () => {
    let racer: { id: string };
    beforeAll(async () => {
      await importContent(database.db, [contentFixture('exam2', {}, 3)]);
      racer = await buyer('racer@example.com', 'exam2', '10.1.1.9');
    });

    it('a checked answer stays locked when flags of the same question arrive with the check', async () => {
      for (let round = 0; round < 8; round++) {
        const attempt = view(await services.practice.start('exam2-pt1', racer, 'practice'));
        for (const q of attempt.questions) {
          await Promise.all([
            services.practice.change(attempt.id, racer, {
              questionId: q.id,
              selected: q.choose === 1 ? ['b'] : ['a', 'b'],
              check: true,
            }),
            ...Array.from({ length: 3 }, () =>
              services.practice.change(attempt.id, racer, { questionId: q.id, flagged: true }),
            ),
          ]);
          // The correct answer has been shown: answering again must be refused, whatever the flags did.
          expect(
            await services.practice.change(attempt.id, racer, { questionId: q.id, selected: ['a'], check: true }),
          ).toEqual({ error: attemptMessages.answerLocked, status: 409 });
        }
        result(await services.practice.submit(attempt.id, racer));
      }
    });

    it('an answer racing the hand-in is either graded or refused, never stored after grading', async () => {
      for (let round = 0; round < 8; round++) {
        const attempt = view(await services.practice.start('exam2-pt2', racer, 'exam'));
        await services.practice.change(attempt.id, racer, { questionId: 'exam2-pt2-q1', selected: ['a'] });
        const [late, graded] = await Promise.all([
          services.practice.change(attempt.id, racer, { questionId: 'exam2-pt2-q1', selected: ['b'] }),
          services.practice.submit(attempt.id, racer),
        ]);
        const stored = result(await services.practice.submit(attempt.id, racer));
        expect(stored.score).toBe(result(graded).score);
        const q1 = stored.review.find((r) => r.id === 'exam2-pt2-q1')!;
        // What the review shows as chosen is what was graded.
        expect(q1.correct).toBe(q1.selected.length === 1 && q1.selected[0] === 'b');
        if ('error' in late)
          expect(late).toEqual({ error: attemptMessages.attemptClosed, status: 409, ended: 'handed-in' });
        else expect(q1.selected).toEqual(['b']);
      }
    });

    it('two starts of the same test at once make one attempt', async () => {
      const [first, second] = await Promise.all([
        services.practice.start('exam2-pt3', racer, 'exam'),
        services.practice.start('exam2-pt3', racer, 'exam'),
      ]);
      expect(view(first).id).toBe(view(second).id);
      const open = await database.db
        .selectFrom('attempts')
        .select('id')
        .where('user_id', '=', racer.id)
        .where('test_id', '=', 'exam2-pt3')
        .where('status', '=', 'in_progress')
        .execute();
      expect(open).toHaveLength(1);
    });
  });
});
