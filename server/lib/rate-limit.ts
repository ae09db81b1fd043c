import { RecentlyUsed } from './recently-used.ts';

/**
 * At most `limit` counted events per caller in each window of `windowMs`, kept in this process's memory for
 * the `callers` seen most recently. For what an anonymous caller could otherwise repeat without end at the
 * store's cost: guessing coupon codes, making the store ask the payment provider about made-up sessions, or
 * starting tests signed out, each of which stores an attempt.
 */
export function createRateLimit(options: { limit: number; windowMs: number; callers?: number; now?: () => number }) {
  const { limit, windowMs, callers = 10_000, now = Date.now } = options;
  const windows = new RecentlyUsed<string, { start: number; count: number }>(callers);
  const current = (caller: string) => {
    const window = windows.get(caller);
    return window && now() - window.start < windowMs ? window : null;
  };
  return {
    /** Whether the caller has used up the current window. */
    exhausted(caller: string): boolean {
      return (current(caller)?.count ?? 0) >= limit;
    },
    /** Counts one event against the caller. */
    count(caller: string): void {
      const window = current(caller);
      if (window) window.count++;
      else windows.set(caller, { start: now(), count: 1 });
    },
  };
}
