import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{app,server,shared,scripts}/**/*.test.{ts,tsx}'],
    globalSetup: ['server/testing/global-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
