import { CATALOGUE_ID_PATTERN } from './ids.ts';

export const MAX_QUANTITY = 99;

/** A line of a cart, priced by the server from its own catalogue. */
export interface CartLine {
  examId: string;
  title: string;
  category: string;
  thumbnail: string | null;
  priceCents: number;
  quantity: number;
  /** Days of access one unit buys (the exam's validity): the line buys quantity × this. */
  validityDays: number;
  lineTotalCents: number;
}

export interface CartView {
  items: CartLine[];
  count: number;
  totalCents: number;
  /**
   * A stored cart's: when the server began reading it (ms since 1970). Of two answers about one student's
   * cart, the one read later is the truer, whichever arrives last.
   */
  readAt?: number;
}

export const EMPTY_CART: CartView = { items: [], count: 0, totalCents: 0 };

/** A line of the browser's copy of an anonymous cart (local storage key `cart`). */
export interface LocalCartLine {
  id: string;
  quantity: number;
  [field: string]: unknown;
}

/**
 * Reads an anonymous cart from anything: only ids and quantities are kept (and trusted), bad lines (an id
 * that is not a catalogue id among them) and repeats of an exam already read are dropped, at most 100
 * lines. Plain code rather than a schema library, since it runs on every page.
 */
export function parseLocalCart(value: unknown): LocalCartLine[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.slice(0, 100).flatMap((line: unknown) => {
    if (typeof line !== 'object' || line === null) return [];
    const { id, quantity } = line as { id?: unknown; quantity?: unknown };
    if (typeof id !== 'string' || !CATALOGUE_ID_PATTERN.test(id) || seen.has(id)) return [];
    seen.add(id);
    const q =
      typeof quantity === 'number' && Number.isInteger(quantity) ? Math.min(MAX_QUANTITY, Math.max(1, quantity)) : 1;
    return [{ ...(line as object), id, quantity: q }];
  });
}
