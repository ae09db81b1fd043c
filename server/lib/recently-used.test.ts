import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used.ts';

describe('a map of the most recently used entries', () => {
  it('lets go of the entry used longest ago, counting reads and rewrites as uses', () => {
    const kept = new RecentlyUsed<string, number>(3);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('c', 3);
    expect(kept.get('a')).toBe(1); // b is now the oldest
    kept.set('d', 4);
    expect(kept.get('b')).toBeUndefined();
    kept.set('c', 30); // c is rewritten, so a is the oldest
    kept.set('e', 5);
    expect(kept.get('a')).toBeUndefined();
    expect([kept.get('c'), kept.get('d'), kept.get('e')]).toEqual([30, 4, 5]);
    expect(kept.size).toBe(3);
  });

  it('forgets one entry or all of them', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.delete('a');
    expect(kept.get('a')).toBeUndefined();
    expect(kept.size).toBe(1);
    kept.clear();
    expect(kept.get('b')).toBeUndefined();
    expect(kept.size).toBe(0);
  });
});
