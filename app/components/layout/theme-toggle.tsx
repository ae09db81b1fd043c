import { store } from '../../lib/browser-storage.ts';
import { THEME_KEY } from '../../lib/theme.ts';

/**
 * Light or dark. Starts from the system setting; a choice that differs from the system is remembered in
 * this browser, and choosing the system's own theme again forgets it, so the site follows the system again.
 * Its name says what it does and follows the theme through CSS alone, so it needs no state of its own.
 */
export function ThemeToggle() {
  function toggle() {
    const root = document.documentElement;
    const next = root.dataset.theme === 'dark' ? 'light' : 'dark';
    store(THEME_KEY, matchMedia(`(prefers-color-scheme: ${next})`).matches ? null : next);
    root.dataset.theme = next;
  }
  return (
    <button type="button" onClick={toggle} className="theme-button">
      <span className="sr-only dark:hidden">Switch to dark theme</span>
      <span className="sr-only hidden dark:inline">Switch to light theme</span>
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor" />
      </svg>
    </button>
  );
}
