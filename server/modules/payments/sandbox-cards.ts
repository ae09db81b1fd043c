/** The sandbox's test cards: the number decides what happens, as with a card processor in test mode. */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  pending: '4000000000001257',
} as const;

export type CardOutcome = 'paid' | 'declined' | 'pending';

/** The Luhn check every real card number passes: catches a mistyped digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What a card number does; any other valid number succeeds, as in a processor's test mode. */
export function cardOutcome(raw: string): CardOutcome | { error: string } {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { error: 'Your card number is invalid.' };
  if (digits === SANDBOX_CARDS.declined) return 'declined';
  if (digits === SANDBOX_CARDS.pending) return 'pending';
  return 'paid';
}
