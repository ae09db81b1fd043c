import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptView } from '../../../shared/practice.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices } from '../../testing/services.ts';
import { signUpStudent } from '../../testing/students.ts';
import { importContent } from '../catalogue/content-import.ts';
import { grantAccess } from './access.ts';

describe.each(engines)('student progress on %s', (engine) => {
  let database: DatabaseHandle;
  let now = new Date('2026-05-01T09:00:00.000Z');
  let services: ReturnType<typeof createTestServices>;
  let user: { id: string };

  /** Takes a test: answers the given questions (id → options) and submits, one minute later than the last. */
  async function take(testId: string, mode: 'exam' | 'practice', answers: Record<string, string[]>) {
    now = new Date(now.getTime() + 60_000);
    const attempt = (await services.practice.start(testId, user, mode)) as AttemptView;
    for (const [questionId, selected] of Object.entries(answers))
      await services.practice.change(attempt.id, user, { questionId, selected });
    await services.practice.submit(attempt.id, user);
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await importContent(database.db, [
      contentFixture('exam1', { validityDays: 30, title: 'Alpha Exam' }, 3),
      contentFixture('exam2', { title: 'Beta Exam', passingScore: 60 }, 2),
    ]);
    services = createTestServices(database, { clock: () => now });
    user = await signUpStudent(
      services,
      database,
      { name: 'Pro Gress', email: 'progress@example.com', password: 'watch-me-grow-1' },
      '10.3.3.3',
    );
    await grantAccess(database.db, 'progress@example.com', 'exam1', now);
    // Questions 1 and 2 want 'b'; question 3 wants 'a' and 'c'; all in 'Domain A'.
    await take('exam1-pt1', 'exam', { 'exam1-pt1-q1': ['b'] }); // 33%
    await take('exam1-pt1', 'practice', { 'exam1-pt1-q1': ['b'], 'exam1-pt1-q2': ['b'], 'exam1-pt1-q3': ['a', 'c'] }); // 100%
    await take('exam1-pt2', 'exam', {}); // 0%
    await take('exam2-pt1', 'exam', { 'exam2-pt1-q1': ['b'] }); // 33%, the free demo of exam 2
  });
  afterAll(() => database.close());

  it('fills the dashboard: tests completed, purchased exams with progress, the 3 latest attempts, charts', async () => {
    now = new Date('2026-05-11T09:00:00.000Z');
    const dashboard = await services.practice.progress.dashboard(user.id);
    expect(dashboard.testsCompleted).toBe(3);
    expect(dashboard.purchased).toEqual([
      expect.objectContaining({
        examId: 'exam1',
        title: 'Alpha Exam',
        courseProgress: 67,
        daysRemaining: 20,
        expired: false,
        testCount: 3,
      }),
    ]);
    expect(dashboard.recent.map((a) => [a.testId, a.mode, a.percentage])).toEqual([
      ['exam2-pt1', 'exam', 33],
      ['exam1-pt2', 'exam', 0],
      ['exam1-pt1', 'practice', 100],
    ]);
    const alpha = dashboard.charts.find((c) => c.examId === 'exam1')!;
    expect(alpha.passingScore).toBe(70);
    expect(alpha.scores.map((s) => s.percentage)).toEqual([33, 100, 0]);
    // 1 + 3 + 0 right of 9 questions: unanswered questions count as wrong.
    expect(alpha.domains).toEqual([{ category: 'Domain A', correct: 4, total: 9 }]);
  });

  it('lists the history with its stats, filtered by mode and by exam', async () => {
    const all = await services.practice.progress.history(user.id, { mode: 'all', examId: null, page: 1 });
    expect(all).toMatchObject({ totalAttempts: 4, averageScore: 42, testsPassed: 1, pages: 1 });
    expect(all.exams).toEqual([
      { id: 'exam1', title: 'Alpha Exam' },
      { id: 'exam2', title: 'Beta Exam' },
    ]);
    const exams = await services.practice.progress.history(user.id, { mode: 'exam', examId: null, page: 1 });
    expect(exams).toMatchObject({ totalAttempts: 3, averageScore: 22, testsPassed: 0 });
    const beta = await services.practice.progress.history(user.id, { mode: 'all', examId: 'exam2', page: 1 });
    expect(beta.attempts.map((a) => a.testId)).toEqual(['exam2-pt1']);
    expect(beta).toMatchObject({ totalAttempts: 1, averageScore: 33, testsPassed: 0 });
    // 33%, 100% and 0%; test 1 passed with its 100%. The exams to filter by are all of them still.
    const alpha = await services.practice.progress.history(user.id, { mode: 'all', examId: 'exam1', page: 1 });
    expect(alpha).toMatchObject({ totalAttempts: 3, averageScore: 44, testsPassed: 1 });
    expect(alpha.exams.map((e) => e.id)).toEqual(['exam1', 'exam2']);
    const alphaPractice = await services.practice.progress.history(user.id, {
      mode: 'practice',
      examId: 'exam1',
      page: 1,
    });
    expect(alphaPractice).toMatchObject({ totalAttempts: 1, averageScore: 100, testsPassed: 1 });
  });

  it('pages a long history, 20 attempts a page, newest first', async () => {
    for (let i = 0; i < 18; i++) await take('exam2-pt1', 'practice', {});
    const first = await services.practice.progress.history(user.id, { mode: 'all', examId: null, page: 1 });
    const second = await services.practice.progress.history(user.id, { mode: 'all', examId: null, page: 2 });
    expect(first.pages).toBe(2);
    expect(first.attempts).toHaveLength(20);
    expect(second.attempts).toHaveLength(2);
    expect(second.attempts.at(-1)!.testId).toBe('exam1-pt1');
  });

  it("sends the chart an exam's latest 20 scores only, oldest first, and their domains", async () => {
    await take('exam2-pt1', 'practice', { 'exam2-pt1-q1': ['b'] }); // 33%
    await take('exam2-pt1', 'practice', { 'exam2-pt1-q1': ['b'], 'exam2-pt1-q2': ['b'] }); // 67%
    const [beta] = await services.practice.progress.charts(user.id, ['exam2']);
    // 21 attempts in all: the first (33% in exam mode) is left out.
    expect(beta!.scores).toHaveLength(20);
    expect(beta!.scores.slice(-3).map((s) => s.percentage)).toEqual([0, 33, 67]);
    expect(beta!.scores.filter((s) => s.percentage === 33)).toHaveLength(1);
    // The domains count the same 20 attempts: 18 blank, then 1 and 2 right, of 3 questions each (the first
    // attempt's right answer is left out with it).
    expect(beta!.domains).toEqual([{ category: 'Domain A', correct: 3, total: 60 }]);
  });

  it('gives each test of an exam its attempts, first, best and last score, in the order they were handed in', async () => {
    await take('exam1-pt1', 'exam', { 'exam1-pt1-q1': ['b'], 'exam1-pt1-q2': ['b'] }); // 67%
    // Begun, not handed in: it does not count.
    await services.practice.start('exam1-pt1', user, 'practice');
    const page = await services.practice.examProgress('exam1', user);
    // Test 1 scored 33%, then 100%, then 67%; test 2 once, 0%; test 3 never.
    expect(page?.progress).toEqual({
      'exam1-pt1': { attempts: 3, firstScore: 33, bestScore: 100, lastScore: 67, passed: true },
      'exam1-pt2': { attempts: 1, firstScore: 0, bestScore: 0, lastScore: 0, passed: false },
    });
    expect(page?.courseProgress).toBe(67);
    // The average of best scores above 0 (spec §5): test 2's 0 is left out.
    expect(page?.averageBestScore).toBe(100);
    // Another student's progress on the same exam is their own.
    expect((await services.practice.examProgress('exam1', { id: 'someone-else' }))?.progress).toEqual({});
  });

  it('keeps a test passed when the pass mark is raised afterwards, as its result in the history says', async () => {
    const beta = (testPassMark: number) => {
      const file = contentFixture('exam2', { title: 'Beta Exam', passingScore: 60 }, 2);
      file.practiceTests[0]!.passingScore = testPassMark;
      return file;
    };
    // With a pass mark of 60, 67% passes; then the test's pass mark is raised to 70.
    await importContent(database.db, [beta(60)]);
    await take('exam2-pt1', 'exam', { 'exam2-pt1-q1': ['b'], 'exam2-pt1-q2': ['b'] });
    await importContent(database.db, [beta(70)]);
    const page = await services.practice.examProgress('exam2', user);
    expect(page?.exam.practiceTests[0]).toMatchObject({ id: 'exam2-pt1', passingScore: 70 });
    // Its first attempt, 33%, is the one the suite began with.
    expect(page?.progress['exam2-pt1']).toMatchObject({ firstScore: 33, bestScore: 67, lastScore: 67, passed: true });
    const history = await services.practice.progress.history(user.id, { mode: 'all', examId: 'exam2', page: 1 });
    expect(history.attempts[0]).toMatchObject({ percentage: 67, isPassed: true });
    await importContent(database.db, [contentFixture('exam2', { title: 'Beta Exam', passingScore: 60 }, 2)]);
  });

  it('shows expired access as such, with 0 days left', async () => {
    now = new Date('2026-07-01T00:00:00.000Z');
    expect(await services.practice.progress.purchasedExams(user.id)).toEqual([
      expect.objectContaining({ examId: 'exam1', expired: true, daysRemaining: 0 }),
    ]);
    // The exam's practice-tests page says when it ended (bought 1 May 09:00 for 30 days), not "never bought".
    expect(await services.practice.examProgress('exam1', user)).toMatchObject({
      access: null,
      accessEnded: '2026-05-31T09:00:00.000Z',
    });
    expect(await services.practice.examProgress('exam2', user)).toMatchObject({ access: null, accessEnded: null });
  });

  it('counts nothing once progress is reset', async () => {
    await services.practice.resetProgress(user.id);
    const dashboard = await services.practice.progress.dashboard(user.id);
    expect(dashboard).toMatchObject({ testsCompleted: 0, recent: [], charts: [] });
    expect(await services.practice.progress.history(user.id, { mode: 'all', examId: null, page: 1 })).toMatchObject({
      totalAttempts: 0,
      averageScore: null,
      testsPassed: 0,
      attempts: [],
    });
  });

  it('offers the tests begun and not handed in, latest begun first, without an exam whose time is up', async () => {
    now = new Date('2026-05-11T09:00:00.000Z');
    // An earlier test left a practice attempt open: handed in first.
    const left = (await services.practice.start('exam1-pt1', user, 'practice')) as AttemptView;
    await services.practice.submit(left.id, user);
    expect((await services.practice.progress.dashboard(user.id)).unfinished).toEqual([]);
    const exam = (await services.practice.start('exam2-pt1', user, 'exam')) as AttemptView;
    await services.practice.change(exam.id, user, { questionId: 'exam2-pt1-q2', selected: ['b'] });
    // Flagged without an answer: not answered.
    await services.practice.change(exam.id, user, { questionId: 'exam2-pt1-q3', flagged: true });
    now = new Date('2026-05-11T09:05:30.000Z');
    const practice = (await services.practice.start('exam1-pt1', user, 'practice')) as AttemptView;
    await services.practice.change(practice.id, user, { questionId: 'exam1-pt1-q1', selected: ['b'], check: true });
    await services.practice.change(practice.id, user, { questionId: 'exam1-pt1-q2', selected: ['a'], check: true });

    // 20 minutes from 09:00: 14 and a half left at 09:05:30, shown as 15.
    expect((await services.practice.progress.dashboard(user.id)).unfinished).toEqual([
      {
        id: practice.id,
        testId: 'exam1-pt1',
        testName: 'Practice Test 1',
        examTitle: 'Alpha Exam',
        mode: 'practice',
        answered: 2,
        totalQuestions: 3,
        minutesLeft: null,
      },
      {
        id: exam.id,
        testId: 'exam2-pt1',
        testName: 'Practice Test 1',
        examTitle: 'Beta Exam',
        mode: 'exam',
        answered: 1,
        totalQuestions: 3,
        minutesLeft: 15,
      },
    ]);
    // In the grace after the deadline it is still offered, with a minute; then it is over.
    now = new Date('2026-05-11T09:20:04.000Z');
    expect((await services.practice.progress.dashboard(user.id)).unfinished.map((a) => a.minutesLeft)).toEqual([
      null,
      1,
    ]);
    now = new Date('2026-05-11T09:20:06.000Z');
    expect((await services.practice.progress.dashboard(user.id)).unfinished.map((a) => a.id)).toEqual([practice.id]);
    // A practice attempt of a paid test is offered while access lasts (until 31 May), not once it has ended:
    // going back to it would only hand it in. The free first test's stays.
    const paid = (await services.practice.start('exam1-pt2', user, 'practice')) as AttemptView;
    const offered = async () => (await services.practice.progress.dashboard(user.id)).unfinished.map((a) => a.id);
    expect(await offered()).toEqual([paid.id, practice.id]);
    now = new Date('2026-06-01T09:00:00.000Z');
    expect(await offered()).toEqual([practice.id]);
    // Handed in, it is no longer offered.
    await services.practice.submit(practice.id, user);
    expect((await services.practice.progress.dashboard(user.id)).unfinished).toEqual([]);
  });

  it('counts the days left from the purchase, not from a validity the exam was given later', async () => {
    now = new Date('2026-05-11T09:00:00.000Z');
    // Bought for 30 days; the owner then sells the exam for a year. This purchase still ends after 30 days.
    await importContent(database.db, [contentFixture('exam1', { validityDays: 365, title: 'Alpha Exam' }, 3)]);
    const [exam] = (await services.practice.progress.dashboard(user.id)).purchased;
    expect(exam).toMatchObject({ examId: 'exam1', daysRemaining: 20 });
    expect((await services.practice.examProgress('exam1', user))?.access?.daysRemaining).toBe(20);
    await importContent(database.db, [contentFixture('exam1', { validityDays: 30, title: 'Alpha Exam' }, 3)]);
  });

  it('shows the access that ends last when a shorter grant follows a longer purchase', async () => {
    now = new Date('2026-05-11T09:00:00.000Z');
    const twice = await signUpStudent(
      services,
      database,
      { name: 'Two Purchases', email: 'twice@example.com', password: 'bought-it-twice-2' },
      '10.3.3.4',
    );
    // Access until 9 May 2027 (363 days from now); then support grants the exam's 30 days on top.
    await grantAccess(database.db, 'twice@example.com', 'exam1', new Date('2026-05-09T09:00:00.000Z'));
    await database.db
      .updateTable('purchases')
      .set({ expires_at: '2027-05-09T09:00:00.000Z' })
      .where('user_id', '=', twice.id)
      .execute();
    // A second purchase that ends first (10 June 2026): grants and purchases now start when running access
    // ends, but rows written before they did can be like this.
    const first = await database.db
      .selectFrom('purchases')
      .selectAll()
      .where('user_id', '=', twice.id)
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('purchases')
      .values({
        ...first,
        id: 'shorter-purchase',
        purchase_date: now.toISOString(),
        expires_at: '2026-06-10T09:00:00.000Z',
      })
      .execute();
    const longer = { examId: 'exam1', expiresAt: '2027-05-09T09:00:00.000Z', daysRemaining: 363, expired: false };
    expect(await services.practice.progress.purchasedExams(twice.id)).toEqual([expect.objectContaining(longer)]);
    expect((await services.practice.examProgress('exam1', twice))?.access).toMatchObject({ daysRemaining: 363 });
    now = new Date('2026-07-01T00:00:00.000Z'); // the grant has ended; the purchase has not
    expect(await services.practice.progress.purchasedExams(twice.id)).toEqual([
      expect.objectContaining({ examId: 'exam1', expired: false }),
    ]);
    expect((await services.practice.progress.dashboard(twice.id)).purchased).toHaveLength(1);
  });

  it('offers the exams of the handed-in attempts to filter the history by, each once, in title order', async () => {
    await importContent(database.db, [
      contentFixture('exam0', { title: 'Zulu Exam' }, 1),
      contentFixture('exam3', { title: 'Gamma Exam' }, 1),
    ]);
    const student = await signUpStudent(
      services,
      database,
      { name: 'Many Exams', email: 'filters@example.com', password: 'filter-by-exam-3' },
      '10.3.3.5',
    );
    for (const testId of ['exam0-pt1', 'exam2-pt1', 'exam2-pt1', 'exam1-pt1']) {
      const attempt = (await services.practice.start(testId, student, 'exam')) as AttemptView;
      await services.practice.submit(attempt.id, student);
    }
    // Begun and not handed in: its exam is not one to filter by.
    await services.practice.start('exam3-pt1', student, 'exam');
    const history = await services.practice.progress.history(student.id, { mode: 'all', examId: null, page: 1 });
    expect(history.totalAttempts).toBe(4);
    expect(history.exams).toEqual([
      { id: 'exam1', title: 'Alpha Exam' },
      { id: 'exam2', title: 'Beta Exam' },
      { id: 'exam0', title: 'Zulu Exam' },
    ]);
    expect((await services.practice.progress.history('nobody', { mode: 'all', examId: null, page: 1 })).exams).toEqual(
      [],
    );
  });

  it('orders attempts handed in at the same moment alike everywhere: by id, the last one the latest', async () => {
    const student = await signUpStudent(
      services,
      database,
      { name: 'Same Moment', email: 'same-moment@example.com', password: 'same-moment-1' },
      '10.3.3.6',
    );
    const ids: Record<number, string> = {};
    // The clock stands still: both are handed in at the same millisecond, one at 33%, one at 0%.
    for (const answers of [{ 'exam2-pt1-q1': ['b'] }, {}]) {
      const attempt = (await services.practice.start('exam2-pt1', student, 'practice')) as AttemptView;
      for (const [questionId, selected] of Object.entries(answers))
        await services.practice.change(attempt.id, student, { questionId, selected });
      await services.practice.submit(attempt.id, student);
      ids[Object.keys(answers).length ? 33 : 0] = attempt.id;
    }
    const [earlier, later] = [ids[33]!, ids[0]!].sort();
    const history = await services.practice.progress.history(student.id, { mode: 'all', examId: null, page: 1 });
    expect(history.attempts.map((a) => a.id)).toEqual([later, earlier]);
    const dashboard = await services.practice.progress.dashboard(student.id);
    expect(dashboard.recent.map((a) => a.id)).toEqual([later, earlier]);
    const scoreOf = (id: string) => (id === ids[33] ? 33 : 0);
    expect((await services.practice.examProgress('exam2', student))?.progress['exam2-pt1']).toMatchObject({
      attempts: 2,
      firstScore: scoreOf(earlier!),
      lastScore: scoreOf(later!),
    });
  });
});
