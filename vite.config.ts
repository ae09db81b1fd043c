import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // React, React DOM and React Router in one file: one request, and gzip compresses the
            // three better together than apart (docs/decisions/0003-javascript-budget.md).
            advancedChunks: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                },
                // The small modules every page uses (layout, formatting, messages) travel together; page-specific
                // rules, and dates (app/lib/time-zone.ts), travel with the pages that use them.
                {
                  name: 'common',
                  test: /[\\/]app[\\/](components[\\/]|lib[\\/](?!time-zone\.))|[\\/]shared[\\/](money|messages|exam-display)\.ts/,
                },
              ],
            },
          },
        },
  },
}));
