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

export type CardDetailsProblem = { field: 'expiry' | 'cvc'; error: string };

/**
 * The expiry (MM / YY, or MM / YYYY) and security code, checked as a card processor's page checks them: a
 * card is good until the end of its expiry month. Null when both will do.
 */
export function cardDetailsProblem(expiry: string, cvc: string, now: Date): CardDetailsProblem | null {
  const digits = expiry.replace(/[\s/-]/g, '');
  const match = /^(\d{2})(\d{2}|\d{4})$/.exec(digits);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12)
    return { field: 'expiry', error: "Your card's expiration date is incomplete." };
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (year < now.getUTCFullYear()) return { field: 'expiry', error: "Your card's expiration year is in the past." };
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    return { field: 'expiry', error: "Your card's expiration date is in the past." };
  if (!/^\d{3,4}$/.test(cvc.trim())) return { field: 'cvc', error: "Your card's security code is incomplete." };
  return null;
}
