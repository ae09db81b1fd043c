import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Moves focus once the page has drawn the change just asked for: `focusAfterUpdate(find)` after a state
 * update (a cart line removed) runs `find` when that update is on the screen and focuses what it returns.
 * For a control that goes away with the change, so focus lands somewhere meaningful and not on the page.
 */
export function useFocusAfterUpdate() {
  const find = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const target = find.current?.();
    find.current = null;
    target?.focus();
  }, [asked]);
  return useCallback((next: () => HTMLElement | null | undefined) => {
    find.current = next;
    setAsked((n) => n + 1);
  }, []);
}
