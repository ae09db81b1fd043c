import { useRef } from 'react';

/**
 * An async action that runs one at a time: called again while it runs (a double click, a key held down),
 * it does nothing, so one press never sends two requests.
 */
export function useOneAtATime<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  const running = useRef(false);
  return async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await action(...args);
    } finally {
      running.current = false;
    }
  };
}
