import { z } from 'zod';
import { CATALOGUE_ID_PATTERN } from './ids.ts';
import { MINIMUM_CHARGE_CENTS } from './money.ts';

/**
 * The content file format: one JSON file per exam, holding the exam, its practice tests and their
 * questions. Used by the content tool (validate, import, export) and documented in docs/content-format.md.
 */

export const CATEGORIES = [
  'IT',
  'Cloud',
  'Project Management',
  'Networking',
  'Education',
  'Security',
  'Development',
] as const;

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

const id = z.string().regex(CATALOGUE_ID_PATTERN, 'must be 1-80 lowercase letters, digits or hyphens');
/** No NUL (PostgreSQL cannot store it) and no lone UTF-16 surrogate (it is no character at all). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);
const STORABLE = 'must not contain a NUL character or a broken character (a lone UTF-16 surrogate)';
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max).refine(storable, STORABLE);
/** At most `max` entries. */
const atMost = (max: number, what: string) => ({ message: `must hold at most ${max} ${what}` });

export const reviewSchema = z.strictObject({
  user: text(80),
  date: z.iso.date('must be a date as YYYY-MM-DD'),
  rating: z.number().int().min(1).max(5),
  comment: text(2000),
});

export const faqSchema = z.strictObject({
  question: text(300),
  answer: text(4000),
});

export const curriculumSectionSchema = z.strictObject({
  title: text(200),
  topics: z.array(text(300)).min(1).max(100, atMost(100, 'topics')),
});

/** Either prose (paragraphs separated by blank lines) or a list of sections with topics. */
export const curriculumSchema = z.union([
  text(20000),
  z.array(curriculumSectionSchema).min(1).max(100, atMost(100, 'sections')),
]);

export const optionSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]{1,8}$/, 'must be 1-8 lowercase letters or digits'),
  text: text(1000),
});

export const questionSchema = z
  .strictObject({
    id,
    text: text(4000),
    /** A program the question asks about, shown below the text as code: its indentation is kept. */
    code: z
      .string()
      .max(4000)
      .refine(storable, STORABLE)
      .transform((code) => code.replace(/^(\s*\n)+/, '').trimEnd())
      .pipe(z.string().min(1, 'must not be empty'))
      .optional(),
    options: z.array(optionSchema).min(2).max(8),
    /** One id for a single-answer question; two or more for "Choose two" and the like. */
    correct: z.array(z.string()).min(1),
    explanation: text(4000),
    /** The exam domain this question belongs to. */
    category: text(120),
    difficulty: z.enum(DIFFICULTIES),
  })
  .superRefine((q, ctx) => {
    const ids = q.options.map((o) => o.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'option ids must be unique' });
    }
    if (new Set(q.correct).size !== q.correct.length) {
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'correct ids must be unique' });
    }
    q.correct.forEach((c, i) => {
      if (!ids.includes(c)) {
        ctx.addIssue({ code: 'custom', path: ['correct', i], message: `"${c}" is not an option id` });
      }
    });
    if (q.correct.length >= q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'at least one option must be wrong' });
    }
  });

export const practiceTestSchema = z.strictObject({
  id,
  title: text(200),
  displayName: text(200).optional(),
  /** Minutes. */
  timeLimit: z.number().int().min(1).max(600),
  difficulty: z.enum(DIFFICULTIES),
  passingScore: z.number().int().min(1).max(100).default(70),
  shuffleOptions: z.boolean().default(false),
  // Longer than any real exam; a test's questions are written in one statement, and sent to its page.
  questions: z.array(questionSchema).min(1).max(500, atMost(500, 'questions')),
});

export const examSchema = z.strictObject({
  id,
  title: text(200),
  description: text(500),
  longDescription: text(20000).optional(),
  category: z.enum(CATEGORIES),
  /** A path under /thumbnails/ or an https URL; absent means the generated placeholder. */
  thumbnail: z
    .string()
    .regex(
      /^(\/thumbnails\/[a-z0-9-]+\.(svg|png|jpg|webp)|https:\/\/\S+)$/,
      'must be /thumbnails/<name>.<ext> or an https URL',
    )
    .optional(),
  /** Length of the real exam, in minutes. */
  duration: z.number().int().min(1).max(1000).optional(),
  /** Number of questions in the real exam. */
  questionCount: z.number().int().min(1).max(1000).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  /** Price in integer US cents. */
  priceCents: z
    .number()
    .int()
    .min(MINIMUM_CHARGE_CENTS, 'must be at least 50 cents, the smallest card payment')
    .max(10_000_000),
  stripePrice: z.string().max(200).optional(),
  featured: z.boolean().default(false),
  popularity: z.number().int().min(0).max(2_147_483_647).default(0),
  passingScore: z.number().int().min(1).max(100).default(70),
  validityDays: z.number().int().min(1).max(3650).default(365),
  curriculum: curriculumSchema.optional(),
  // The exam's page carries them all.
  reviews: z.array(reviewSchema).max(200, atMost(200, 'reviews')).default([]),
  faq: z.array(faqSchema).max(100, atMost(100, 'questions')).default([]),
  createdAt: z.iso.datetime('must be an ISO-8601 date-time').max(30, 'must be at most 30 characters').optional(),
});

export const contentFileSchema = z
  .strictObject({
    exam: examSchema,
    practiceTests: z.array(practiceTestSchema).min(1).max(50, atMost(50, 'practice tests')),
  })
  .superRefine((file, ctx) => {
    const seen = new Map<string, string>();
    file.practiceTests.forEach((t, ti) => {
      const where = (path: (string | number)[], kind: string, value: string) => {
        const key = `${kind}:${value}`;
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path, message: `duplicate ${kind} id "${value}"` });
        }
        seen.set(key, value);
      };
      where(['practiceTests', ti, 'id'], 'practice test', t.id);
      t.questions.forEach((q, qi) => where(['practiceTests', ti, 'questions', qi, 'id'], 'question', q.id));
    });
  });

export type ContentFile = z.output<typeof contentFileSchema>;
export type ContentFileInput = z.input<typeof contentFileSchema>;
