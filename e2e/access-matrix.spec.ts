import { readdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  answer,
  buyThroughSandbox,
  openCheckout,
  signUp,
  startAttempt,
  STORE,
  submit,
  visitor,
  type Student,
} from './support/http-student.ts';
import { storedValue } from './support/stored-rows.ts';

/** Student A's things, which nobody else may see or change. */
interface Owner {
  student: Student;
  userId: string;
  sessionToken: string;
  receipt: { sessionId: string; orderId: string };
  finishedAttemptId: string;
  openAttempt: { id: string; questionId: string; optionId: string };
  openCheckout: { sessionId: string; orderId: string };
}

/**
 * What a request gets: `open` (any answer below 400 that is not a sign-in redirect), `sign-in` (sent
 * to /login), `own` (200, with the caller's own data only), a refusal status, or a redirect elsewhere.
 */
type Outcome = 'open' | 'sign-in' | 'own' | 400 | 401 | 403 | 404 | 405 | { to: string };

interface Access {
  /** The route as written in app/routes.ts (with a leading slash), or the Fastify path. */
  route: string;
  what: string;
  request: (a: Owner) => { method?: 'GET' | 'POST'; url: string; form?: Record<string, string>; json?: unknown };
  anonymous: Outcome;
  /** Another signed-in student, B, who bought the same exam: only ownership stands between B and A's things. */
  stranger: Outcome;
  /** What B's answer must say, beyond not showing A's things. */
  strangerSees?: RegExp;
  /** The provider's payment page: whoever holds its unguessable address sees it, as with Stripe. */
  capability?: true;
  /** Ends the caller's session: run after the others. */
  endsSession?: true;
}

const PAID_TEST = 'pmp-pt2';
const auth = { origin: STORE };

/** Every page, action and API of the store. A new route gets its rows here, or the first test fails. */
const ACCESS: Access[] = [
  { route: '/', what: 'home', request: () => ({ url: '/' }), anonymous: 'open', stranger: 'open' },
  { route: '/exams', what: 'catalogue', request: () => ({ url: '/exams?q=pmp' }), anonymous: 'open', stranger: 'open' },
  {
    route: '/exams/:examId',
    what: 'exam',
    request: () => ({ url: '/exams/pmp' }),
    anonymous: 'open',
    stranger: 'open',
  },
  {
    route: '/exam/:examId/practice-tests',
    what: 'practice tests',
    request: () => ({ url: '/exam/pmp/practice-tests' }),
    anonymous: 'open',
    stranger: 'open',
  },
  {
    route: '/exam/:examId/practice-tests',
    what: 'reset progress (resets only the caller’s own)',
    request: () => ({ method: 'POST', url: '/exam/pmp/practice-tests', form: { intent: 'reset' } }),
    anonymous: 401,
    stranger: { to: '/exam/pmp/practice-tests' },
  },
  { route: '/demo/:examId', what: 'demo', request: () => ({ url: '/demo/pmp' }), anonymous: 'open', stranger: 'open' },
  {
    route: '/practice-test/:testId',
    what: 'free first test',
    request: () => ({ url: '/practice-test/pmp-pt1' }),
    anonymous: 'open',
    stranger: 'open',
  },
  {
    route: '/practice-test/:testId',
    what: 'the paid test A has an attempt open in',
    request: () => ({ url: `/practice-test/pmp-pt3?mode=practice` }),
    anonymous: 403,
    stranger: 'own',
  },
  {
    route: '/api/attempts',
    what: 'start a paid test',
    request: () => ({
      method: 'POST',
      url: '/api/attempts',
      json: { intent: 'start', testId: PAID_TEST, mode: 'exam' },
    }),
    anonymous: 403,
    stranger: 'own',
  },
  {
    route: '/api/attempts',
    what: 'answer in A’s attempt',
    request: (a) => ({
      method: 'POST',
      url: '/api/attempts',
      json: {
        intent: 'answer',
        attemptId: a.openAttempt.id,
        questionId: a.openAttempt.questionId,
        selected: [a.openAttempt.optionId],
      },
    }),
    anonymous: 401,
    stranger: 404,
  },
  {
    route: '/api/attempts',
    what: 'check an answer in A’s attempt (would reveal it)',
    request: (a) => ({
      method: 'POST',
      url: '/api/attempts',
      json: {
        intent: 'check',
        attemptId: a.openAttempt.id,
        questionId: a.openAttempt.questionId,
        selected: [a.openAttempt.optionId],
      },
    }),
    anonymous: 401,
    stranger: 404,
  },
  {
    route: '/api/attempts',
    what: 'submit A’s open attempt',
    request: (a) => ({ method: 'POST', url: '/api/attempts', json: { intent: 'submit', attemptId: a.openAttempt.id } }),
    anonymous: 401,
    stranger: 404,
  },
  {
    route: '/api/attempts',
    what: 'A’s finished attempt and its review',
    request: (a) => ({
      method: 'POST',
      url: '/api/attempts',
      json: { intent: 'submit', attemptId: a.finishedAttemptId },
    }),
    anonymous: 401,
    stranger: 404,
  },
  { route: '/api/attempts', what: 'read', request: () => ({ url: '/api/attempts' }), anonymous: 405, stranger: 405 },
  {
    route: '/api/cart',
    what: 'view (the caller’s own cart)',
    request: () => ({ method: 'POST', url: '/api/cart', json: { intent: 'view' } }),
    anonymous: 'open',
    stranger: 'own',
    // Their own empty cart, and when the store read it: nothing of A's.
    strangerSees: /^\{"cart":\{"items":\[\],"count":0,"totalCents":0,"readAt":\d+\}\}$/,
  },
  {
    route: '/api/cart',
    what: 'add',
    request: () => ({ method: 'POST', url: '/api/cart', json: { intent: 'add', examId: 'cisco-ccna' } }),
    anonymous: 401,
    stranger: 'own',
  },
  {
    route: '/api/cart',
    what: 'quantity of A’s line',
    request: () => ({
      method: 'POST',
      url: '/api/cart',
      json: { intent: 'quantity', examId: 'itil-4-foundation', quantity: 5 },
    }),
    anonymous: 401,
    stranger: 'own',
  },
  {
    route: '/api/cart',
    what: 'remove A’s line',
    request: () => ({ method: 'POST', url: '/api/cart', json: { intent: 'remove', examId: 'itil-4-foundation' } }),
    anonymous: 401,
    stranger: 'own',
  },
  {
    route: '/api/cart',
    what: 'merge',
    request: () => ({ method: 'POST', url: '/api/cart', json: { intent: 'merge', local: [] } }),
    anonymous: 401,
    stranger: 'own',
  },
  {
    route: '/api/cart',
    what: 'clear (the caller’s own cart)',
    request: () => ({ method: 'POST', url: '/api/cart', json: { intent: 'clear' } }),
    anonymous: 401,
    stranger: 'own',
  },
  {
    route: '/api/cart',
    what: 'coupon',
    request: () => ({ method: 'POST', url: '/api/cart', json: { intent: 'coupon', code: 'NOPE', applied: false } }),
    anonymous: 'open',
    stranger: 'own',
  },
  { route: '/api/cart', what: 'read', request: () => ({ url: '/api/cart' }), anonymous: 405, stranger: 405 },
  { route: '/cart', what: 'cart page', request: () => ({ url: '/cart' }), anonymous: 'open', stranger: 'open' },
  {
    route: '/checkout',
    what: 'start payment (B’s cart is empty)',
    request: () => ({ url: '/checkout' }),
    anonymous: { to: '/login?redirect=/cart' },
    stranger: { to: '/cart' },
  },
  {
    route: '/checkout',
    what: 'Proceed to Payment',
    request: () => ({ method: 'POST', url: '/checkout', form: { coupon: '' } }),
    anonymous: 401,
    stranger: 400,
  },
  {
    route: '/payment/verify',
    what: 'A’s payment session',
    request: (a) => ({ url: `/payment/verify?session_id=${a.receipt.sessionId}` }),
    anonymous: { to: '/thank-you?' },
    stranger: { to: '/thank-you?' },
  },
  {
    route: '/payment/success',
    what: 'A’s payment session',
    request: (a) => ({ url: `/payment/success?session_id=${a.receipt.sessionId}` }),
    anonymous: { to: '/thank-you?' },
    stranger: { to: '/thank-you?' },
  },
  {
    route: '/payment/failed',
    what: 'cancel A’s open checkout',
    request: (a) => ({ url: `/payment/failed?order=${a.openCheckout.orderId}` }),
    anonymous: 'sign-in',
    stranger: { to: '/payment-failed?reason=other-account' },
  },
  {
    route: '/payment-failed',
    what: 'failure page',
    request: () => ({ url: '/payment-failed?reason=not-completed' }),
    anonymous: 'open',
    stranger: 'open',
  },
  {
    route: '/payment-pending',
    what: 'A’s payment session',
    request: (a) => ({ url: `/payment-pending?session_id=${a.receipt.sessionId}` }),
    anonymous: { to: '/thank-you?' },
    stranger: { to: '/thank-you?' },
  },
  {
    route: '/thank-you',
    what: 'A’s receipt by its session id',
    request: (a) => ({ url: `/thank-you?session_id=${a.receipt.sessionId}` }),
    anonymous: 'sign-in',
    stranger: 'own',
    strangerSees: /Order Details Not Found/,
  },
  {
    route: '/sandbox/checkout/:sessionId',
    what: 'the provider’s page of A’s open checkout',
    request: (a) => ({ url: `/sandbox/checkout/${a.openCheckout.sessionId}` }),
    anonymous: 'open',
    stranger: 'open',
    capability: true,
  },
  { route: '/contact', what: 'contact', request: () => ({ url: '/contact' }), anonymous: 'open', stranger: 'open' },
  {
    route: '/login',
    what: 'sign-in page',
    request: () => ({ url: '/login' }),
    anonymous: 'open',
    stranger: { to: '/' },
  },
  {
    route: '/register',
    what: 'registration page',
    request: () => ({ url: '/register' }),
    anonymous: 'open',
    stranger: { to: '/' },
  },
  {
    route: '/logout',
    what: 'visit',
    request: () => ({ url: '/logout' }),
    anonymous: { to: '/' },
    stranger: { to: '/' },
  },
  {
    route: '/logout',
    what: 'sign out',
    request: () => ({ method: 'POST', url: '/logout' }),
    anonymous: { to: '/login' },
    stranger: { to: '/login' },
    endsSession: true,
  },
  {
    route: '/forgot-password',
    what: 'page',
    request: () => ({ url: '/forgot-password' }),
    anonymous: 'open',
    stranger: 'open',
  },
  {
    route: '/reset-password',
    what: 'page',
    request: () => ({ url: '/reset-password?token=x' }),
    anonymous: 'open',
    stranger: 'open',
  },
  {
    route: '/auth/google',
    what: 'to Google',
    request: () => ({ url: '/auth/google' }),
    anonymous: 'open',
    stranger: 'open',
  },
  {
    route: '/auth/google/done',
    what: 'back from Google',
    request: () => ({ url: '/auth/google/done' }),
    anonymous: { to: '/login' },
    stranger: { to: '/dashboard' },
  },
  {
    route: '/auth/session',
    what: 'signed in?',
    request: () => ({ url: '/auth/session' }),
    anonymous: 'open',
    stranger: 'own',
    strangerSees: /^\{"signedIn":true\}$/,
  },
  {
    route: '/dashboard',
    what: 'dashboard',
    request: () => ({ url: '/dashboard' }),
    anonymous: 'sign-in',
    stranger: 'own',
  },
  { route: '/tests', what: 'open tests', request: () => ({ url: '/tests' }), anonymous: 'sign-in', stranger: 'own' },
  {
    route: '/tests/:testId',
    what: 'test details',
    request: () => ({ url: `/tests/${PAID_TEST}` }),
    anonymous: 'sign-in',
    stranger: 'own',
  },
  {
    route: '/attempt/:testId',
    what: 'legacy link',
    request: () => ({ url: `/attempt/${PAID_TEST}` }),
    anonymous: { to: `/tests/${PAID_TEST}` },
    stranger: { to: `/tests/${PAID_TEST}` },
  },
  {
    route: '/purchased',
    what: 'purchases',
    request: () => ({ url: '/purchased' }),
    anonymous: 'sign-in',
    stranger: 'own',
  },
  {
    route: '/history',
    what: 'attempts',
    request: () => ({ url: '/history?exam=pmp' }),
    anonymous: 'sign-in',
    stranger: 'own',
  },
  {
    route: '/history/:attemptId',
    what: 'A’s finished attempt and its review',
    request: (a) => ({ url: `/history/${a.finishedAttemptId}` }),
    anonymous: 'sign-in',
    stranger: 404,
  },
  {
    route: '/order',
    what: 'orders',
    request: () => ({ url: '/order' }),
    anonymous: 'sign-in',
    stranger: 'own',
  },
  {
    route: '/sitemap.xml',
    what: 'sitemap',
    request: () => ({ url: '/sitemap.xml' }),
    anonymous: 'open',
    stranger: 'open',
  },
  {
    route: '/robots.txt',
    what: 'robots',
    request: () => ({ url: '/robots.txt' }),
    anonymous: 'open',
    stranger: 'open',
  },
  {
    route: '/:testId',
    what: 'legacy link',
    request: () => ({ url: `/${PAID_TEST}` }),
    anonymous: { to: `/tests/${PAID_TEST}` },
    stranger: { to: `/tests/${PAID_TEST}` },
  },
  { route: '/*', what: 'unknown page', request: () => ({ url: '/no/such/page' }), anonymous: 404, stranger: 404 },
  { route: '/healthz', what: 'health', request: () => ({ url: '/healthz' }), anonymous: 'open', stranger: 'open' },
  // The sign-in library's own endpoints beyond the documented operations are not offered at all.
  ...(
    [
      ['session', () => ({ url: '/api/auth/get-session' })],
      ['sessions list', () => ({ url: '/api/auth/list-sessions' })],
      ['linked accounts', () => ({ url: '/api/auth/list-accounts' })],
      [
        'revoke A’s session by its token',
        (a) => ({ method: 'POST', url: '/api/auth/revoke-session', json: { token: a.sessionToken } }),
      ],
      [
        'change the password',
        () => ({
          method: 'POST',
          url: '/api/auth/change-password',
          json: { currentPassword: 'not-the-password-1', newPassword: 'another-long-password-2' },
        }),
      ],
      ['blank the name', () => ({ method: 'POST', url: '/api/auth/update-user', json: { name: '' } })],
    ] satisfies [string, Access['request']][]
  ).map(([what, request]): Access => ({ route: '/api/auth/*', what, request, anonymous: 404, stranger: 404 })),
  {
    route: '/api/payments/webhook',
    what: 'an unsigned "paid" notification for A’s open checkout',
    request: (a) => ({
      method: 'POST',
      url: '/api/payments/webhook',
      json: { type: 'checkout.session.completed', data: { object: { id: a.openCheckout.sessionId } } },
    }),
    anonymous: 400,
    stranger: 400,
  },
];

async function call(api: APIRequestContext, access: Access, owner: Owner): Promise<APIResponse> {
  const { method = 'GET', url, form, json } = access.request(owner);
  return api.fetch(url, {
    method,
    maxRedirects: 0,
    ...(form && { form }),
    ...(json !== undefined && { data: json }),
    ...(url.startsWith('/api/auth/') && method === 'POST' && { headers: auth }),
  });
}

/** Why the answer does not match the expected outcome, or null. */
function mismatch(outcome: Outcome, status: number, location: string): string | null {
  const to = location.replace(STORE, '');
  const got = `${status}${to ? ` to ${to}` : ''}`;
  if (outcome === 'open') return status < 400 && !to.startsWith('/login') ? null : got;
  if (outcome === 'own') return status === 200 ? null : got;
  if (outcome === 'sign-in') return status === 302 && to.startsWith('/login?from=') ? null : got;
  if (typeof outcome === 'number') return status === outcome ? null : got;
  return status >= 300 && status < 400 && to.startsWith(outcome.to) ? null : got;
}

/** A's ids, name and address: none may appear in an answer to anyone else, unless they sent it. */
function markersOf(owner: Owner): string[] {
  return [
    owner.student.email,
    owner.student.name,
    owner.userId,
    owner.sessionToken,
    owner.receipt.orderId,
    owner.receipt.sessionId,
    owner.finishedAttemptId,
    owner.openAttempt.id,
    owner.openCheckout.orderId,
    owner.openCheckout.sessionId,
  ];
}

async function checkAll(api: APIRequestContext, as: 'anonymous' | 'stranger', owner: Owner): Promise<string[]> {
  const problems: string[] = [];
  const rows = [...ACCESS.filter((a) => !a.endsSession), ...ACCESS.filter((a) => a.endsSession)];
  for (const access of rows) {
    const response = await call(api, access, owner);
    const label = `${as}: ${access.request(owner).method ?? 'GET'} ${access.route} (${access.what})`;
    const wrong = mismatch(access[as], response.status(), response.headers()['location'] ?? '');
    if (wrong) problems.push(`${label}: expected ${JSON.stringify(access[as])}, got ${wrong}`);
    const body = await response.text();
    const sent = JSON.stringify(access.request(owner));
    const leaked = access.capability ? [] : markersOf(owner).filter((m) => body.includes(m) && !sent.includes(m));
    if (leaked.length > 0) problems.push(`${label}: shows A’s ${leaked.join(', ')}`);
    if (as === 'stranger' && access.strangerSees && !access.strangerSees.test(body))
      problems.push(`${label}: does not say ${access.strangerSees}`);
    // The same page asked for as React Router data: a redirect to sign in, and nothing else.
    if (as === 'anonymous' && access.anonymous === 'sign-in') {
      const { url } = access.request(owner);
      const data = await api.get(url.replace(/(\?|$)/, '.data$1'), { maxRedirects: 0 });
      const stream = await data.text();
      if (!/"SingleFetchRedirect".*"redirect","\/login\?from=/.test(stream))
        problems.push(`${label} as data: ${data.status()} ${stream.slice(0, 120)}`);
    }
  }
  return problems;
}

/** A buys PMP through the sandbox, finishes one test, leaves another open, and a checkout of ITIL open. */
async function setUpOwner(): Promise<Owner> {
  const student = await signUp('Owner');
  const receipt = await buyThroughSandbox(student.api, 'pmp');
  const finished = await startAttempt(student.api, PAID_TEST, 'exam');
  await answer(student.api, finished, 0);
  await submit(student.api, finished.id);
  const open = await startAttempt(student.api, 'pmp-pt3', 'practice');
  await answer(student.api, open, 1);
  await student.api.post('/api/cart', { data: { intent: 'add', examId: 'itil-4-foundation' } });
  const paymentPage = await openCheckout(student.api);
  const openSessionId = paymentPage.split('/').pop()!;
  const userId = storedValue('select id from users where email = ?', student.email) as string;
  return {
    student,
    userId,
    sessionToken: storedValue('select token from sessions where userId = ?', userId) as string,
    receipt,
    finishedAttemptId: finished.id,
    openAttempt: { id: open.id, questionId: open.questions[0]!.id, optionId: open.questions[0]!.options[0]!.id },
    openCheckout: {
      sessionId: openSessionId,
      orderId: storedValue('select order_id from checkouts where session_id = ?', openSessionId) as string,
    },
  };
}

test('every route of the store has its row in the access table', () => {
  const pages = [...readFileSync('app/routes.ts', 'utf8').matchAll(/\b(?:route|index)\(\s*'([^']*)'/g)].map(
    ([call, path]) => (call.startsWith('index') ? '/' : `/${path}`),
  );
  const webhook = /WEBHOOK_PATH = '([^']+)'/.exec(readFileSync('server/modules/payments/index.ts', 'utf8'))![1]!;
  const fastify = readdirSync('server/http')
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => [
      ...readFileSync(`server/http/${file}`, 'utf8').matchAll(/\.(?:get|post|all)\(\s*(?:'(\/[^']*)'|WEBHOOK_PATH)/g),
    ])
    .map(([, path]) => path ?? webhook)
    .filter((path) => path !== '/' && path !== '/*');
  expect(pages.length).toBeGreaterThan(30);
  expect(fastify).toEqual(expect.arrayContaining(['/healthz', '/api/auth/*', '/api/payments/webhook']));
  const listed = new Set(ACCESS.map((a) => a.route));
  expect([...pages, ...fastify].filter((route) => !listed.has(route))).toEqual([]);
});

test('anonymous visitors and another student are refused, and never see A’s attempts, carts, orders', async () => {
  test.setTimeout(60_000);
  const owner = await setUpOwner();
  const anonymous = await visitor();
  const stranger = await signUp('Stranger');
  await buyThroughSandbox(stranger.api, 'pmp');

  expect.soft(await checkAll(anonymous, 'anonymous', owner)).toEqual([]);
  expect(await checkAll(stranger.api, 'stranger', owner)).toEqual([]);

  // A's things are as A left them, and A still sees them: the checks above could have caught them.
  const a = owner.student.api;
  expect(storedValue('select status from attempts where id = ?', owner.openAttempt.id)).toBe('in_progress');
  expect(storedValue('select count(*) from attempt_answers where attempt_id = ?', owner.openAttempt.id)).toBe(1);
  expect(storedValue('select count(*) from attempts where user_id = ? and reset = 1', owner.userId)).toBe(0);
  expect(storedValue('select status from checkouts where order_id = ?', owner.openCheckout.orderId)).toBe('open');
  const cart = await (await a.post('/api/cart', { data: { intent: 'view' } })).json();
  expect(cart.cart.items).toEqual([expect.objectContaining({ examId: 'itil-4-foundation', quantity: 1 })]);
  expect(await (await a.get('/order')).text()).toContain(owner.receipt.orderId);
  expect(await (await a.get('/history')).text()).toContain('PMP Practice Test 2');
  const receipt = await (await a.get(`/thank-you?session_id=${owner.receipt.sessionId}`)).text();
  expect(receipt).toContain(owner.student.email);
  expect(await (await a.get('/auth/session')).json()).toEqual({ signedIn: true });
  // Only A is told "Payment completed successfully!" on coming back from paying.
  const back = `/payment/success?session_id=${owner.receipt.sessionId}`;
  const flashOf = async (api: APIRequestContext) =>
    (await api.get(back, { maxRedirects: 0 })).headers()['set-cookie'] ?? '';
  expect(await flashOf(stranger.api)).not.toContain('pp_flash=');
  expect(await flashOf(a)).toContain('pp_flash=');
  expect(storedValue('select name from users where id = ?', owner.userId)).toBe(owner.student.name);

  await Promise.all([anonymous.dispose(), stranger.api.dispose(), a.dispose()]);
});
