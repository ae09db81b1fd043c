import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{app,server,shared,scripts}/**/*.test.{ts,tsx}'],
    globalSetup: ['server/testing/global-setup.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the machine has cores: one, on a two-core machine. The tests
    // spend much of their time waiting on databases and on the commands they start, so two share the cores
    // well (190 s → 128 s here); each test file has databases of its own.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
