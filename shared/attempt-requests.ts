import { z } from 'zod';
import { TEST_MODES } from './practice.ts';

const id = z.string().min(1).max(80);

/** What the test page may ask of the server. Anything else is refused with 400. */
export const attemptRequestSchema = z.discriminatedUnion('intent', [
  z.strictObject({ intent: z.literal('start'), testId: id, mode: z.enum(TEST_MODES) }),
  z.strictObject({ intent: z.literal('start-demo'), examId: id }),
  z.strictObject({
    intent: z.literal('answer'),
    attemptId: id,
    questionId: id,
    selected: z.array(z.string().max(8)).max(8).optional(),
    flagged: z.boolean().optional(),
  }),
  z.strictObject({
    intent: z.literal('check'),
    attemptId: id,
    questionId: id,
    selected: z.array(z.string().max(8)).max(8),
  }),
  z.strictObject({ intent: z.literal('submit'), attemptId: id }),
]);

export type AttemptRequest = z.infer<typeof attemptRequestSchema>;
