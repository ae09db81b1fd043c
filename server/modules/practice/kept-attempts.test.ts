import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices } from '../../testing/services.ts';
import { view } from '../../testing/attempts.ts';
import { insertStudent } from '../../testing/students.ts';
import { importContent } from '../catalogue/content-import.ts';

/**
 * The free tests a browser began signed out, named by its kept-tests cookie (decision 0026): they resume on
 * the test page as a student's own do, and become the student's who signs in on that browser.
 */
describe.each(engines)('free tests kept by a browser on %s', (engine) => {
  let database: DatabaseHandle;
  let now: Date;
  let services: ReturnType<typeof createTestServices>;
  let student: { id: string };
  let other: { id: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await importContent(database.db, [contentFixture('exam1', {}, 2)]);
    services = createTestServices(database, { clock: () => now });
    student = await insertStudent(database, [], new Date());
    other = await insertStudent(database, [], new Date());
  });
  beforeEach(async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    await database.db.deleteFrom('attempts').execute();
  });
  afterAll(() => database.close());

  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  const ownerOf = async (id: string) =>
    (await database.db.selectFrom('attempts').select('user_id').where('id', '=', id).executeTakeFirstOrThrow()).user_id;
  const answer = (attemptId: string, questionId: string) =>
    services.practice.change(attemptId, null, { questionId, selected: ['b'] });

  it('resumes a kept unfinished free test, with its answers, on the page and at a start', async () => {
    const begun = view(await services.practice.start('exam1-pt1', null, 'exam'));
    await answer(begun.id, 'exam1-pt1-q1');
    later(60_000);
    const opened = await services.practice.openTest('exam1-pt1', null, 'exam', [begun.id]);
    expect(opened).toMatchObject({ kind: 'ready', result: null, unfinished: [] });
    const resumed = opened.kind === 'ready' ? opened.attempt : null;
    expect(resumed?.id).toBe(begun.id);
    expect(resumed?.questions.find((q) => q.id === 'exam1-pt1-q1')?.selected).toEqual(['b']);
    // The exam's clock kept running: a minute of its 20 has gone.
    expect(resumed?.remainingSeconds).toBe(19 * 60);
    // Its page in the other mode offers it to resume; a start in its own mode resumes it.
    expect(await services.practice.openTest('exam1-pt1', null, 'practice', [begun.id])).toMatchObject({
      kind: 'ready',
      attempt: null,
      unfinished: ['exam'],
    });
    expect(view(await services.practice.start('exam1-pt1', null, 'exam', [begun.id])).id).toBe(begun.id);
    // Without the cookie, as before: a visitor's start is a new attempt.
    expect(view(await services.practice.start('exam1-pt1', null, 'exam')).id).not.toBe(begun.id);
  });

  it('grades a kept exam whose time ran out, and resumes nothing handed in, a student’s or another test’s', async () => {
    const begun = view(await services.practice.start('exam1-pt1', null, 'exam'));
    await answer(begun.id, 'exam1-pt1-q1');
    later(21 * 60_000);
    const opened = await services.practice.openTest('exam1-pt1', null, 'exam', [begun.id]);
    expect(opened).toMatchObject({ kind: 'ready', attempt: null, timeUp: true, result: { score: 1, saved: false } });
    // Handed in now: a start begins a new one.
    expect(view(await services.practice.start('exam1-pt1', null, 'exam', [begun.id])).id).not.toBe(begun.id);

    const own = view(await services.practice.start('exam1-pt1', other, 'practice'));
    expect(await services.practice.openTest('exam1-pt1', null, 'practice', [own.id])).toMatchObject({
      attempt: null,
      unfinished: [],
    });
  });

  it('neither resumes nor gives away a kept test that an import has since put behind the purchase', async () => {
    const begun = view(await services.practice.start('exam1-pt1', null, 'practice'));
    const handedIn = view(await services.practice.start('exam1-pt1', null, 'exam'));
    await services.practice.submit(handedIn.id, null);
    const fixture = contentFixture('exam1', {}, 2);
    await importContent(database.db, [{ ...fixture, practiceTests: [...fixture.practiceTests].reverse() }]);
    try {
      const kept = [begun.id, handedIn.id];
      expect(await services.practice.openTest('exam1-pt1', null, 'practice', kept)).toMatchObject({ kind: 'locked' });
      expect(await services.practice.start('exam1-pt1', null, 'practice', kept)).toMatchObject({ status: 403 });
      // Signed in without a purchase, the student could otherwise read the now paid test's review.
      expect(await services.practice.claimKept(student.id, kept)).toBe(0);
      expect(await ownerOf(begun.id)).toBeNull();
      expect(await ownerOf(handedIn.id)).toBeNull();
    } finally {
      await importContent(database.db, [fixture]);
    }
  });

  it('starts afresh from a kept test whose every question an import replaced', async () => {
    const begun = view(await services.practice.start('exam1-pt1', null, 'exam'));
    const fixture = contentFixture('exam1', {}, 2);
    const replaced = structuredClone(fixture);
    for (const question of replaced.practiceTests[0]!.questions) question.id = `${question.id}-new`;
    await importContent(database.db, [replaced]);
    try {
      expect(await services.practice.openTest('exam1-pt1', null, 'exam', [begun.id])).toMatchObject({
        kind: 'ready',
        attempt: null,
        result: null,
        unfinished: [],
      });
      const fresh = view(await services.practice.start('exam1-pt1', null, 'exam', [begun.id]));
      expect(fresh.id).not.toBe(begun.id);
      expect(fresh.questions.map((q) => q.id)).toEqual(['exam1-pt1-q1-new', 'exam1-pt1-q2-new', 'exam1-pt1-q3-new']);
    } finally {
      await importContent(database.db, [fixture]);
    }
  });

  it('makes the kept tests the student’s who signs in: handed in into their history, unfinished to go on with', async () => {
    const handedIn = view(await services.practice.start('exam1-pt1', null, 'practice'));
    await answer(handedIn.id, 'exam1-pt1-q1');
    expect(await services.practice.submit(handedIn.id, null)).toMatchObject({ saved: false });
    const unfinished = view(await services.practice.start('exam1-pt1', null, 'exam'));
    const demo = await services.practice.startDemo('exam1');
    if ('error' in demo) throw new Error(demo.error);
    const someoneElses = view(await services.practice.start('exam1-pt1', other, 'exam'));

    const kept = [unfinished.id, handedIn.id, demo.attempt.id, someoneElses.id];
    expect(await services.practice.claimKept(student.id, kept)).toBe(2);
    expect(await ownerOf(handedIn.id)).toBe(student.id);
    expect(await ownerOf(unfinished.id)).toBe(student.id);
    // The short demo is kept for nobody, and another student's attempt stays theirs.
    expect(await ownerOf(demo.attempt.id)).toBeNull();
    expect(await ownerOf(someoneElses.id)).toBe(other.id);
    const history = await services.practice.progress.history(student.id, { mode: 'all', examId: null, page: 1 });
    expect(history.attempts.map((a) => a.id)).toEqual([handedIn.id]);
    // The unfinished exam is theirs now: it resumes for them, and the cookie's word no longer counts.
    expect(view(await services.practice.start('exam1-pt1', student, 'exam')).id).toBe(unfinished.id);
    expect(await services.practice.openTest('exam1-pt1', null, 'exam', kept)).toMatchObject({ attempt: null });
    expect(await services.practice.claimKept(other.id, kept)).toBe(0);
  });

  it('leaves a kept unfinished test alone when the student is taking the same test in that mode', async () => {
    const theirs = view(await services.practice.start('exam1-pt1', student, 'exam'));
    const keptExam = view(await services.practice.start('exam1-pt1', null, 'exam'));
    const keptPractice = view(await services.practice.start('exam1-pt1', null, 'practice'));
    later(1000);
    const newerPractice = view(await services.practice.start('exam1-pt1', null, 'practice'));
    expect(await services.practice.claimKept(student.id, [keptExam.id, keptPractice.id, newerPractice.id])).toBe(1);
    // One unfinished attempt per test and mode: their own exam stays the one, and the newest practice joins it.
    expect(await ownerOf(keptExam.id)).toBeNull();
    expect(await ownerOf(keptPractice.id)).toBeNull();
    expect(await ownerOf(newerPractice.id)).toBe(student.id);
    expect(view(await services.practice.start('exam1-pt1', student, 'exam')).id).toBe(theirs.id);
    expect(view(await services.practice.start('exam1-pt1', student, 'practice')).id).toBe(newerPractice.id);
  });

  it('claims a kept running exam over their own exam of that test whose time has run out', async () => {
    const theirs = view(await services.practice.start('exam1-pt1', student, 'exam'));
    later(25 * 60_000); // past their exam's 20 minutes and its grace, not yet handed in by the sweep
    const kept = view(await services.practice.start('exam1-pt1', null, 'exam'));
    expect(await services.practice.claimKept(student.id, [kept.id])).toBe(1);
    expect(await ownerOf(kept.id)).toBe(student.id);
    expect(view(await services.practice.start('exam1-pt1', student, 'exam')).id).toBe(kept.id);
    // Their own is handed in at its deadline, as any exam left to run out.
    expect(await services.practice.handInOverdue()).toBe(1);
    const handedIn = await database.db
      .selectFrom('attempts')
      .select(['status', 'submitted_at', 'deadline_at'])
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(handedIn).toMatchObject({ status: 'completed', submitted_at: handedIn.deadline_at });
  });
});
