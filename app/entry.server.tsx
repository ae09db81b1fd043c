import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import css from './app.css?inline';
import { InlineStyleContext, PAGE_STYLE } from './lib/inline-style.tsx';
import { NonceContext } from './lib/nonce.tsx';
import { pageStylesheet } from './lib/page-stylesheet.server.ts';
import { HeadScriptContext } from './lib/head-script.tsx';
import { headScript } from './lib/head-script.server.ts';

export const streamTimeout = 5_000;

const styleFor = pageStylesheet(css);

/**
 * Renders the whole page, then answers with it: the store has no deferred data, so streaming would gain
 * nothing (decision 0013), and the page's stylesheet is chosen from its finished HTML (decision 0011). Every
 * inline script carries the CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { nonce, styleNonce } = loadContext;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStyleContext.Provider value={{ css: PAGE_STYLE, nonce: styleNonce }}>
          <HeadScriptContext.Provider value={headScript}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </HeadScriptContext.Provider>
        </InlineStyleContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              // The page's stylesheet holds the rules its own HTML needs, so it is written in once the HTML is whole.
              const html = Buffer.concat(chunks).toString();
              const body = html.replace(PAGE_STYLE, () => styleFor(html));
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log.error({ err: error }, 'page failed while streaming');
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Logs what went wrong on the server, but not requests that were refused (4xx) or abandoned by the browser. */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.log.error({ err: error }, 'page failed');
}
