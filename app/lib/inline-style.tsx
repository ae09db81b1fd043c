import { createContext, useContext } from 'react';

/**
 * The whole stylesheet, written into the page by the server render: a phone on a slow network paints the
 * page as soon as the HTML arrives, with no stylesheet request in the way. The browser keeps what the
 * server wrote; it never needs the text itself, so the stylesheet is not in any JavaScript bundle.
 */
export const InlineStyleContext = createContext<{ css: string; nonce: string }>({ css: '', nonce: '' });

export function InlineStylesheet() {
  const { css, nonce } = useContext(InlineStyleContext);
  // In the browser there is nothing to render: React leaves the server's <style> in the head untouched,
  // as it does with any element it did not render there itself.
  if (!css) return null;
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}
