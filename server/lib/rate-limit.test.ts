import { describe, expect, it } from 'vitest';
import { createRateLimit } from './rate-limit.ts';

describe('createRateLimit', () => {
  it('allows the limit within a window, then refuses the caller until the window has passed', () => {
    let now = 1_000;
    const limit = createRateLimit({ limit: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(limit.exhausted('a')).toBe(false);
      limit.count('a');
    }
    expect(limit.exhausted('a')).toBe(true);
    expect(limit.exhausted('b')).toBe(false);
    now += 59_999;
    expect(limit.exhausted('a')).toBe(true);
    now += 1;
    expect(limit.exhausted('a')).toBe(false);
    limit.count('a');
    expect(limit.exhausted('a')).toBe(false);
  });

  it('remembers only the most recent callers', () => {
    const limit = createRateLimit({ limit: 1, windowMs: 60_000, callers: 2, now: () => 0 });
    limit.count('a');
    limit.count('b');
    limit.count('c');
    expect(limit.exhausted('a')).toBe(false);
    expect(limit.exhausted('b')).toBe(true);
    expect(limit.exhausted('c')).toBe(true);
  });
});
