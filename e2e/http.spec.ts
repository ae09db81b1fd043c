import { expect, test } from '@playwright/test';
import { pageJavaScript } from '../scripts/bench/page-weight.ts';
import { waitForHydration, watchConsole } from './support/pages.ts';
import { clientAddress, register, uniqueEmail } from './support/fixtures.ts';
import { CLOSED_BY_SERVER } from './support/bad-requests.ts';
import { DEMO_TEST, latestAttemptAddress, studentTest } from './support/student.ts';

test('the health check answers while the database does', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'sqlite' });
});

test('pages carry security headers and a nonce-based script policy, and no server banner', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  const html = await response.text();
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
    (m) => !m[1]!.includes('application/ld+json'),
  );
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const [tag] of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  expect(headers['server']).toBeUndefined();
});

test('every kind of answer carries a strict script policy, HSTS and no version banner', async ({ request }) => {
  const answers = {
    page: await request.get('/exams'),
    'data request': await request.get('/exams.data'),
    'JSON API': await request.post('/api/cart', { data: { intent: 'view' } }),
    'sign-in API': await request.post('/api/auth/sign-in/email', { data: {} }),
    'static file': await request.get('/favicon.svg'),
    'unknown page': await request.get('/no/such/page'),
    'refused method': await request.delete('/exams'),
    'oversized body': await request.post('/api/cart', { data: 'x'.repeat(1024 * 1024 + 1) }),
    health: await request.get('/healthz'),
  };
  const nonces = new Set<string>();
  for (const [what, response] of Object.entries(answers)) {
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    const directives = new Map(
      csp.split(';').map((d) => [d.trim().split(/\s+/)[0]!, d.trim().split(/\s+/).slice(1)] as const),
    );
    const scripts = directives.get('script-src') ?? [];
    // Scripts: this site's files, and inline code only with this answer's nonce.
    expect(
      scripts.filter((s) => !s.startsWith("'nonce-")),
      what,
    ).toEqual(["'self'"]);
    expect(
      scripts.filter((s) => s.startsWith("'nonce-")),
      what,
    ).toHaveLength(1);
    nonces.add(scripts.find((s) => s.startsWith("'nonce-"))!);
    expect(csp, what).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
    expect(directives.get('script-src-attr'), what).toEqual(["'none'"]);
    expect(directives.get('object-src'), what).toEqual(["'none'"]);
    expect(directives.get('base-uri'), what).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
    expect(directives.get('default-src'), what).toEqual(["'self'"]);
    expect(headers['x-frame-options'], what).toBe('DENY');
    // Meant to run behind HTTPS: browsers keep to HTTPS for a year, subdomains included.
    const hsts = /^max-age=(\d+); includeSubDomains$/.exec(headers['strict-transport-security'] ?? '');
    expect(Number(hsts?.[1]), what).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    expect(headers['x-powered-by'], what).toBeUndefined();
    expect(headers['server'], what).toBeUndefined();
  }
  // A nonce is good for one answer only.
  expect(nonces.size).toBe(Object.keys(answers).length);
});

test('pages are compressed and hashed assets are cached for a year', async ({ request }) => {
  const page = await request.get('/exams', { headers: { 'accept-encoding': 'gzip' } });
  expect(page.headers()['content-encoding']).toBe('gzip');
  const asset = /\/assets\/[^"]+\.js/.exec(await page.text())?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('unknown pages answer 404 with a page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('an address that starts with // is a path of the store, never read as another host', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  for (const path of ['//exams', '//evil.example/exams', '//cart']) {
    const response = await page.goto(`${baseURL}${path}`);
    expect(response?.status(), path).toBe(404);
    expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await waitForHydration(page);
  }
  expect((await page.request.get(`${baseURL}//`)).status()).toBeLessThan(500);
  // The browser reports each page's own 404; anything else (a hydration error) fails.
  expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
});

test('the sitemap lists the public pages of every exam; robots.txt points to it', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/exams/pmp</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/exam/cisco-ccna/practice-tests</loc>`);
  expect(xml.match(/<url>/g)).toHaveLength(3 + 8 * 2);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /cart');
  // Sign-in and registration are crawled, to be told not to be listed.
  expect(robots).not.toMatch(/Disallow: \/(login|register)/);
  for (const path of ['/login', '/register']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
  }
});

test('bad requests get a 4xx, never a 500', async ({ request }) => {
  // A body over the limit is refused; the client may see the connection close before the answer, and
  // then the store must still be up.
  try {
    const oversized = await request.post('/', { data: 'x'.repeat(2 * 1024 * 1024) });
    expect(oversized.status()).toBeGreaterThanOrEqual(400);
    expect(oversized.status()).toBeLessThan(500);
  } catch (error) {
    if (!CLOSED_BY_SERVER.test(String(error))) throw error;
    expect((await request.get('/healthz')).status()).toBe(200);
  }
  const refused = [
    request.post('/exams', { form: { q: 'x' } }),
    request.get('/exams/%E0%A4%A'),
    request.get(`/${'a/'.repeat(2000)}`),
    request.delete('/exams/pmp'),
  ];
  for (const response of await Promise.all(refused)) {
    expect(response.status(), response.url().slice(0, 80)).toBeGreaterThanOrEqual(400);
    expect(response.status(), response.url().slice(0, 80)).toBeLessThan(500);
  }
  // Bytes that are not UTF-8 decode to replacement characters: a harmless search, answered normally.
  const odd = await request.get('/exams?q=%FF%FE');
  expect(odd.status()).toBe(200);
});

const BUDGET = 110 * 1024;

test('every kind of page ships at most 110 KB of gzipped JavaScript, code loaded as it starts included', async ({
  browser,
}) => {
  const visitor = await browser.newContext();
  for (const path of ['/', '/exams', '/exams/pmp', '/exam/pmp/practice-tests', '/cart', '/demo/pmp']) {
    const { gzipBytes } = await pageJavaScript(await visitor.newPage(), path);
    expect(gzipBytes, path).toBeLessThanOrEqual(BUDGET);
  }
  await visitor.close();

  // The heaviest: a test running, whose engine loads as the page opens.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  const page = await context.newPage();
  await register(page, { name: 'Weighing Pages', email: uniqueEmail('weight'), password: 'weighing-pages-1' });
  await page.goto(`/practice-test/${DEMO_TEST}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await expect(page.getByRole('heading', { name: /^Question 1 of / })).toBeVisible();
  const running = await context.newPage();
  const { gzipBytes, files } = await pageJavaScript(running, `/practice-test/${DEMO_TEST}`);
  await expect(running.getByRole('heading', { name: /^Question 1 of / })).toBeVisible();
  expect(files).toBeGreaterThan(1);
  expect(gzipBytes, 'a running test').toBeLessThanOrEqual(BUDGET);
  await context.close();
});

studentTest(
  'a signed-in student’s pages, progress charts, an attempt’s review and a receipt included, ship at most 110 KB too',
  async ({ browser, student }) => {
    const context = await browser.newContext({ storageState: student.state });
    const attempt = await latestAttemptAddress(await context.newPage());
    const pages = [
      '/',
      '/dashboard',
      '/history',
      attempt,
      '/order',
      student.receipt,
      '/exam/pmp/practice-tests',
      '/exams/pmp',
    ];
    for (const path of pages) {
      const { gzipBytes } = await pageJavaScript(await context.newPage(), path);
      expect(gzipBytes, path).toBeLessThanOrEqual(BUDGET);
    }
    await context.close();
  },
);

test('the stylesheet is written into the page under the style nonce and stays through hydration and navigation', async ({
  page,
}) => {
  const response = await page.goto('/');
  const policy = response!.headers()['content-security-policy']!;
  const styleNonce = /style-src[^;]*'nonce-([0-9a-f]+)'/.exec(policy)?.[1];
  expect(styleNonce).toBeTruthy();
  expect(await response!.text()).toContain(`<style nonce="${styleNonce}">`);
  await waitForHydration(page);
  const styled = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await styled()).not.toBe('rgba(0, 0, 0, 0)');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL('/exams');
  expect(await styled()).not.toBe('rgba(0, 0, 0, 0)');
  expect(await page.locator('head style').count()).toBe(1);
});
