import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A link followed inside the running store changes the page without loading one, so screen readers would
 * say nothing: this says the new page's title. If the link that was followed went away with the old page
 * (or with the old results, as a pager's link does), focus would be nowhere, so it moves to the start of
 * the new page's content.
 */
export function PageAnnouncer() {
  const { pathname, search } = useLocation();
  const [title, setTitle] = useState('');
  const first = useRef(true);
  const announced = useRef(pathname);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      // The same page with other results (a search, a filter) keeps its title: only a new page is said.
      if (announced.current !== pathname) setTitle(document.title);
      announced.current = pathname;
      if (document.activeElement && document.activeElement !== document.body) return;
      const main = document.getElementById('main');
      if (!main) return;
      // Focusable only for this: a click inside the content must not focus the whole of it afterwards.
      main.tabIndex = -1;
      main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
      main.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {title}
    </p>
  );
}
