import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices } from '../../testing/services.ts';
import { importContent } from '../catalogue/content-import.ts';
import { createTestCache } from './test-content.ts';

describe.each(engines)('tests kept in memory on %s', (engine) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await importContent(database.db, [contentFixture('cache1', {}, 2)]);
  });
  afterAll(() => database.close());

  it('reads a test once while the catalogue stays the same, and shares it frozen', async () => {
    const cachedTest = createTestCache(database.db);
    const first = await cachedTest('cache1-pt2');
    expect(first?.questions.map((q) => q.id)).toEqual(['cache1-pt2-q1', 'cache1-pt2-q2', 'cache1-pt2-q3']);
    expect(await cachedTest('cache1-pt2')).toBe(first);
    expect(() => first!.questions[0]!.options.push({ id: 'z', text: 'Extra' })).toThrow(TypeError);
    expect(() => {
      first!.questions[0]!.correct[0] = 'a';
    }).toThrow(TypeError);
    expect(await cachedTest('no-such-test')).toBeNull();
  });

  it('reads a test again after an import, from any process, changed the catalogue', async () => {
    const cachedTest = createTestCache(database.db);
    const before = await cachedTest('cache1-pt1');
    const changed = contentFixture('cache1', {}, 1);
    changed.practiceTests[0]!.questions[0]!.options[0]!.text = 'One, reworded';
    await importContent(database.db, [changed]);
    const after = await cachedTest('cache1-pt1');
    expect(after).not.toBe(before);
    expect(after?.questions[0]?.options[0]?.text).toBe('One, reworded');
    // The import removed the second test, which no student had taken.
    expect(await cachedTest('cache1-pt2')).toBeNull();
  });

  it('refuses an answer naming an option an import has just removed', async () => {
    const services = createTestServices(database);
    await importContent(database.db, [contentFixture('cache2', {}, 1)]);
    const started = await services.practice.start('cache2-pt1', null, 'practice');
    if ('error' in started) throw new Error(started.error);
    const change = { questionId: 'cache2-pt1-q3', selected: ['a', 'c'] };
    expect(await services.practice.change(started.id, null, change)).toEqual({ checked: null });

    const withoutC = contentFixture('cache2', {}, 1);
    const question = withoutC.practiceTests[0]!.questions[2]!;
    question.options = question.options.filter((o) => o.id !== 'c');
    question.correct = ['a'];
    await importContent(database.db, [withoutC]);
    expect(await services.practice.change(started.id, null, change)).toMatchObject({ status: 400 });
    expect(await services.practice.change(started.id, null, { ...change, selected: ['a'] })).toEqual({
      checked: null,
    });
  });
});
