import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AttemptView } from '../../../shared/practice.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices } from '../../testing/services.ts';
import { signUpStudent } from '../../testing/students.ts';
import { view } from '../../testing/attempts.ts';
import { importContent } from '../catalogue/content-import.ts';
import { findAttempt, submitAttempt } from './attempts.ts';
import { attemptMessages } from './messages.ts';
import { ANONYMOUS_ATTEMPT_KEPT_MS } from './service.ts';
import { createTestCache } from './test-content.ts';

const HOUR = 3_600_000;

/**
 * Attempts kept for nobody (begun signed out, and every short demo) are removed by the sweep a day after they
 * began and were last answered (decision 0024); a student's never are, one claimed at hand-in included.
 */
describe.each(engines)('the sweep of anonymous attempts on %s', (engine) => {
  let database: DatabaseHandle;
  let now: Date;
  let services: ReturnType<typeof createTestServices>;
  let student: { id: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await importContent(database.db, [contentFixture('exam1', {}, 1)]);
    services = createTestServices(database, { clock: () => now });
    student = await signUpStudent(
      services,
      database,
      { name: 'Signs Up Later', email: 'later@example.com', password: 'practice-hard-1' },
      '10.3.3.3',
    );
  });
  beforeEach(async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    await database.db.deleteFrom('attempts').execute();
  });
  afterAll(() => database.close());

  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  const stored = async () =>
    (await database.db.selectFrom('attempts').select('id').orderBy('started_at').execute()).map((r) => r.id);
  const answers = async () => (await database.db.selectFrom('attempt_answers').select('attempt_id').execute()).length;
  const demo = async (): Promise<AttemptView> => {
    const started = await services.practice.startDemo('exam1');
    if ('error' in started) throw new Error(started.error);
    return started.attempt;
  };

  it('removes anonymous attempts a day after they began, with their answers, and no student’s', async () => {
    const free = view(await services.practice.start('exam1-pt1', null, 'exam'));
    await services.practice.change(free.id, null, { questionId: 'exam1-pt1-q1', selected: ['b'] });
    const handedIn = view(await services.practice.start('exam1-pt1', null, 'practice'));
    await services.practice.submit(handedIn.id, null);
    await demo(); // nobody's, whoever takes it
    const own = view(await services.practice.start('exam1-pt1', student, 'practice'));
    later(ANONYMOUS_ATTEMPT_KEPT_MS - HOUR);
    const recent = await demo();
    later(HOUR);
    // Exactly a day is not yet over a day.
    expect(await services.practice.removeOldAnonymousAttempts()).toBe(0);
    later(1);
    expect(await services.practice.removeOldAnonymousAttempts()).toBe(3);
    expect(await stored()).toEqual([own.id, recent.id]);
    expect(await answers()).toBe(0);
    later(ANONYMOUS_ATTEMPT_KEPT_MS);
    expect(await services.practice.removeOldAnonymousAttempts()).toBe(1);
    expect(await stored()).toEqual([own.id]);
  });

  it('keeps one still being answered, and one a student signed up to hand in and claimed', async () => {
    // Practice mode has no clock: a visitor may keep its page open and go on answering for more than a day.
    const practising = view(await services.practice.start('exam1-pt1', null, 'practice'));
    const claimed = view(await services.practice.start('exam1-pt1', null, 'practice'));
    later(ANONYMOUS_ATTEMPT_KEPT_MS - HOUR);
    await services.practice.change(practising.id, null, { questionId: 'exam1-pt1-q1', selected: ['b'] });
    later(2 * HOUR);
    expect(await services.practice.submit(claimed.id, student)).toMatchObject({ saved: true });
    expect(await services.practice.removeOldAnonymousAttempts()).toBe(0);
    // A day after its last answer, and the page long gone, it goes; the student's stays for good.
    later(ANONYMOUS_ATTEMPT_KEPT_MS);
    expect(await services.practice.removeOldAnonymousAttempts()).toBe(1);
    expect(await stored()).toEqual([claimed.id]);
    later(365 * 24 * HOUR);
    expect(await services.practice.removeOldAnonymousAttempts()).toBe(0);
  });

  it('removes at most so many in one go, the oldest first', async () => {
    const started: string[] = [];
    for (let i = 0; i < 5; i++) {
      started.push((await demo()).id);
      later(60_000);
    }
    later(ANONYMOUS_ATTEMPT_KEPT_MS);
    expect(await services.practice.removeOldAnonymousAttempts(2)).toBe(2);
    expect(await stored()).toEqual(started.slice(2));
    expect(await services.practice.removeOldAnonymousAttempts()).toBe(3);
    expect(await stored()).toEqual([]);
  });

  it('answers a hand-in or an answer to a removed attempt with "not found", not an error', async () => {
    const left = view(await services.practice.start('exam1-pt1', null, 'practice'));
    const read = (await findAttempt(database.db, left.id))!;
    later(ANONYMOUS_ATTEMPT_KEPT_MS + 1);
    expect(await services.practice.removeOldAnonymousAttempts()).toBe(1);
    // Removed between the hand-in's first read and its grading: nothing to grade, and nothing thrown.
    const test = (await createTestCache(database.db)('exam1-pt1'))!;
    expect(await submitAttempt(database.db, read, test, now)).toBeNull();
    const notFound = { error: attemptMessages.attemptNotFound, status: 404 };
    expect(await services.practice.submit(left.id, student)).toEqual(notFound);
    expect(await services.practice.submit(left.id, null)).toEqual(notFound);
    expect(await services.practice.change(left.id, null, { questionId: 'exam1-pt1-q1', selected: ['b'] })).toEqual(
      notFound,
    );
  });
});
