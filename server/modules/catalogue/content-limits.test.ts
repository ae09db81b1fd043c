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

describe('numbers and dates in a content file', () => {
  it('fit the columns of both databases (PostgreSQL refuses what SQLite would store)', () => {
    expect(() => contentFixture('big', { popularity: 3_000_000_000 })).toThrow(/popularity/);
    expect(() => contentFixture('long', { createdAt: '2026-01-01T00:00:00.00000000000000Z' })).toThrow(
      /must be at most 30 characters/,
    );
    expect(
      contentFixture('fine', { popularity: 2_147_483_647, createdAt: '2026-01-01T00:00:00Z' }).exam.popularity,
    ).toBe(2_147_483_647);
  });
});
