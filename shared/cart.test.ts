import { describe, expect, it } from 'vitest';
import { parseLocalCart } from './cart.ts';

describe('parseLocalCart', () => {
  it('keeps ids and sane quantities, and drops what is not a line and an exam listed twice', () => {
    expect(
      parseLocalCart([
        { id: 'pmp', quantity: 2, title: 'PMP', price: 0.01 },
        { id: 'pmp', quantity: 5 },
        { id: 'ccna', quantity: 0 },
        { id: 'aws', quantity: 500 },
        { id: 'az', quantity: 'lots' },
        { id: '', quantity: 1 },
        { quantity: 1 },
        'junk',
        null,
      ]),
    ).toEqual([
      { id: 'pmp', quantity: 2, title: 'PMP', price: 0.01 },
      { id: 'ccna', quantity: 1 },
      { id: 'aws', quantity: 99 },
      { id: 'az', quantity: 1 },
    ]);
  });

  it('drops a line whose id is not a catalogue id: the server would refuse it', () => {
    expect(
      parseLocalCart([
        { id: 'a\u0000b', quantity: 1 },
        { id: 'PMP', quantity: 1 },
        { id: 'pmp ', quantity: 1 },
        { id: '-pmp', quantity: 1 },
        { id: 'x'.repeat(81), quantity: 1 },
        { id: 'aws-saa-c03', quantity: 1 },
      ]),
    ).toEqual([{ id: 'aws-saa-c03', quantity: 1 }]);
  });

  it('reads anything else as an empty cart', () => {
    expect(parseLocalCart({ id: 'pmp' })).toEqual([]);
    expect(parseLocalCart(null)).toEqual([]);
    expect(parseLocalCart(Array.from({ length: 150 }, (_, i) => ({ id: `e${i}`, quantity: 1 })))).toHaveLength(100);
  });
});
