import type { Kysely } from 'kysely';
import type { Difficulty } from '../../../shared/content-schema.ts';
import type { Option, TestInfo } from '../../../shared/practice.ts';
import type { Database } from '../../db/schema.ts';

/** A question with what only the server may know: its correct options and explanation. */
export interface ServerQuestion {
  id: string;
  text: string;
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
    .select(['id', 'text', 'options_json', 'correct_option_ids_json', 'explanation', 'category'])
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
      options: JSON.parse(r.options_json) as Option[],
      correct: JSON.parse(r.correct_option_ids_json) as string[],
      explanation: r.explanation,
      category: r.category,
    })),
  };
}
