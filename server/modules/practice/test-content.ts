import type { Kysely } from 'kysely';
import type { Difficulty } from '../../../shared/content-schema.ts';
import type { Option, TestInfo } from '../../../shared/practice.ts';
import type { Database } from '../../db/schema.ts';
import { RecentlyUsed } from '../../lib/recently-used.ts';
import { catalogueVersion } from '../catalogue/catalogue-version.ts';

/** A question with what only the server may know: its correct options and explanation. */
export interface ServerQuestion {
  id: string;
  text: string;
  code?: string;
  options: Option[];
  correct: string[];
  explanation: string;
  category: string;
}

export interface LoadedTest {
  info: TestInfo;
  position: number;
  shuffleOptions: boolean;
  questions: ServerQuestion[];
}

/** A practice test with its exam's title and every question, in sequence order. */
export async function loadTest(db: Kysely<Database>, testId: string): Promise<LoadedTest | null> {
  const test = await db
    .selectFrom('practice_tests')
    .innerJoin('exams', 'exams.id', 'practice_tests.exam_id')
    .select([
      'practice_tests.id',
      'practice_tests.title',
      'practice_tests.display_name',
      'practice_tests.exam_id',
      'practice_tests.position',
      'practice_tests.time_limit_minutes',
      'practice_tests.passing_score',
      'practice_tests.difficulty',
      'practice_tests.shuffle_options',
      'exams.title as exam_title',
    ])
    .where('practice_tests.id', '=', testId)
    .executeTakeFirst();
  if (!test) return null;
  const rows = await db
    .selectFrom('questions')
    .select(['id', 'text', 'code', 'options_json', 'correct_option_ids_json', 'explanation', 'category'])
    .where('test_id', '=', testId)
    .orderBy('sequence')
    .execute();
  return {
    info: {
      id: test.id,
      title: test.display_name ?? test.title,
      examId: test.exam_id,
      examTitle: test.exam_title,
      timeLimitMinutes: test.time_limit_minutes,
      passingScore: test.passing_score,
      questionCount: rows.length,
      difficulty: test.difficulty as Difficulty,
      isDemo: test.position === 1,
    },
    position: test.position,
    shuffleOptions: test.shuffle_options === 1,
    questions: rows.map((r) => ({
      id: r.id,
      text: r.text,
      ...(r.code !== null && { code: r.code }),
      options: JSON.parse(r.options_json) as Option[],
      correct: JSON.parse(r.correct_option_ids_json) as string[],
      explanation: r.explanation,
      category: r.category,
    })),
  };
}

/** How many loaded tests a process keeps at most: the tests being taken now, not the whole catalogue. */
const TESTS_KEPT = 200;

/**
 * Loaded tests kept in memory while the catalogue's version stays the same (decision 0017): a test and its
 * questions are read and parsed once per content import, not on every answer. The version is read on every
 * use, so the next request after an import from any process sees the new content, as it did when every
 * request read the test. Kept tests are frozen: they are shared by every request that uses them.
 */
export function createTestCache(db: Kysely<Database>) {
  let version: number | null = null;
  const kept = new RecentlyUsed<string, LoadedTest>(TESTS_KEPT);
  return async function cachedTest(testId: string): Promise<LoadedTest | null> {
    const current = await catalogueVersion(db);
    if (current !== version) {
      kept.clear();
      version = current;
    }
    const hit = kept.get(testId);
    if (hit) return hit;
    const test = await loadTest(db, testId);
    // Unknown ids are not kept, and neither is a test read while an import changed the catalogue.
    if (!test || version !== current) return test;
    kept.set(testId, deepFreeze(test));
    return test;
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
