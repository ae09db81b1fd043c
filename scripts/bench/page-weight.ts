import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium.ts';

export interface PageWeight {
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/**
 * JavaScript a page makes the browser load as it opens, gzipped (level 9, as a CDN would): every script the
 * browser fetches until the network is quiet, so code a page loads as it starts (a running test's engine, a
 * student's dashboard, charts) counts as well as the scripts its HTML names. `page` should be fresh, so
 * nothing comes from its cache unseen.
 */
export async function pageJavaScript(page: Page, url: string): Promise<PageWeight> {
  const bodies = new Map<string, Promise<Buffer | null>>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' && !new URL(response.url()).pathname.endsWith('.js')) return;
    bodies.set(
      response.url(),
      response.body().catch(() => null),
    );
  };
  page.on('response', onResponse);
  try {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  const weight: PageWeight = { files: 0, rawBytes: 0, gzipBytes: 0 };
  for (const body of await Promise.all(bodies.values())) {
    if (!body) throw new Error(`a script of ${url} could not be read`);
    weight.files += 1;
    weight.rawBytes += body.length;
    weight.gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return weight;
}

const PUBLIC_PAGES = ['/', '/exams', '/exams/pmp', '/exam/pmp/practice-tests', '/cart', '/demo/pmp'];
/** The free test every visitor and student may take. */
const FREE_TEST = 'clf-c02-pt1';

const row = (label: string, w: PageWeight) =>
  `| ${label} | ${w.files} | ${(w.rawBytes / 1024).toFixed(1)} KB | ${(w.gzipBytes / 1024).toFixed(1)} KB |`;

/**
 * Every kind of page a visitor and a student open, each in a fresh page of Debian's Chromium: the public
 * pages (or `paths`), then a student registered for the purpose who has handed one test in and is taking it
 * again: the running test, and the student's own pages with their progress drawn.
 */
export async function reportPageWeight(origin: string, paths: string[]) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    console.log('| page | files | JavaScript | gzipped |\n|---|---|---|---|');
    const visitor = await browser.newContext({ baseURL: origin });
    for (const path of paths.length > 0 ? paths : [...PUBLIC_PAGES, `/practice-test/${FREE_TEST}`]) {
      console.log(row(path, await pageJavaScript(await visitor.newPage(), path)));
    }
    await visitor.close();
    if (paths.length > 0) return;

    const student = await browser.newContext({ baseURL: origin });
    const page = await student.newPage();
    await page.goto('/register');
    await page.getByLabel('Name').fill('Page Weight');
    await page.getByLabel('Email').fill(`page-weight-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('weighing-pages-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/dashboard');
    // One test handed in (progress and charts to draw), then started again and left running.
    for (const again of [false, true]) {
      await page.goto(`/practice-test/${FREE_TEST}?mode=exam`);
      await page.getByRole('button', { name: 'Start Exam Mode' }).click();
      await page.getByRole('heading', { name: /^Question 1 of / }).waitFor();
      if (again) break;
      await page.getByRole('button', { name: 'Submit Test' }).last().click();
      await page.getByRole('button', { name: 'Submit Test' }).click();
      await page.getByRole('heading', { name: 'Keep Practicing!' }).waitFor();
    }
    await page.goto('/history');
    const review = await page
      .getByRole('link', { name: /^Review / })
      .first()
      .getAttribute('href');
    const signedIn = [
      [`/practice-test/${FREE_TEST}`, 'a running test'],
      ['/', 'signed in: home (the dashboard, a test to resume)'],
      ['/history', 'signed in: history'],
      [review!, 'signed in: an attempt’s review'],
      ['/exam/aws-cloud-practitioner/practice-tests', 'signed in: practice tests, with charts'],
      ['/purchased', 'signed in: my exams'],
      ['/order', 'signed in: orders'],
      ['/exams/pmp', 'signed in: an exam'],
    ];
    for (const [path, label] of signedIn) {
      console.log(row(`${label} (${path})`, await pageJavaScript(await student.newPage(), path!)));
    }
  } finally {
    await browser.close();
  }
}
