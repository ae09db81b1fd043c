import { describe, expect, it } from 'vitest';
import { contentFileSchema } from '../../../shared/content-schema.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { importContent } from './content-import.ts';

describe('an exam’s price in a content file', () => {
  it('is at least 50 cents, the smallest card payment', () => {
    expect(contentFixture('cheap', { priceCents: 50 }).exam.priceCents).toBe(50);
    expect(() => contentFixture('cheaper', { priceCents: 49 })).toThrow(
      /must be at least 50 cents, the smallest card payment/,
    );
    expect(() => contentFixture('free', { priceCents: 0 })).toThrow(/smallest card payment/);
  });
});

describe('numbers and dates in a content file', () => {
  it('fit the columns of both databases (PostgreSQL refuses what SQLite would store)', () => {
    expect(() => contentFixture('big', { popularity: 3_000_000_000 })).toThrow(/popularity/);
    expect(() => contentFixture('long', { createdAt: '2026-01-01T00:00:00.00000000000000Z' })).toThrow(
      /must be at most 30 characters/,
    );
    expect(
      contentFixture('fine', { popularity: 2_147_483_647, createdAt: '2026-01-01T00:00:00Z' }).exam.popularity,
    ).toBe(2_147_483_647);
  });
});

/** A file whose one test holds `count` questions, and a text to put in the first. */
function fileWithQuestions(count: number, text = 'Question?') {
  const file = contentFixture('huge', {}, 1);
  const [question] = file.practiceTests[0]!.questions;
  file.practiceTests[0]!.questions = Array.from({ length: count }, (_, q) => ({
    ...question!,
    id: `huge-q${q + 1}`,
    text: q === 0 ? text : question!.text,
  }));
  return file;
}

describe('the sizes a content file may have', () => {
  it('are those of real exams, each refused past its limit with the place and the limit', () => {
    expect(contentFileSchema.safeParse(fileWithQuestions(500)).success).toBe(true);
    const tooLong = contentFileSchema.safeParse(fileWithQuestions(501));
    expect(tooLong.error?.issues).toMatchObject([
      { path: ['practiceTests', 0, 'questions'], message: 'must hold at most 500 questions' },
    ]);
    const file = contentFixture('many', {}, 1);
    const tests = Array.from({ length: 51 }, (_, t) => ({
      ...file.practiceTests[0]!,
      id: `many-pt${t}`,
      questions: file.practiceTests[0]!.questions.map((q) => ({ ...q, id: `many-pt${t}-${q.id}` })),
    }));
    expect(contentFileSchema.safeParse({ ...file, practiceTests: tests }).error?.issues[0]?.message).toBe(
      'must hold at most 50 practice tests',
    );
    const review = { user: 'Dana K.', date: '2026-05-02', rating: 5, comment: 'Spot on.' };
    expect(() => contentFixture('talked', { reviews: Array.from({ length: 201 }, () => review) })).toThrow(
      /must hold at most 200 reviews/,
    );
  });

  it('hold only text both databases store: no NUL (PostgreSQL refuses it), no broken character', () => {
    for (const bad of ['Nul\u0000here?', 'Half \ud800 a character?', 'Other half \udc00?']) {
      expect(contentFileSchema.safeParse(fileWithQuestions(1, bad)).error?.issues).toMatchObject([
        {
          path: ['practiceTests', 0, 'questions', 0, 'text'],
          message: 'must not contain a NUL character or a broken character (a lone UTF-16 surrogate)',
        },
      ]);
    }
    // A character outside the first plane is two halves that belong together: fine.
    expect(contentFileSchema.safeParse(fileWithQuestions(1, 'Which is faster, 🐢 or 🐇?')).success).toBe(true);
    const code = fileWithQuestions(1);
    code.practiceTests[0]!.questions[0]!.code = 'print("\u0000")';
    expect(contentFileSchema.safeParse(code).success).toBe(false);
  });
});

describe.each(engines)('the largest test a file may hold, on %s', (engine) => {
  it('imports in one go', async () => {
    const database = await createTestDatabase(engine);
    try {
      const report = await importContent(database.db, [fileWithQuestions(500)]);
      expect(report.exams.added).toBe(1);
      const stored = await database.db
        .selectFrom('questions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.count)).toBe(500);
    } finally {
      await database.close();
    }
  });
});
