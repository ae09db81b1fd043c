import { expect, register, test, uniqueEmail } from './support/fixtures.ts';

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

test('an anonymous page comes back from memory exactly as first sent, its script nonce matching its policy', async ({
  request,
}) => {
  for (const path of ['/', '/exams', '/exams?q=aws', '/exams/pmp', '/exam/pmp/practice-tests']) {
    const first = await request.get(path);
    const second = await request.get(path);
    expect(first.status(), path).toBe(200);
    expect(['hit', 'miss'], path).toContain(first.headers()['x-page-cache']);
    expect(second.headers()['x-page-cache'], path).toBe('hit');
    const body = await second.text();
    expect(body, path).toBe(await first.text());
    const csp = second.headers()['content-security-policy'];
    expect(csp, path).toBe(first.headers()['content-security-policy']);
    const nonce = nonceOf(csp);
    expect(nonce, path).toBeTruthy();
    const inline = [...body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
      (m) => !m[1]!.includes('application/ld+json'),
    );
    expect(inline.length, path).toBeGreaterThan(0);
    for (const [tag] of inline) expect(tag, path).toContain(`nonce="${nonce}"`);
    expect(second.headers()['cache-control'], path).toBe('private, no-cache');
    expect(second.headers()['vary'], path).toMatch(/cookie/i);
  }
});

test('a signed-in student always gets their own page, and nothing of it reaches anonymous visitors', async ({
  page,
  playwright,
}) => {
  const name = `Cache Student ${Date.now().toString(36)}`;
  await register(page, { name, email: uniqueEmail('cache'), password: 'correct horse battery' });

  for (const path of ['/', '/exams', '/exams/pmp', '/exam/pmp/practice-tests']) {
    const mine = await page.request.get(path);
    expect(mine.status(), path).toBe(200);
    expect(mine.headers()['x-page-cache'], path).toBeUndefined();
    expect(mine.headers()['cache-control'], path).toBe('private, no-store');
    expect(mine.headers()['vary'], path).toMatch(/cookie/i);
    expect(await mine.text(), path).toContain(name);

    const anonymous = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    const theirs = await anonymous.get(path);
    expect(['hit', 'miss'], path).toContain(theirs.headers()['x-page-cache']);
    expect(await theirs.text(), path).not.toContain(name);
    await anonymous.dispose();
  }
  // Client-side navigation reads the same data: the signed-in student's is theirs too.
  const data = await page.request.get('/exams.data');
  expect(data.headers()['x-page-cache']).toBeUndefined();
  expect(data.headers()['cache-control']).toBe('private, no-store');
  expect(await data.text()).toContain(name);
});

test('a page with a message waiting is rendered for its visitor and never kept', async ({ request, baseURL }) => {
  // Signing out leaves 'Logged out successfully' for the next page, in a cookie the store signs.
  const out = await request.post('/logout', { headers: { origin: baseURL! }, maxRedirects: 0 });
  expect(out.headers()['set-cookie']).toMatch(/^pp_flash=[^;]+\.[^;]+;/);
  const withMessage = await request.get('/exams');
  expect(withMessage.headers()['x-page-cache']).toBeUndefined();
  expect(await withMessage.text()).toContain('Logged out successfully');
  expect(withMessage.headers()['set-cookie']).toContain('pp_flash=;');

  const plain = await request.get('/exams');
  expect(['hit', 'miss']).toContain(plain.headers()['x-page-cache']);
  expect(await plain.text()).not.toContain('Logged out successfully');

  // The same cookie written by anyone but the store (unsigned) shows nothing, and is still never kept.
  const forged = Buffer.from(JSON.stringify({ type: 'error', message: 'Cache probe message' })).toString('base64');
  const withForged = await request.get('/exams', { headers: { cookie: `pp_flash=${encodeURIComponent(forged)}` } });
  expect(withForged.headers()['x-page-cache']).toBeUndefined();
  expect(await withForged.text()).not.toContain('Cache probe message');
});
