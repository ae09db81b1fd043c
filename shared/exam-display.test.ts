import { describe, expect, it } from 'vitest';
import { examFacts, nameInitials, titleInitials } from './exam-display.ts';
import { formatPrice } from './money.ts';
import { parseSearch } from './search.ts';

describe('formatPrice', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [2999, '$29.99'],
    [100000, '$1,000.00'],
    [-1250, '-$12.50'],
  ])('%i cents reads %s', (cents, text) => expect(formatPrice(cents)).toBe(text));
});

describe('examFacts', () => {
  it('uses the spec display defaults for missing fields', () => {
    expect(
      examFacts({ durationMinutes: null, questionCount: null, difficulty: null, category: '', priceCents: 0 }),
    ).toEqual({
      duration: 'Not specified',
      questionCount: '0',
      difficulty: 'Not specified',
      category: 'Uncategorized',
      price: '$0.00',
    });
  });

  it('formats what is there', () => {
    expect(
      examFacts({ durationMinutes: 90, questionCount: 65, difficulty: 'medium', category: 'Cloud', priceCents: 2999 }),
    ).toEqual({
      duration: '90 minutes',
      questionCount: '65',
      difficulty: 'Medium',
      category: 'Cloud',
      price: '$29.99',
    });
  });
});

describe('titleInitials', () => {
  it.each([
    ['AWS Certified Cloud Practitioner (CLF-C02)', 'ACC'],
    ['ITIL 4 Foundation', 'I4F'],
    ['PCEP – Certified Entry-Level Python Programmer', 'PCE'],
    ['security', 'S'],
    ['', ''],
    ['  (hello)  world ', 'HW'],
    ['Hana Full', 'HF'],
    ['𝐀lex 𝐁rown', '𝐀𝐁'],
  ])('%s → %s', (title, initials) => expect(titleInitials(title)).toBe(initials));
});

describe('nameInitials', () => {
  it.each([
    ['Hana Full', 'HF'],
    ['Alexandra Montgomery Richardson', 'AR'],
    ['ana maría ruiz de la peña', 'AP'],
    ['Cher', 'C'],
    ['alexandra_richardson_of_westminster', 'A'],
    ['Jean-Luc Picard', 'JP'],
    ['𝐀lex Q. 𝐁rown', '𝐀𝐁'],
    ['', ''],
  ])('%s → %s', (name, initials) => expect(nameInitials(name)).toBe(initials));
});

describe('parseSearch', () => {
  it('trims, collapses spaces and drops control characters', () => {
    expect(parseSearch('  cloud \u0000\t practitioner ')).toEqual({ ok: true, term: 'cloud practitioner' });
    expect(parseSearch(null)).toEqual({ ok: true, term: '' });
  });

  it('accepts exactly 100 characters and refuses 101 with a message', () => {
    expect(parseSearch('a'.repeat(100))).toEqual({ ok: true, term: 'a'.repeat(100) });
    expect(parseSearch('a'.repeat(101))).toEqual({
      ok: false,
      term: 'a'.repeat(100),
      error: 'Search terms can be at most 100 characters.',
    });
  });
});
