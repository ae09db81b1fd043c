import type { APIRequestContext, APIResponse } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, test, uniqueEmail } from './support/fixtures.ts';

interface Operation {
  requestBody?: { content: { 'application/json': { schema: object } } };
  responses: Record<string, { content?: { 'application/json'?: { schema?: object } } }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

/**
 * Holds the store's answers to its published OpenAPI document: every request sent here is one the
 * document allows (or one it forbids, which the store must refuse), and every answer's status and body
 * must be one the document describes for that operation.
 */
class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly checked: string[] = [];

  constructor(private readonly document: Document) {
    this.ajv.addSchema({ $id: 'openapi', components: document.components });
  }

  private validator(schema: object) {
    // The document's references point into its own components.
    return this.ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')));
  }

  private operation(path: string, method: string): Operation {
    const operation = this.document.paths[path]?.[method];
    expect(operation, `${method.toUpperCase()} ${path} is in the document`).toBeDefined();
    return operation!;
  }

  /** Whether the document's schema for the operation's request body accepts `body`. */
  allows(path: string, body: unknown): boolean {
    const schema = this.operation(path, 'post').requestBody!.content['application/json'].schema;
    return this.validator(schema)(body);
  }

  async expectDocumented(path: string, method: string, response: APIResponse) {
    const operation = this.operation(path, method);
    const status = String(response.status());
    const documented = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
    expect(documented, `${method.toUpperCase()} ${path} documents ${status}`).toBeDefined();
    const schema = documented!.content?.['application/json']?.schema;
    if (schema) {
      const validate = this.validator(schema);
      const body: unknown = await response.json();
      expect(validate(body), `${path} ${status}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(body)}`).toBe(
        true,
      );
    }
    this.checked.push(`${method} ${path} ${status}`);
  }

  /** Posts a body the document allows (or, with `allowed: false`, one it forbids) and checks the answer. */
  async post(request: APIRequestContext, path: string, body: unknown, allowed = true, headers = {}) {
    expect(this.allows(path, body), `the document ${allowed ? 'allows' : 'forbids'} ${JSON.stringify(body)}`).toBe(
      allowed,
    );
    const response = await request.post(path, { data: body, headers });
    if (!allowed) expect(response.status()).toBe(400);
    await this.expectDocumented(path, 'post', response);
    return response;
  }
}

test('the OpenAPI document describes every answer of the JSON API, for a visitor and a student', async ({
  request,
  baseURL,
}) => {
  const published = await request.get('/api/openapi.json');
  expect(published.status()).toBe(200);
  const document = (await published.json()) as Document;
  expect(document.openapi).toBe('3.1.0');
  // Every reference names a component that exists.
  for (const [, id] of JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
    expect(Object.keys(document.components.schemas)).toContain(id);
  const contract = new Contract(document);

  // A visitor: the cart is priced from its ids; a stored cart cannot change.
  const local = [{ id: 'pmp', quantity: 2, price: 0.01 }];
  const viewed = await contract.post(request, '/api/cart', { intent: 'view', local });
  expect((await viewed.json()).cart.totalCents).toBe(9998);
  await contract.post(request, '/api/cart', { intent: 'coupon', code: 'NOSUCH', applied: false, local });
  expect((await contract.post(request, '/api/cart', { intent: 'add', examId: 'pmp' })).status()).toBe(401);
  await contract.post(request, '/api/cart', { intent: 'quantity', examId: 'pmp', quantity: 100 }, false);
  await contract.post(request, '/api/cart', { intent: 'view', extra: 1 }, false);
  const fromElsewhere = await contract.post(request, '/api/cart', { intent: 'clear' }, true, {
    origin: 'https://elsewhere.example',
  });
  expect(fromElsewhere.status()).toBe(403);

  // A visitor takes the free test and the demo; the second test is locked.
  const started = await contract.post(request, '/api/attempts', {
    intent: 'start',
    testId: 'clf-c02-pt1',
    mode: 'practice',
  });
  const attempt = (await started.json()) as { id: string; questions: { id: string; options: { id: string }[] }[] };
  const question = attempt.questions[0]!;
  const chosen = [question.options[0]!.id];
  const answer = { attemptId: attempt.id, questionId: question.id, selected: chosen };
  await contract.post(request, '/api/attempts', { intent: 'answer', ...answer, flagged: true });
  const checked = await contract.post(request, '/api/attempts', { intent: 'check', ...answer });
  expect((await checked.json()).checked.explanation).not.toBe('');
  // The same answer checked again gets its correction again; another answer to a checked question is refused.
  const again = await contract.post(request, '/api/attempts', { intent: 'check', ...answer });
  expect(await again.json()).toEqual(await checked.json());
  const other = [question.options[1]!.id];
  expect(
    (await contract.post(request, '/api/attempts', { intent: 'check', ...answer, selected: other })).status(),
  ).toBe(409);
  await contract.post(request, '/api/attempts', { intent: 'answer', ...answer, selected: ['zz'] });
  const timeLeft = await contract.post(request, '/api/attempts', { intent: 'time-left', attemptId: attempt.id });
  expect(await timeLeft.json()).toEqual({ secondsLeft: null });
  await contract.post(request, '/api/attempts', { intent: 'submit', attemptId: attempt.id });
  // Handed in, the attempt takes no more answers, and says so for the page to show its result.
  const ended = await contract.post(request, '/api/attempts', { intent: 'answer', ...answer, flagged: false });
  expect(await ended.json()).toMatchObject({ status: 409, ended: 'handed-in' });
  await contract.post(request, '/api/attempts', { intent: 'start-demo', examId: 'pmp' });
  const locked = await contract.post(request, '/api/attempts', {
    intent: 'start',
    testId: 'clf-c02-pt2',
    mode: 'exam',
  });
  expect(locked.status()).toBe(403);
  const missing = '00000000-0000-4000-8000-000000000000';
  expect((await contract.post(request, '/api/attempts', { intent: 'submit', attemptId: missing })).status()).toBe(404);
  await contract.post(request, '/api/attempts', { intent: 'start', testId: 'clf-c02-pt1', mode: 'timed' }, false);
  // One address may start 30 tests a minute signed out (two above); the next start is refused.
  let signedOutStarts = 2;
  for (; signedOutStarts < 40; signedOutStarts++) {
    const next = await request.post('/api/attempts', { data: { intent: 'start-demo', examId: 'pmp' } });
    if (next.status() !== 200) break;
  }
  expect(signedOutStarts).toBe(30);
  const tooMany = await contract.post(request, '/api/attempts', { intent: 'start-demo', examId: 'pmp' });
  expect(tooMany.status()).toBe(429);

  // A student: signs up, fills a stored cart, checks a coupon; a wrong password is refused.
  const email = uniqueEmail('contract');
  const password = 'read-the-contract-1';
  const origin = { origin: baseURL! };
  await contract.post(request, '/api/auth/sign-up/email', { name: 'Con Tract', email, password }, true, origin);
  await contract.post(request, '/api/cart', { intent: 'merge', local });
  const added = await contract.post(request, '/api/cart', { intent: 'add', examId: 'aws-cloud-practitioner' });
  expect((await added.json()).result).toBe('added');
  await contract.post(request, '/api/cart', { intent: 'quantity', examId: 'pmp', quantity: 3 });
  await contract.post(request, '/api/cart', { intent: 'coupon', code: 'NOSUCH', applied: false });
  await contract.post(request, '/api/cart', { intent: 'remove', examId: 'pmp' });
  await contract.post(request, '/api/cart', { intent: 'clear' });
  await contract.post(request, '/api/auth/sign-out', {}, true, origin);
  const wrong = await contract.post(
    request,
    '/api/auth/sign-in/email',
    { email, password: 'not-it-at-all' },
    true,
    origin,
  );
  expect(wrong.status()).toBe(401);
  await contract.post(request, '/api/auth/sign-in/email', { email, password }, true, origin);

  // The payment provider's notifications must be signed.
  const unsigned = await request.post('/api/payments/webhook', { data: { type: 'checkout.session.completed' } });
  expect(unsigned.status()).toBe(400);
  await contract.expectDocumented('/api/payments/webhook', 'post', unsigned);

  expect([...new Set(contract.checked)].sort()).toEqual([
    'post /api/attempts 200',
    'post /api/attempts 400',
    'post /api/attempts 403',
    'post /api/attempts 404',
    'post /api/attempts 409',
    'post /api/attempts 429',
    'post /api/auth/sign-in/email 200',
    'post /api/auth/sign-in/email 401',
    'post /api/auth/sign-out 200',
    'post /api/auth/sign-up/email 200',
    'post /api/cart 200',
    'post /api/cart 400',
    'post /api/cart 401',
    'post /api/cart 403',
    'post /api/payments/webhook 400',
  ]);
});
