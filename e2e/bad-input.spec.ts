import type { APIRequestContext } from '@playwright/test';
import { SCRIPT_MARKERS } from './support/bad-payloads.ts';
import { badRequests, CLOSED_BY_SERVER, type BadRequest } from './support/bad-requests.ts';
import { createCoupon, expect, test } from './support/fixtures.ts';
import {
  answer,
  buyThroughSandbox,
  randomClientAddress,
  signUp,
  startAttempt,
  visitor,
} from './support/http-student.ts';
import { storedRowChecksums, storedValueIn } from './support/stored-rows.ts';
import { storesUnderTest } from './support/stores.ts';

/** Requests in flight at once: enough to keep the server busy, few enough to leave room for other tests. */
const IN_FLIGHT = 3;

/** A refusal must say why: a JSON `error` sentence, or a page with a heading or an alert. */
function saysWhy(type: string, body: string): boolean {
  if (type.includes('json')) {
    try {
      const error = (JSON.parse(body) as { error?: unknown }).error;
      return typeof error === 'string' && error.trim().length > 0;
    } catch {
      return false;
    }
  }
  if (type.includes('html')) return /<h1[^>]*>[^<]+<\/h1>|role="alert"[^>]*>[^<]+</.test(body);
  // React Router's data requests carry the route's error message in their stream.
  if (type.includes('text/x-script')) return /ErrorResponse|"error"/.test(body);
  return body.trim().length > 0;
}

/** What is wrong with the answer to one bad request, or null. */
function problemWith(request: BadRequest, status: number, type: string, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (request.kind.includes('traversal') && /root:x:0:0|"devDependencies"|AUTH_SECRET/.test(body))
    return 'served a file from outside the store';
  if (type.includes('html') && SCRIPT_MARKERS.some((marker) => body.includes(marker)))
    return 'put the markup it was sent into the page unescaped';
  if (status >= 400 && !saysWhy(type, body)) return `answered ${status} without saying why (${type || 'no type'})`;
  return null;
}

// On each database: PostgreSQL refuses some text SQLite stores (a NUL character), so both are tried.
for (const store of storesUnderTest()) {
  test(`over a thousand malformed requests on ${store.name}: never a server error, always a reason, no stored data changed`, async () => {
    test.setTimeout(180_000);

    // The victim: a purchase, an exam waiting in the cart and a practice attempt with one answer.
    const victim = await signUp('Victim', store.origin);
    await buyThroughSandbox(victim.api, 'pmp');
    await victim.api.post('/api/cart', { data: { intent: 'add', examId: 'itil-4-foundation' } });
    const attempt = await startAttempt(victim.api, 'pmp-pt2', 'practice');
    await answer(victim.api, attempt, 0);
    const coupon = `BADINPUT${Date.now().toString().slice(-8)}`;
    await createCoupon([coupon, '--type', 'percentage', '--value', '10', '--usage-limit', '5'], store.databaseUrl);
    const victimId = (await storedValueIn(store, 'select id from users where email = ?', victim.email)) as string;

    const before = await storedRowChecksums(store, victimId, coupon);
    expect(before['cart_items']).toMatch(/^1 rows/);
    expect(before['purchases']).toMatch(/^1 rows/);
    expect(before['attempt_answers']).toMatch(/^1 rows/);
    expect(before['coupon']).toMatch(/^1 rows/);

    const anonymous = await visitor(store.origin);
    const clients: Record<BadRequest['as'], APIRequestContext> = { anonymous, victim: victim.api };
    const requests = badRequests({ email: victim.email, attemptId: attempt.id }, store.origin);
    expect(requests.length).toBeGreaterThanOrEqual(1000);

    const problems: string[] = [];
    let sent = 0;
    let dropped = 0;
    async function send(request: BadRequest) {
      const response = await clients[request.as].fetch(request.url, {
        method: request.method,
        // Each request from its own address, so rate limits answer for the limit, not for this suite.
        headers: { 'x-forwarded-for': randomClientAddress(), ...request.headers },
        ...(request.body !== undefined && { data: request.body }),
        maxRedirects: 0,
      });
      sent++;
      const type = response.headers()['content-type'] ?? '';
      const problem = problemWith(request, response.status(), type, await response.text());
      if (problem) problems.push(`${request.label} (as ${request.as}): ${problem}`);
    }
    const queue = requests.filter((request) => !request.oversized);
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let request = queue.shift(); request; request = queue.shift()) await send(request);
      }),
    );
    // Over the size limits the server answers 413 or 431 and closes the connection at once, before the
    // client has finished sending: the client may see the close instead of the answer. Those go one at a
    // time, and a closed connection counts as refused only while the server stays up.
    for (const request of requests.filter((r) => r.oversized)) {
      try {
        await send(request);
      } catch (error) {
        if (!CLOSED_BY_SERVER.test(String(error))) throw error;
        expect((await anonymous.get('/healthz')).status(), request.label).toBe(200);
        sent++;
        dropped++;
      }
    }
    console.log(
      `bad-input on ${store.name}: sent ${sent} malformed requests (${dropped} oversized ones refused by closing the connection)`,
    );

    expect(sent).toBe(requests.length);
    expect(problems).toEqual([]);
    expect(await storedRowChecksums(store, victimId, coupon)).toEqual(before);
    // The victim's session survived all of it.
    expect(await (await victim.api.get('/auth/session')).json()).toEqual({ signedIn: true });
    await anonymous.dispose();
    await victim.api.dispose();
  });
}
