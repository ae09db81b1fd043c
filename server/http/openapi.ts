import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { attemptRequestSchema } from '../../shared/attempt-requests.ts';
import { practiceRefusals } from '../../shared/practice-refusals.ts';
import { DEADLINE_GRACE_MS } from '../../shared/scoring.ts';
import { cartRequestSchema } from '../../shared/cart-requests.ts';
import { AUTH_OPERATIONS } from '../modules/accounts/auth-requests.ts';
import { WEBHOOK_PATH } from '../modules/payments/index.ts';
import { attemptMessages } from '../modules/practice/messages.ts';
import {
  attemptAnswerSchema,
  attemptRefusalSchema,
  attemptResultSchema,
  attemptViewSchema,
  authRefusalSchema,
  cartAnswerSchema,
  cartViewSchema,
  checkedAnswerSchema,
  couponCheckSchema,
  refusalSchema,
  testInfoSchema,
  webhookAnswerSchema,
} from './api-schemas.ts';
import { SIGNED_OUT_STARTS_PER_MINUTE } from './attempts-endpoint.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/** The schemas the document names, each once under `components.schemas`. */
const named = {
  CartRequest: cartRequestSchema,
  CartAnswer: cartAnswerSchema,
  Cart: cartViewSchema,
  CouponCheck: couponCheckSchema,
  AttemptRequest: attemptRequestSchema,
  AttemptAnswer: attemptAnswerSchema,
  Attempt: attemptViewSchema,
  TestInfo: testInfoSchema,
  CheckedAnswer: checkedAnswerSchema,
  AttemptResult: attemptResultSchema,
  AttemptRefusal: attemptRefusalSchema,
  WebhookAnswer: webhookAnswerSchema,
  Refusal: refusalSchema,
  AuthRefusal: authRefusalSchema,
};
type Named = keyof typeof named;

const ref = (id: Named) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: object, description: string) => ({ description, content: { 'application/json': { schema } } });
const refused = (description: string) => json(ref('Refusal'), description);
const crossSite = refused('Posted from another site: "Requests from other sites are not accepted."');

/** A sign-in library endpoint the store's pages use: JSON in, the library's JSON out, refusals with `error`. */
function authOperation(summary: string, body: z.ZodType) {
  const { $schema: _, ...schema } = z.toJSONSchema(body, { io: 'input' });
  return {
    post: {
      tags: ['accounts'],
      summary,
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: {
        200: { description: 'Done; a sign-in sets the session cookie.', content: { 'application/json': {} } },
        '4XX': json(ref('AuthRefusal'), 'Refused, with the reason in `error`.'),
      },
    },
  };
}

function buildDocument(version: string) {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
    // An integer's own bounds say nothing the type does not.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'PracticePass API',
      version,
      description:
        "The JSON endpoints behind the store's pages: the cart, taking tests, sign-in, and the payment provider's notifications. Prices, totals, coupons, access, scores and deadlines are decided here; a correct answer or explanation is sent only once its question has been answered for good. Posts from another site are refused (the browser's `Origin` must be this site).",
    },
    servers: [{ url: '/' }],
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'pp.session_token',
          description: 'The HttpOnly session cookie set at sign-in (`__Secure-pp.session_token` behind HTTPS).',
        },
      },
    },
    security: [{}, { session: [] }],
    tags: [
      { name: 'cart', description: "A signed-in student's stored cart, or a visitor's cart priced from its ids." },
      { name: 'tests', description: 'Starting, answering, checking and submitting attempts.' },
      { name: 'accounts', description: 'Sign-up, sign-in and password reset (the sign-in library).' },
      { name: 'payments', description: "The payment provider's signed notifications." },
    ],
    paths: {
      '/api/cart': {
        post: {
          tags: ['cart'],
          summary: 'Read or change the cart, or check a coupon against it',
          description:
            "Signed in, the stored cart changes. Signed out, only `view` and `coupon` are answered: the visitor's cart travels as `local` and is priced by the store.",
          requestBody: { required: true, content: { 'application/json': { schema: ref('CartRequest') } } },
          responses: {
            200: json(ref('CartAnswer'), 'The cart as it now is, and what became of the request.'),
            400: refused('Not a valid request: "Invalid input parameters".'),
            401: refused('A stored cart was to change without a session: "Sign in to change a stored cart."'),
            403: crossSite,
          },
        },
      },
      '/api/attempts': {
        post: {
          tags: ['tests'],
          summary: 'Start, answer, flag, check or submit an attempt, or ask its time left',
          description:
            "The first practice test of an exam (and the short demo) is open to everyone; the others need an active purchase. An attempt kept for a student answers to that student alone. A `start` signed out sets `pp_free_tests`, an HttpOnly cookie naming the free tests this browser began: a later `start` of the same test and mode resumes its attempt, and the first request signed in makes them the student's and removes the cookie.",
          requestBody: { required: true, content: { 'application/json': { schema: ref('AttemptRequest') } } },
          responses: {
            200: json(
              ref('AttemptAnswer'),
              "`start`: the attempt. `start-demo`: the demo test and its attempt. `answer`: `{ checked: null }`. `check`: the verdict with its explanation. `submit`: the result. `time-left`: `{ secondsLeft }` by the server's clock.",
            ),
            400: json(
              { oneOf: [ref('Refusal'), ref('AttemptRefusal')] },
              'Not a valid request, or not a choice of this question.',
            ),
            401: json(ref('AttemptRefusal'), "A student's attempt, asked for by a visitor who is signed out."),
            403: json(
              { oneOf: [ref('AttemptRefusal'), ref('Refusal')] },
              `The test needs a purchase, said to fit who asks ("${practiceRefusals.signUpForMore}" signed out, "${practiceRefusals.buyForMore}" signed in); access to it has ended ("${practiceRefusals.accessRanOut}": no new attempt and no practice check; an exam under way can still be submitted, and submitting a finished attempt again answers 200 with its figures but no review, \`reviewWithheld\` saying why); or the post came from another site.`,
            ),
            404: json(ref('AttemptRefusal'), 'No such test, or no such attempt for this visitor.'),
            409: json(
              ref('AttemptRefusal'),
              `The attempt is submitted or its time is up (both with \`ended\`: submit it for its result; past the deadline and its ${DEADLINE_GRACE_MS / 1000}-second grace an answer, a check and a flag are all refused), or the answer was checked already; or its answers are held back while the student takes the same test in exam mode.`,
            ),
            429: json(
              ref('AttemptRefusal'),
              `\`start\` or \`start-demo\` signed out, more than ${SIGNED_OUT_STARTS_PER_MINUTE} times in a minute from one address: "${attemptMessages.tooManyStarts}"`,
            ),
          },
        },
      },
      [WEBHOOK_PATH]: {
        post: {
          tags: ['payments'],
          summary: "The payment provider's notification of a payment session",
          description:
            "Signed by the provider (`Stripe-Signature`, or the sandbox's own header). Fulfilment happens once per payment session, whichever of this notification and the student's return comes first.",
          security: [{}],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
          responses: {
            200: json(ref('WebhookAnswer'), 'Received; `outcome` is what became of the payment session.'),
            400: refused('Not signed by the configured provider, or not JSON.'),
          },
        },
      },
      ...Object.fromEntries(
        Object.entries(AUTH_OPERATIONS).map(([path, { summary, body }]) => [
          `/api/auth${path}`,
          authOperation(summary, body),
        ]),
      ),
      [OPENAPI_PATH]: {
        get: {
          summary: 'This document',
          security: [{}],
          responses: { 200: { description: 'The OpenAPI document.', content: { 'application/json': {} } } },
        },
      },
    },
  };
}

let built: string | null = null;

/** The document as JSON text, built on first request; its version is the store's own. */
export function openApiText(): string {
  if (built === null) {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    built = JSON.stringify(buildDocument(version));
  }
  return built;
}
