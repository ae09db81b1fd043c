import { z } from 'zod';
import { CATALOGUE_ID_PATTERN } from './ids.ts';
import { TEST_MODES } from './practice.ts';

/** An exam, test or question: a catalogue slug. Nothing else reaches a query (PostgreSQL refuses a NUL). */
const id = z.string().regex(CATALOGUE_ID_PATTERN);
/** An attempt: the store makes them as UUIDs; letters, digits and hyphens are all an id can hold. */
const attemptId = z.string().regex(/^[A-Za-z0-9-]{1,80}$/);

/** What the test page may ask of the server. Anything else is refused with 400. */
export const attemptRequestSchema = z.discriminatedUnion('intent', [
  z.strictObject({ intent: z.literal('start'), testId: id, mode: z.enum(TEST_MODES) }),
  z.strictObject({ intent: z.literal('start-demo'), examId: id }),
  z.strictObject({
    intent: z.literal('answer'),
    attemptId,
    questionId: id,
    selected: z.array(z.string().max(8)).max(8).optional(),
    flagged: z.boolean().optional(),
  }),
  z.strictObject({
    intent: z.literal('check'),
    attemptId,
    questionId: id,
    selected: z.array(z.string().max(8)).max(8),
  }),
  z.strictObject({ intent: z.literal('submit'), attemptId }),
  z.strictObject({ intent: z.literal('time-left'), attemptId }),
]);

export type AttemptRequest = z.infer<typeof attemptRequestSchema>;
