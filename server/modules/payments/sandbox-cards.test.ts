import { describe, expect, it } from 'vitest';
import { cardDetailsProblem, cardOutcome, SANDBOX_CARDS } from './sandbox-cards.ts';

describe('sandbox cards', () => {
  it('decides the outcome by the number, and refuses a number that fails the Luhn check', () => {
    expect(cardOutcome('4242 4242 4242 4242')).toBe('paid');
    expect(cardOutcome(SANDBOX_CARDS.declined)).toBe('declined');
    expect(cardOutcome('4000-0000-0000-1257')).toBe('pending');
    expect(cardOutcome('4242 4242 4242 4241')).toEqual({ error: 'Your card number is invalid.' });
    expect(cardOutcome('0000 0000 000')).toEqual({ error: 'Your card number is invalid.' });
  });

  describe('expiry and security code, on 26 November 2026', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    it.each([
      ['12 / 34', '123'],
      ['11/26', '123'], // good until the end of this month
      ['0127', '1234'],
      ['12 / 2030', '999'],
    ])('takes %s with %s', (expiry, cvc) => {
      expect(cardDetailsProblem(expiry, cvc, now)).toBeNull();
    });
    it.each([
      ['', '123', 'expiry', "Your card's expiration date is incomplete."],
      ['13 / 30', '123', 'expiry', "Your card's expiration date is incomplete."],
      ['00 / 30', '123', 'expiry', "Your card's expiration date is incomplete."],
      ['1 / 3', '123', 'expiry', "Your card's expiration date is incomplete."],
      ['01 / 20', '123', 'expiry', "Your card's expiration year is in the past."],
      ['10 / 26', '123', 'expiry', "Your card's expiration date is in the past."],
      ['12 / 34', '', 'cvc', "Your card's security code is incomplete."],
      ['12 / 34', '12', 'cvc', "Your card's security code is incomplete."],
      ['12 / 34', 'x12', 'cvc', "Your card's security code is incomplete."],
    ])('refuses %s with %s', (expiry, cvc, field, error) => {
      expect(cardDetailsProblem(expiry, cvc, now)).toEqual({ field, error });
    });
  });
});
