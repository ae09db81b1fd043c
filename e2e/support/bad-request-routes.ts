/**
 * The routes the bad-input suite sends to, with the fields and parameters each reads. Each template holds
 * at least one id the store does not know (an exam, a question, a coupon, a token), so no single change
 * turns it into a valid request that may change stored data.
 */

import type { FieldType } from './bad-payloads.ts';

export type Identity = 'anonymous' | 'victim';

/** The victim's own ids, so the requests reach real rows. */
export interface Victim {
  email: string;
  attemptId: string;
}

export interface Template {
  body: Record<string, unknown>;
  types: Record<string, FieldType>;
}

export interface JsonRoute {
  path: string;
  /** Whole-body kinds go to the route as each of these; field by field, as the first only. */
  as: Identity[];
  /** Each template is a request the store must refuse or answer without a change. */
  templates: (victim: Victim) => Template[];
}

const UNKNOWN_EXAM = 'no-such-exam';
const UNKNOWN_ATTEMPT = '00000000-0000-4000-8000-000000000000';

/** JSON endpoints: the test page's and the cart's own API, and the sign-in library's. */
export const JSON_ROUTES: JsonRoute[] = [
  {
    path: '/api/cart',
    as: ['victim', 'anonymous'],
    templates: (): Template[] => [
      {
        body: { intent: 'view', local: [{ id: UNKNOWN_EXAM, quantity: 1 }] },
        types: { intent: 'string', local: 'cart' },
      },
      { body: { intent: 'add', examId: UNKNOWN_EXAM }, types: { intent: 'string', examId: 'string' } },
      { body: { intent: 'remove', examId: UNKNOWN_EXAM }, types: { examId: 'string' } },
      {
        body: { intent: 'quantity', examId: UNKNOWN_EXAM, quantity: 2 },
        types: { examId: 'string', quantity: 'integer' },
      },
      { body: { intent: 'merge', local: [{ id: UNKNOWN_EXAM, quantity: 1 }] }, types: { local: 'cart' } },
      {
        body: { intent: 'coupon', code: 'NO-SUCH-COUPON', applied: false },
        types: { code: 'string', applied: 'boolean' },
      },
    ],
  },
  {
    path: '/api/attempts',
    as: ['victim', 'anonymous'],
    templates: (victim): Template[] => [
      {
        body: { intent: 'start', testId: 'no-such-test', mode: 'exam' },
        types: { intent: 'string', testId: 'string', mode: 'string' },
      },
      { body: { intent: 'start-demo', examId: UNKNOWN_EXAM }, types: { examId: 'string' } },
      {
        body: { intent: 'answer', attemptId: victim.attemptId, questionId: 'no-such-question', selected: ['a'] },
        types: { attemptId: 'string', questionId: 'string', selected: 'string[]' },
      },
      {
        body: { intent: 'check', attemptId: victim.attemptId, questionId: 'no-such-question', selected: ['a'] },
        types: { selected: 'string[]' },
      },
      { body: { intent: 'submit', attemptId: UNKNOWN_ATTEMPT }, types: { attemptId: 'string' } },
    ],
  },
  {
    path: '/api/auth/sign-in/email',
    as: ['anonymous'],
    templates: (victim): Template[] => [
      { body: { email: victim.email, password: 'not-the-password-1' }, types: { email: 'string', password: 'secret' } },
    ],
  },
  {
    path: '/api/auth/sign-up/email',
    as: ['anonymous'],
    templates: (victim): Template[] => [
      {
        // The victim's address is taken: whatever else changes, no account is made.
        body: { name: 'Bad Input', email: victim.email, password: 'long-enough-password-1' },
        types: { name: 'string', email: 'string', password: 'secret' },
      },
    ],
  },
  {
    path: '/api/auth/request-password-reset',
    as: ['anonymous'],
    templates: (): Template[] => [
      {
        body: { email: 'nobody@example.invalid', redirectTo: '/reset-password' },
        types: { email: 'string', redirectTo: 'string' },
      },
    ],
  },
  {
    path: '/api/auth/reset-password',
    as: ['anonymous'],
    templates: (): Template[] => [
      {
        body: { token: 'no-such-token', newPassword: 'long-enough-password-1' },
        types: { token: 'string', newPassword: 'secret' },
      },
    ],
  },
];

export interface FormRoute {
  path: string;
  as: Identity[];
  fields: (victim: Victim) => Record<string, string>;
  /** Fields the form may leave out or empty (then the template would be valid). */
  optional?: string[];
  /** Password fields: see `secret` above. */
  secrets?: string[];
}

/** The store's forms, posted as a browser posts them. */
export const FORM_ROUTES: FormRoute[] = [
  {
    path: '/login',
    as: ['anonymous'],
    fields: (v) => ({ email: v.email, password: 'not-the-password-1' }),
    secrets: ['password'],
  },
  {
    path: '/register',
    as: ['anonymous'],
    fields: (v) => ({ name: 'Bad Input', email: v.email, password: 'long-enough-password-1' }),
    secrets: ['password'],
  },
  { path: '/forgot-password', as: ['anonymous'], fields: () => ({ email: 'nobody@example.invalid' }) },
  {
    path: '/reset-password',
    as: ['anonymous'],
    fields: () => ({ token: 'no-such-token', password: 'long-enough-password-1', confirm: 'long-enough-password-1' }),
    secrets: ['password', 'confirm'],
  },
  {
    path: '/checkout',
    as: ['anonymous', 'victim'],
    fields: () => ({ coupon: 'NO-SUCH-COUPON' }),
    optional: ['coupon'],
  },
  { path: '/exam/pmp/practice-tests', as: ['anonymous', 'victim'], fields: () => ({ intent: 'no-such-intent' }) },
  {
    path: '/sandbox/checkout/sbx_cs_0000',
    as: ['anonymous'],
    fields: () => ({ intent: 'pay', card: '4242 4242 4242 4242' }),
  },
  // Signing out reads no field: only whole bodies go to it.
  { path: '/logout', as: ['anonymous'], fields: () => ({}) },
];

export interface PageRoute {
  /** With `{name}` for each path parameter. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  as: Identity[];
}

/** Pages and GET endpoints, with the parameters each one reads. */
export const PAGE_ROUTES: PageRoute[] = [
  { path: '/', as: ['anonymous'] },
  { path: '/exams', query: { q: 'cloud', page: '1' }, as: ['anonymous'] },
  { path: '/exams/{examId}', params: { examId: 'pmp' }, as: ['anonymous'] },
  // `sort` is read the same way as `filter`, by the page in the browser.
  {
    path: '/exam/{examId}/practice-tests',
    params: { examId: 'pmp' },
    query: { filter: 'all' },
    as: ['victim'],
  },
  { path: '/demo/{examId}', params: { examId: 'pmp' }, as: ['anonymous'] },
  {
    path: '/practice-test/{testId}',
    params: { testId: 'pmp-pt2' },
    query: { mode: 'practice' },
    as: ['anonymous', 'victim'],
  },
  { path: '/cart', as: ['anonymous'] },
  // Signed in, a visit to /checkout opens a payment page: a valid request, so only anonymous here.
  { path: '/checkout', query: { redirect: '/cart' }, as: ['anonymous'] },
  { path: '/payment/verify', query: { session_id: 'sbx_cs_0000' }, as: ['victim'] },
  { path: '/payment/success', query: { session_id: 'sbx_cs_0000' }, as: ['anonymous'] },
  { path: '/payment/failed', query: { order: 'ORD-0000000000000AAAAAAAA' }, as: ['victim'] },
  { path: '/payment-failed', query: { reason: 'cancelled' }, as: ['anonymous'] },
  { path: '/payment-pending', query: { session_id: 'sbx_cs_0000' }, as: ['anonymous'] },
  { path: '/thank-you', query: { session_id: 'sbx_cs_0000' }, as: ['victim'] },
  { path: '/sandbox/checkout/{sessionId}', params: { sessionId: 'sbx_cs_0000' }, as: ['anonymous'] },
  { path: '/contact', as: ['anonymous'] },
  { path: '/login', query: { from: '/dashboard' }, as: ['anonymous'] },
  { path: '/register', query: { from: '/dashboard' }, as: ['anonymous'] },
  { path: '/forgot-password', as: ['anonymous'] },
  { path: '/reset-password', query: { token: 'no-such-token' }, as: ['anonymous'] },
  { path: '/auth/google', query: { from: '/dashboard' }, as: ['anonymous'] },
  { path: '/auth/google/done', query: { from: '/dashboard', error: 'access_denied' }, as: ['anonymous'] },
  { path: '/auth/session', as: ['anonymous'] },
  { path: '/dashboard', as: ['victim'] },
  { path: '/tests', as: ['victim'] },
  { path: '/tests/{testId}', params: { testId: 'pmp-pt2' }, as: ['victim'] },
  { path: '/attempt/{testId}', params: { testId: 'pmp-pt2' }, as: ['anonymous'] },
  { path: '/{testId}', params: { testId: 'pmp-pt2' }, as: ['anonymous'] },
  { path: '/purchased', as: ['victim'] },
  { path: '/history', query: { mode: 'exam', exam: 'pmp', page: '2' }, as: ['victim'] },
  { path: '/history/{attemptId}', params: { attemptId: UNKNOWN_ATTEMPT }, as: ['victim', 'anonymous'] },
  { path: '/order', query: { page: '2' }, as: ['victim'] },
  { path: '/logout', as: ['anonymous'] },
  { path: '/sitemap.xml', as: ['anonymous'] },
  { path: '/robots.txt', as: ['anonymous'] },
  { path: '/healthz', as: ['anonymous'] },
  { path: '/api/cart', as: ['anonymous'] },
  { path: '/api/attempts', as: ['anonymous'] },
  {
    path: '/api/auth/reset-password/{token}',
    params: { token: 'not-a-token' },
    query: { callbackURL: '/reset-password' },
    as: ['anonymous'],
  },
  { path: '/api/auth/{endpoint}', params: { endpoint: 'list-sessions' }, as: ['victim'] },
  { path: '/assets/{file}', params: { file: 'no-such-file.js' }, as: ['anonymous'] },
  { path: '/thumbnails/{file}', params: { file: 'pmp.svg' }, as: ['anonymous'] },
];
