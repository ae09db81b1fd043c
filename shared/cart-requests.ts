import { z } from 'zod';
import { MAX_QUANTITY, parseLocalCart } from './cart.ts';
import { CATALOGUE_ID_PATTERN } from './ids.ts';

/** A catalogue slug: nothing else names an exam, or reaches a query (PostgreSQL refuses a NUL). */
const examId = z.string().regex(CATALOGUE_ID_PATTERN);
/** Read leniently (bad lines are dropped); the description is what the OpenAPI document shows. */
const localCartSchema = z
  .unknown()
  .transform(parseLocalCart)
  .meta({
    description: `A visitor's cart as the browser keeps it: only the ids and quantities (1–${MAX_QUANTITY}) of its first 100 lines count, a line whose id is not a catalogue id is left out, and prices come from the store.`,
    type: 'array',
    items: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', pattern: CATALOGUE_ID_PATTERN.source },
        quantity: { type: 'integer', minimum: 1 },
      },
    },
  });

/** What the cart may ask of the server. An anonymous cart travels as `local` (ids and quantities). */
export const cartRequestSchema = z.discriminatedUnion('intent', [
  z.strictObject({ intent: z.literal('view'), local: localCartSchema.optional() }),
  z.strictObject({ intent: z.literal('add'), examId }),
  z.strictObject({ intent: z.literal('remove'), examId }),
  z.strictObject({ intent: z.literal('quantity'), examId, quantity: z.number().int().min(1).max(MAX_QUANTITY) }),
  z.strictObject({ intent: z.literal('clear') }),
  z.strictObject({ intent: z.literal('merge'), local: localCartSchema }),
  z.strictObject({
    intent: z.literal('coupon'),
    code: z.string().max(100),
    applied: z.boolean(),
    local: localCartSchema.optional(),
  }),
]);

export type CartRequest = z.infer<typeof cartRequestSchema>;
