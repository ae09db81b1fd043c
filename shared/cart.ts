import { z } from 'zod';

export const MAX_QUANTITY = 99;

/** A line of a cart, priced by the server from its own catalogue. */
export interface CartLine {
  examId: string;
  title: string;
  category: string;
  thumbnail: string | null;
  priceCents: number;
  quantity: number;
  lineTotalCents: number;
}

export interface CartView {
  items: CartLine[];
  count: number;
  totalCents: number;
}

export const EMPTY_CART: CartView = { items: [], count: 0, totalCents: 0 };

/** The browser's copy of an anonymous cart (local storage key `cart`): only ids and quantities are used. */
export const localCartSchema = z
  .array(
    z.object({ id: z.string().min(1).max(80), quantity: z.number().int().min(1).max(MAX_QUANTITY).catch(1) }).loose(),
  )
  .max(100)
  .catch([]);

export type LocalCartLine = z.infer<typeof localCartSchema>[number];
