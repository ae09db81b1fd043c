import { describe, expect, it } from 'vitest';
import { contentFixture } from '../../testing/content-fixtures.ts';

describe('an exam’s price in a content file', () => {
  it('is at least 50 cents, the smallest card payment', () => {
    expect(contentFixture('cheap', { priceCents: 50 }).exam.priceCents).toBe(50);
    expect(() => contentFixture('cheaper', { priceCents: 49 })).toThrow(
      /must be at least 50 cents, the smallest card payment/,
    );
    expect(() => contentFixture('free', { priceCents: 0 })).toThrow(/smallest card payment/);
  });
});
