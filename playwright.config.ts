import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, testBrowserPath } from './e2e/support/chromium.ts';
import { e2eDatabaseFile, e2ePostgresDatabase, TEST_SERVICE_PORTS } from './e2e/support/ports.ts';
import { POSTGRES_HELP, probePostgres } from './server/testing/postgres-probe.ts';

const port = TEST_SERVICE_PORTS.store;
const origin = `http://127.0.0.1:${port}`;

/** A second store on PostgreSQL for the tests that must hold on both databases; in CI there must be one. */
const withPostgres = (await probePostgres()) !== null;
if (!withPostgres && process.env.CI) throw new Error(`CI requires PostgreSQL. ${POSTGRES_HELP}`);
process.env.PRACTICEPASS_E2E_POSTGRES = withPostgres ? '1' : '';

/** A store's settings in the browser tests; each store has its own port and database. */
function storeEnv(storePort: number, database: Record<string, string>): Record<string, string> {
  const storeOrigin = `http://127.0.0.1:${storePort}`;
  return {
    PORT: String(storePort),
    HOST: '127.0.0.1',
    PUBLIC_URL: storeOrigin,
    // The tests pay with the sandbox's test cards; a store with a public address takes them only when asked.
    PAYMENT_PROVIDER: 'sandbox',
    ...database,
    AUTH_SECRET: 'browser-tests-secret-0123456789abcdefghijklmnop',
    GOOGLE_CLIENT_ID: 'practicepass-browser-tests',
    GOOGLE_CLIENT_SECRET: 'browser-tests-secret',
    GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${TEST_SERVICE_PORTS.oidc}/.well-known/openid-configuration`,
    SMTP_URL: `smtp://127.0.0.1:${TEST_SERVICE_PORTS.smtp}`,
    SUPPORT_EMAIL: 'help@practicepass.test',
    // The tests stand behind one proxy hop: it is how each test gets its own client address.
    TRUST_PROXY: '1',
    // The pending test card settles quickly here, so the pending page's polling is seen to move on.
    SANDBOX_SETTLE_SECONDS: '2',
    LOG_LEVEL: 'warn',
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Three on the two cores: the tests wait on the stores and the browser much of the time. Measured on
  // test-engine and cart (56 tests): 2 workers 181 s, 3 workers 148 s, 4 workers 155 s.
  workers: 3,
  // Room for a slow machine: the longest plain test takes about 19 s on the slowest one measured. Timeouts
  // catch a test that hangs; speed is measured by the benchmarks, not here.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: origin,
    // Dates on the pages are drawn in the browser's zone: the same on every machine.
    timezoneId: 'UTC',
    launchOptions: { executablePath: testBrowserPath(), args: chromiumArgs },
    // A failed test keeps its trace: each step's page, network and console. Without the screencast, which
    // the browser would encode as it goes for every test, passing or not (about 12 % of the run's time).
    // CI keeps only what the run prints, so there no trace is recorded: that is 12 % less CPU again
    // (test-engine and cart, two runs each way: 108–116 s of CPU against 124–130 s).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'npx tsx e2e/support/test-services.ts',
      url: `http://127.0.0.1:${TEST_SERVICE_PORTS.api}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx server/main.ts',
      url: `${origin}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: storeEnv(port, { DATABASE_URL: e2eDatabaseFile() }),
    },
    ...(withPostgres
      ? [
          {
            command: 'npx tsx e2e/support/postgres-store.ts',
            url: `http://127.0.0.1:${TEST_SERVICE_PORTS.postgresStore}/healthz`,
            reuseExistingServer: false,
            timeout: 60_000,
            // The database is dropped once the store has stopped.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
            env: storeEnv(TEST_SERVICE_PORTS.postgresStore, { PRACTICEPASS_E2E_PG_DB: e2ePostgresDatabase() }),
          },
        ]
      : []),
  ],
});
