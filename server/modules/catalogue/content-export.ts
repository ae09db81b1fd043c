import type { Kysely } from 'kysely';
import type { ContentFile, Difficulty } from '../../../shared/content-schema.ts';
import type { Database } from '../../db/schema.ts';

/** Reads exams back into the content file format; the inverse of importContent. */
export async function exportContent(db: Kysely<Database>, examIds?: string[]): Promise<ContentFile[]> {
  let query = db.selectFrom('exams').selectAll().orderBy('id');
  if (examIds && examIds.length > 0) query = query.where('id', 'in', examIds);
  const exams = await query.execute();
  const files: ContentFile[] = [];
  for (const row of exams) {
    const tests = await db
      .selectFrom('practice_tests')
      .selectAll()
      .where('exam_id', '=', row.id)
      .orderBy('position')
      .execute();
    const questions = await db
      .selectFrom('questions')
      .selectAll()
      .where('exam_id', '=', row.id)
      .orderBy('sequence')
      .execute();
    files.push({
      exam: {
        id: row.id,
        title: row.title,
        description: row.description,
        ...(row.long_description !== null && { longDescription: row.long_description }),
        category: row.category as ContentFile['exam']['category'],
        ...(row.thumbnail !== null && { thumbnail: row.thumbnail }),
        ...(row.duration_minutes !== null && { duration: row.duration_minutes }),
        ...(row.question_count !== null && { questionCount: row.question_count }),
        ...(row.difficulty !== null && { difficulty: row.difficulty as Difficulty }),
        priceCents: row.price_cents,
        ...(row.stripe_price !== null && { stripePrice: row.stripe_price }),
        featured: row.featured === 1,
        popularity: row.popularity,
        passingScore: row.passing_score,
        validityDays: row.validity_days,
        ...(row.curriculum_json !== null && {
          curriculum: JSON.parse(row.curriculum_json) as ContentFile['exam']['curriculum'],
        }),
        reviews: JSON.parse(row.reviews_json) as ContentFile['exam']['reviews'],
        faq: JSON.parse(row.faq_json) as ContentFile['exam']['faq'],
        createdAt: row.created_at,
      },
      practiceTests: tests.map((t) => ({
        id: t.id,
        title: t.title,
        ...(t.display_name !== null && { displayName: t.display_name }),
        timeLimit: t.time_limit_minutes,
        difficulty: t.difficulty as Difficulty,
        passingScore: t.passing_score,
        shuffleOptions: t.shuffle_options === 1,
        questions: questions
          .filter((q) => q.test_id === t.id)
          .map((q) => ({
            id: q.id,
            text: q.text,
            ...(q.code !== null && { code: q.code }),
            options: JSON.parse(q.options_json) as { id: string; text: string }[],
            correct: JSON.parse(q.correct_option_ids_json) as string[],
            explanation: q.explanation,
            category: q.category,
            difficulty: q.difficulty as Difficulty,
          })),
      })),
    });
  }
  return files;
}
