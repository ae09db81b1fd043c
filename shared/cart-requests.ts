import { z } from 'zod';
import { MAX_QUANTITY, parseLocalCart } from './cart.ts';

const examId = z.string().min(1).max(80);
const localCartSchema = z.unknown().transform(parseLocalCart);

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
