import { z } from 'zod';
import type { CartView } from '../../shared/cart.ts';
import { DIFFICULTIES } from '../../shared/content-schema.ts';
import type { CouponCheck } from '../../shared/coupon-rules.ts';
import {
  ATTEMPT_ENDS,
  TEST_MODES,
  type AttemptResult,
  type AttemptView,
  type CheckedAnswer,
  type TestInfo,
} from '../../shared/practice.ts';

/**
 * What the store's JSON endpoints answer, as schemas: the OpenAPI document is written from them
 * (`openapi.ts`), and the API contract test holds real answers to them. The checks at the end of the file
 * stop the build when a schema and the type the code uses drift apart.
 */

export const refusalSchema = z.strictObject({
  error: z.string().describe('What was wrong, in words fit to show the student.'),
  problems: z
    .array(z.string())
    .max(10)
    .optional()
    .describe(
      'A request that is not valid: each field that is wrong, and why ("intent: Invalid option: …"), for developers.',
    ),
});

/** The sign-in library's refusals: its own fields, and always `error` with a sentence (`refusals.ts`). */
export const authRefusalSchema = z.looseObject({ error: z.string() });

const cartLineSchema = z.strictObject({
  examId: z.string(),
  title: z.string(),
  category: z.string(),
  thumbnail: z.string().nullable(),
  priceCents: z.number().int().describe("The exam's price in cents, from the store's catalogue."),
  quantity: z.number().int().describe('How many access periods the line buys, each of validityDays.'),
  validityDays: z.number().int().describe('Days of access one unit buys.'),
  lineTotalCents: z.number().int(),
});

export const cartViewSchema = z.strictObject({
  items: z.array(cartLineSchema),
  count: z.number().int(),
  totalCents: z.number().int(),
  readAt: z
    .number()
    .int()
    .optional()
    .describe(
      "A signed-in student's stored cart: when the server began reading it (ms since 1970); the later read is the truer.",
    ),
});

export const couponCheckSchema = z.union([
  z.strictObject({ ok: z.literal(true), discountCents: z.number().int(), message: z.string() }),
  z.strictObject({ ok: z.literal(false), message: z.string() }),
]);

export const cartAnswerSchema = z.union([
  z.strictObject({ cart: cartViewSchema }),
  z.strictObject({ result: z.enum(['added', 'already', 'owned', 'unknown']), cart: cartViewSchema }),
  z.strictObject({ cart: cartViewSchema, coupon: couponCheckSchema }),
]);

export const checkedAnswerSchema = z
  .strictObject({ correct: z.boolean(), correctOptionIds: z.array(z.string()), explanation: z.string() })
  .describe('Sent for a question only once it has been checked for good.');

const optionSchema = z.strictObject({ id: z.string(), text: z.string() });
const codeSchema = z.string().optional().describe('A program the question asks about, to show as code.');

export const attemptViewSchema = z
  .strictObject({
    id: z.string(),
    mode: z.enum(TEST_MODES),
    remainingSeconds: z.number().int().nullable().describe("Exam mode: seconds left by the server's clock."),
    questions: z.array(
      z.strictObject({
        id: z.string(),
        text: z.string(),
        code: codeSchema,
        options: z.array(optionSchema),
        choose: z.number().int().describe('How many options to choose.'),
        selected: z.array(z.string()),
        flagged: z.boolean(),
        checked: checkedAnswerSchema.nullable(),
      }),
    ),
  })
  .describe('An attempt in progress: no answer or explanation before its check.');

export const testInfoSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  examId: z.string(),
  examTitle: z.string(),
  timeLimitMinutes: z.number().int(),
  passingScore: z.number().int(),
  questionCount: z.number().int(),
  difficulty: z.enum(DIFFICULTIES),
  isDemo: z.boolean(),
});

export const attemptResultSchema = z.strictObject({
  attemptId: z.string(),
  mode: z.enum(TEST_MODES),
  percentage: z.number().int(),
  score: z.number().int(),
  totalQuestions: z.number().int(),
  answeredQuestions: z.number().int(),
  timeSpentSeconds: z.number().int(),
  isPassed: z.boolean(),
  passingScore: z.number().int(),
  byCategory: z.array(z.strictObject({ category: z.string(), correct: z.number().int(), total: z.number().int() })),
  review: z.array(
    z.strictObject({
      id: z.string(),
      text: z.string(),
      code: codeSchema,
      category: z.string(),
      options: z.array(optionSchema),
      selected: z.array(z.string()),
      correctOptionIds: z.array(z.string()),
      explanation: z.string(),
      correct: z.boolean(),
      flagged: z.boolean().describe('The student marked the question for review while taking the test.'),
    }),
  ),
  reviewWithheld: z
    .string()
    .optional()
    .describe('Present when review is empty because the student may no longer, or never could, read the test.'),
  saved: z.boolean().describe('False when the attempt was kept for nobody (the demo, or signed out).'),
});

export const attemptAnswerSchema = z.union([
  attemptViewSchema,
  z.strictObject({ info: testInfoSchema, attempt: attemptViewSchema }),
  z.strictObject({ checked: checkedAnswerSchema.nullable() }),
  attemptResultSchema,
  z.strictObject({ secondsLeft: z.number().int().nullable() }),
]);

export const attemptRefusalSchema = z.strictObject({
  error: z.string(),
  status: z.number().int(),
  ended: z
    .enum(ATTEMPT_ENDS)
    .optional()
    .describe('The attempt takes no more answers: its time ran out, or it was handed in. Submit it for its result.'),
});

export const webhookAnswerSchema = z.strictObject({
  received: z.literal(true),
  outcome: z.enum(['succeeded', 'pending', 'failed', 'not-found', 'mismatch', 'ignored']),
});

// The schemas above describe exactly the types the code sends.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: [
  Same<z.infer<typeof cartViewSchema>, CartView>,
  Same<z.infer<typeof couponCheckSchema>, CouponCheck>,
  Same<z.infer<typeof checkedAnswerSchema>, CheckedAnswer>,
  Same<z.infer<typeof attemptViewSchema>, AttemptView>,
  Same<z.infer<typeof testInfoSchema>, TestInfo>,
  Same<z.infer<typeof attemptResultSchema>, AttemptResult>,
] = [true, true, true, true, true, true];
void sameTypes;
