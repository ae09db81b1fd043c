import { useEffect, useRef, useState } from 'react';

/**
 * An async action that runs one at a time: called again while it runs (a double click, a key held down),
 * it does nothing, so one press never sends two requests. It is free again once the page has drawn what the
 * action changed: a second click that a busy phone delivers after the answer but before the new screen still
 * finds it running.
 */
export function useOneAtATime<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  const running = useRef(false);
  const [finished, setFinished] = useState(0);
  useEffect(() => {
    running.current = false;
  }, [finished]);
  return async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await action(...args);
    } finally {
      setFinished((n) => n + 1);
    }
  };
}
