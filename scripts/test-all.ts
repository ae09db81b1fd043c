/**
 * `npm test`: type-check, lint, unit and integration tests (SQLite and PostgreSQL), build, browser
 * tests. Stops at the first failing step. Under CI=true nothing may be left out: a missing Chromium or
 * PostgreSQL fails the run instead of being skipped.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_HELP, hasChromium } from '../e2e/support/chromium.ts';

const ci = Boolean(process.env.CI);
const reports = mkdtempSync(path.join(tmpdir(), 'practicepass-test-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

/** Runs one step; after a failure, `report` still reads what the step's tests left, then the run stops. */
function run(title: string, command: string, args: string[], env: Record<string, string> = {}, report?: () => void) {
  console.log(`\n▶ ${title}`);
  const failedBefore = totals.failed;
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  report?.();
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    // A step that fails without a failing test (type-check, lint, build, an error outside any test)
    // still counts as a failure.
    if (totals.failed === failedBefore) totals.failed += 1;
    printTotals();
    process.exit(result.status ?? 1);
  }
}

const totals = { passed: 0, failed: 0 };

function readVitest() {
  try {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
  } catch {
    // No report: the step itself has already said what went wrong.
  }
}

function readPlaywright() {
  try {
    const report = JSON.parse(readFileSync(playwrightReport, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
  } catch {
    // As above.
  }
}

function printTotals() {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
}

const browser = hasChromium();
if (!browser) {
  if (ci) {
    console.error(`✖ ${CHROMIUM_HELP}`);
    process.exit(1);
  }
  console.warn(`⚠ ${CHROMIUM_HELP}\n  The browser tests are left out of this run.`);
}

run('Type-check', 'npm', ['run', '--silent', 'typecheck']);
run('Lint and format', 'npm', ['run', '--silent', 'lint']);
run(
  'Unit and integration tests (SQLite and PostgreSQL)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  {},
  readVitest,
);
if (browser) {
  run('Build', 'npm', ['run', '--silent', 'build']);
  run(
    'Browser tests (Chromium)',
    'npx',
    ['playwright', 'test'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    readPlaywright,
  );
}
printTotals();
