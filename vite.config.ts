import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// React Router's package exports only its development build, whose dev warnings stay switched on
// (remix-run/react-router#14102). The browser gets the production build it ships beside it. The server keeps
// the exported build: `@react-router/node` imports that one, and both must share one copy.
const reactRouterProduction = new URL('node_modules/react-router/dist/production/', import.meta.url).pathname;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
        ],
      },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? // The pages' `lazy` imports split the browser's code; the server's build is one file, where the
        // note that a module imported both ways stays in place says nothing worth reading.
        { checks: { ineffectiveDynamicImport: false } }
      : {
          output: {
            // React, React DOM and React Router in one file: one request, and gzip compresses the
            // three better together than apart (docs/decisions/0003-javascript-budget.md). Vite's preload
            // helper, which every page with a `lazy` import loads, travels with them.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|^\0vite[\\/]preload-helper/,
                },
                // The small modules every page uses (layout, formatting, messages) travel together, and the
                // scoring rules, which a file of their own made the running test pay for (decision 0003).
                // The root route joins them: it is loaded with them on every page, and a file of its own cost
                // each page 340 bytes. Page-specific rules, and dates (app/lib/time-zone.ts), travel with the
                // pages that use them; so does the spinner (the catalogue and the payment's wait).
                {
                  name: 'common',
                  test: /[\\/]app[\\/](components[\\/](?!ui[\\/](spinner|fact)\.)|lib[\\/](?!time-zone\.|seo\.))|[\\/]app[\\/]root\.tsx|[\\/]shared[\\/](money|messages|exam-display|scoring)\.ts/,
                },
                // What the catalogue's pages share and a running test does not use: the pages' meta tags, the
                // cards' facts, the cart button and the progress ring, in one file rather than four.
                {
                  name: 'catalogue',
                  test: /[\\/]app[\\/](lib[\\/]seo|components[\\/]ui[\\/]fact|features[\\/]cart[\\/]components[\\/]cart-toggle|features[\\/]catalogue[\\/]components[\\/]progress-ring)\./,
                },
              ],
            },
          },
        },
  },
}));
