import type { ContentFileInput } from '../../shared/content-schema.ts';
import { contentFileSchema, type ContentFile } from '../../shared/content-schema.ts';

/** A small, valid content file; tests change what they need. */
export function contentFixture(
  examId: string,
  exam: Partial<ContentFileInput['exam']> = {},
  testCount = 2,
): ContentFile {
  return contentFileSchema.parse({
    exam: {
      id: examId,
      title: `Exam ${examId}`,
      description: `About ${examId}`,
      category: 'Cloud',
      priceCents: 2999,
      createdAt: '2026-01-01T00:00:00.000Z',
      ...exam,
    },
    practiceTests: Array.from({ length: testCount }, (_, t) => ({
      id: `${examId}-pt${t + 1}`,
      title: `Practice Test ${t + 1}`,
      timeLimit: 20,
      difficulty: 'medium',
      questions: Array.from({ length: 3 }, (_, q) => ({
        id: `${examId}-pt${t + 1}-q${q + 1}`,
        text: `Question ${q + 1}?`,
        options: [
          { id: 'a', text: 'One' },
          { id: 'b', text: 'Two' },
          { id: 'c', text: 'Three' },
        ],
        correct: q === 2 ? ['a', 'c'] : ['b'],
        explanation: 'Because.',
        category: 'Domain A',
        difficulty: 'easy',
      })),
    })),
  });
}
