/** A line of a checkout as it was priced when payment started: what the student pays for. Cents. */
export interface CheckoutLine {
  examId: string;
  description: string;
  category: string;
  unitAmountCents: number;
  quantity: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

export function parseLines(json: string): CheckoutLine[] {
  return JSON.parse(json) as CheckoutLine[];
}
