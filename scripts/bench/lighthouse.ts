import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium.ts';
import { percentile } from './stats.ts';
import { startAttempt } from './students.ts';

const run = promisify(execFile);
const LIGHTHOUSE = 'lighthouse@13.5.0';

interface Report {
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] } }
  >;
}

interface AuditedPage {
  path: string;
  cookie?: string;
  public: boolean;
  /** Runs just before each audit of the page. */
  prepare?: () => Promise<unknown>;
  /** Throws when the page audited is not the page meant. */
  verify?: (report: Report) => void;
}

/**
 * A running test: a signed-in student's exam-mode attempt, started just before each audit of the page (a
 * start resumes the attempt while its time lasts, and once it has run out hands it in and begins another),
 * so the test is still running however long the audits of the other pages took. Each audit must have
 * stayed on the test's address and loaded the test runner, which only a running test draws (the start
 * screen and the result do not): a cookie not honoured or an attempt handed in fails the run.
 */
async function runningTest(origin: string): Promise<AuditedPage> {
  const email = `lighthouse.${Date.now()}@example.com`;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: 'Light House', email, password: 'measure-the-page-1' }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const testId = 'clf-c02-pt1';
  return {
    path: `/practice-test/${testId}?mode=exam`,
    cookie,
    public: false,
    prepare: () => startAttempt(origin, cookie, testId, 'exam'),
    verify: (report) => {
      const scripts = (report.audits['network-requests']?.details?.items ?? []).map((i) => i.url ?? '');
      if (!scripts.some((url) => /\/test-runner(-[^/]*)?\.(js|tsx)$/.test(new URL(url).pathname))) {
        throw new Error(`${report.finalDisplayedUrl}: no running test (the test runner was not loaded)`);
      }
    },
  };
}

/** Where the full reports go: made by the run, not by loading this module (every bench command loads it). */
let reports = '';

/**
 * How the preset's slow phone is brought about: `simulate` (Lighthouse's default) loads the page at full
 * speed and estimates the phone's timings from that load with its model; `devtools` slows the browser's
 * network (562.5 ms round trips, 1.4 Mbit/s) and CPU (4×) while the page loads, and times the load itself.
 */
type Throttling = 'simulate' | 'devtools';

/** One Lighthouse run; a run whose trace failed (it happens now and then) is tried again once. */
async function audit(
  url: string,
  cookie: string | undefined,
  throttling: Throttling,
  runIndex: number,
  retry = true,
): Promise<Report> {
  const output = path.join(reports, `${encodeURIComponent(url)}-${throttling}-${runIndex}.json`);
  const args = [
    '-y',
    LIGHTHOUSE,
    url,
    `--throttling-method=${throttling}`,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-path=${chromiumPath()}`,
    `--chrome-flags=--headless=new ${chromiumArgs.join(' ')}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  try {
    await run('npx', args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if (retry) return audit(url, cookie, throttling, runIndex, false);
    throw error;
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as Report & { runtimeError?: { message: string } };
  if (report.runtimeError) {
    if (retry) return audit(url, cookie, throttling, runIndex, false);
    throw new Error(report.runtimeError.message);
  }
  return report;
}

const score = (report: Report, category: string) => (report.categories[category]?.score ?? 0).toFixed(2);

const lcpOf = (report: Report) => report.audits['largest-contentful-paint']?.numericValue ?? 0;

/** `runs` audits of a page, each prepared just before and checked to be of the page's own address. */
async function audits(page: AuditedPage, url: string, throttling: Throttling, runs: number): Promise<Report[]> {
  const results: Report[] = [];
  for (let i = 0; i < runs; i++) {
    await page.prepare?.();
    const report = await audit(url, page.cookie, throttling, i);
    if (report.finalDisplayedUrl !== url) throw new Error(`${url} was audited as ${report.finalDisplayedUrl}`);
    page.verify?.(report);
    results.push(report);
  }
  return results;
}

/** The run with the median performance score (Lighthouse's own guidance for noisy machines). */
function medianRun(reports: Report[]): Report {
  const sorted = [...reports].sort((a, b) => performanceOf(a) - performanceOf(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
const performanceOf = (report: Report) => report.categories.performance?.score ?? 0;

/** The median largest contentful paint of the runs (nearest rank). */
const medianLcp = (reports: Report[]) => percentile(reports.map(lcpOf), 50);

/**
 * Lighthouse's mobile preset (a mid-range phone on a slow 4G link) on the pages a visitor meets first and on
 * a running test. Each page is audited `runs` times as Lighthouse does by default (simulated), then `runs`
 * times with the same phone and link applied to the browser while the page loads. The scores are those of
 * the simulated run with the median performance score; each LCP column is the median LCP of its runs.
 * Usage: npm run bench -- lighthouse http://localhost:3000 [runs]
 */
export async function reportLighthouse(origin: string, runs = 3) {
  reports = mkdtempSync(path.join(tmpdir(), 'practicepass-lighthouse-'));
  const pages: AuditedPage[] = [
    { path: '/', public: true },
    { path: '/exams', public: true },
    { path: '/exams/aws-cloud-practitioner', public: true },
    { path: '/exam/aws-cloud-practitioner/practice-tests', public: true },
    await runningTest(origin),
  ];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `| page | performance | accessibility | best practices | SEO | LCP, simulated (median of ${runs}) | LCP, applied (median of ${runs}) | JavaScript (transfer) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const page of pages) {
    const url = new URL(page.path, origin).href;
    const simulated = await audits(page, url, 'simulate', runs);
    const applied = await audits(page, url, 'devtools', runs);
    const report = medianRun(simulated);
    const scripts = (report.audits['resource-summary']?.details?.items ?? []).find((i) => i.resourceType === 'script');
    const seo = page.public ? score(report, 'seo') : 'n/a (noindex)';
    console.log(
      `| ${page.path.split('?')[0]} | ${score(report, 'performance')} | ${score(report, 'accessibility')} | ${score(report, 'best-practices')} | ${seo} | ${seconds(medianLcp(simulated))} | ${seconds(medianLcp(applied))} | ${((scripts?.transferSize ?? 0) / 1024).toFixed(1)} KB |`,
    );
  }
  console.log(`\nFull reports: ${reports}`);
}
