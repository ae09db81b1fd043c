import { randomInt } from 'node:crypto';
import { expect, request as requests, type APIRequestContext } from '@playwright/test';
import { TEST_SERVICE_PORTS } from './ports.ts';
import { uniqueEmail } from './fixtures.ts';

export const STORE = `http://127.0.0.1:${TEST_SERVICE_PORTS.store}`;

/** A client address of its own, so one client's rate limits never reach another. */
export const randomClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A browser-less visitor of a store (the SQLite one unless told): its own cookie jar and client address. */
export function visitor(store = STORE): Promise<APIRequestContext> {
  return requests.newContext({ baseURL: store, extraHTTPHeaders: { 'x-forwarded-for': randomClientAddress() } });
}

export interface Student {
  api: APIRequestContext;
  name: string;
  email: string;
  password: string;
}

/** Registers through the store's own form and keeps the session cookie. */
export async function signUp(prefix: string, store = STORE): Promise<Student> {
  const api = await visitor(store);
  const name = `${prefix} ${randomInt(1e6, 1e7)}`;
  const email = uniqueEmail(prefix.toLowerCase().replace(/\W+/g, '-'));
  const password = `long-enough-${randomInt(1e9)}`;
  const response = await api.post('/register', { form: { name, email, password } });
  expect(response.url()).toBe(`${store}/dashboard`);
  return { api, name, email, password };
}

export interface Purchase {
  sessionId: string;
  orderId: string;
}

/** Puts an exam in the stored cart and pays for it on the sandbox's page with the card that succeeds. */
export async function buyThroughSandbox(api: APIRequestContext, examId: string): Promise<Purchase> {
  expect((await (await api.post('/api/cart', { data: { intent: 'add', examId } })).json()).result).toBe('added');
  const paymentPage = await openCheckout(api);
  // The fields as the page's form sends them, its expiry and CVC as filled in.
  const form = { intent: 'pay', card: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
  const receipt = await api.post(paymentPage, { form });
  const url = new URL(receipt.url());
  expect(url.pathname).toBe('/thank-you');
  const orderId = /ORD-\d{10,16}[A-Z]{8}/.exec(await receipt.text())?.[0];
  expect(orderId).toBeTruthy();
  return { sessionId: url.searchParams.get('session_id')!, orderId: orderId! };
}

/** 'Proceed to Payment' for the stored cart: the path of the sandbox's payment page. */
export async function openCheckout(api: APIRequestContext): Promise<string> {
  const started = await api.post('/checkout', { form: { coupon: '' }, maxRedirects: 0 });
  expect(started.status()).toBe(302);
  const location = started.headers()['location']!;
  expect(location).toMatch(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]+$/);
  return new URL(location, STORE).pathname;
}

interface AttemptJson {
  id: string;
  questions: { id: string; options: { id: string }[] }[];
}

/** Starts an attempt through the test page's API; the server's view of it. */
export async function startAttempt(api: APIRequestContext, testId: string, mode: 'exam' | 'practice') {
  const response = await api.post('/api/attempts', { data: { intent: 'start', testId, mode } });
  expect(response.status()).toBe(200);
  return (await response.json()) as AttemptJson;
}

export async function answer(api: APIRequestContext, attempt: AttemptJson, index: number) {
  const question = attempt.questions[index]!;
  const response = await api.post('/api/attempts', {
    data: { intent: 'answer', attemptId: attempt.id, questionId: question.id, selected: [question.options[0]!.id] },
  });
  expect(response.status()).toBe(200);
}

export async function submit(api: APIRequestContext, attemptId: string) {
  const response = await api.post('/api/attempts', { data: { intent: 'submit', attemptId } });
  expect(response.status()).toBe(200);
}
