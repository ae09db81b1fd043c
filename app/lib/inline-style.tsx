import { createContext, useContext, useEffect } from 'react';
import stylesheetUrl from '../app.css?url';

/**
 * The page's stylesheet, written into the page by the server render: a phone on a slow network paints the
 * page as soon as the HTML arrives, with no stylesheet request in the way. The server writes `PAGE_STYLE`
 * here and replaces it with the rules the finished page uses (`page-stylesheet.server.ts`). The browser
 * keeps what the server wrote; it never needs the text itself, so the stylesheet is in no JavaScript bundle.
 */
export const PAGE_STYLE = '/*page-style*/';

export const InlineStyleContext = createContext<{ css: string; nonce: string }>({ css: '', nonce: '' });

export function InlineStylesheet() {
  const { css, nonce } = useContext(InlineStyleContext);
  // In the browser there is nothing to render: React leaves the server's <style> in the head untouched,
  // as it does with any element it did not render there itself.
  if (!css) return null;
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * Once the page is running, the whole stylesheet (one file, cached for a year) joins the page's own rules,
 * for the screens and states the browser renders itself. It loads after the first paint and blocks nothing.
 */
export function useWholeStylesheet() {
  useEffect(() => {
    if (document.querySelector(`link[href="${stylesheetUrl}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    document.head.append(link);
  }, []);
}
