import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe API endpoints the Checkout adapter calls: create a coupon, and create,
 * retrieve and expire a Checkout Session. It speaks Stripe's wire format (form-encoded bodies in bracket notation, bearer keys,
 * JSON answers with a request id, errors as `{ error: { type, code, message, param } }`, idempotency keys),
 * so the official SDK talks to it unchanged. What the customer does on the payment page is played by the
 * test through `complete` and `settle`.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export type StandInCoupon = {
  id: string;
  name?: string | null;
  max_redemptions?: number | null;
  times_redeemed?: number;
  metadata?: Record<string, string>;
} & ({ percent_off: number } | { amount_off: number; currency: string });

export interface StandInLineItem {
  quantity: number;
  currency: string;
  unit_amount: number;
  name: string;
  amount_subtotal: number;
}

/** A Checkout Session as Stripe answers it (the fields the store could read, not every one Stripe has). */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  discounts: { coupon: string; promotion_code: null }[];
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
}

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: FormObject;
  headers: Record<string, string | undefined>;
  body: FormObject;
}

export interface StandInOptions {
  /** Stripe's clock: session creation times, the `expires_at` window, and when an open session lapses. */
  clock?: () => Date;
  /** When set, any other bearer key is refused as Stripe refuses an invalid one. */
  apiKey?: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Reads Stripe's bracket notation into nested objects and arrays:
 * `line_items[0][price_data][unit_amount]=2999&metadata[orderId]=ORD-1` becomes
 * `{ line_items: [{ price_data: { unit_amount: '2999' } }], metadata: { orderId: 'ORD-1' } }`.
 * Numeric segments make arrays, `[]` appends; every leaf stays a string, as it was sent.
 */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new ApiError(400, 'invalid_request_error', `Invalid parameter name: ${key}`, 'parameter_unknown');
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) {
      throw new ApiError(400, 'invalid_request_error', `Received unknown parameter: ${key}`, 'parameter_unknown');
    }
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const next = path[i + 1];
      const make = (): FormValue => (next === '' || (next !== undefined && /^\d+$/.test(next)) ? [] : {});
      if (Array.isArray(node)) {
        const index = segment === '' ? node.length : Number(segment);
        if (!/^\d*$/.test(segment) || index > 10_000) {
          throw new ApiError(400, 'invalid_request_error', `Invalid array index in ${key}`, 'parameter_invalid');
        }
        if (last) node[index] = value;
        else node = (node[index] ??= make()) as FormObject | FormValue[];
      } else {
        if (last) node[segment] = value;
        else node = (node[segment] ??= make()) as FormObject | FormValue[];
      }
      if (!last && typeof node === 'string') {
        throw new ApiError(400, 'invalid_request_error', `Invalid object: ${key}`, 'parameter_invalid');
      }
    }
  }
  return root;
}

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

function requireString(params: FormObject, name: string, label = name): string {
  const value = params[name];
  if (value === undefined || value === '') {
    throw new ApiError(400, 'invalid_request_error', `Missing required param: ${label}.`, 'parameter_missing', label);
  }
  if (typeof value !== 'string') {
    throw new ApiError(400, 'invalid_request_error', `Invalid string: ${label}`, 'parameter_invalid_string', label);
  }
  return value;
}

function requireInteger(params: FormObject, name: string, label: string, min: number): number {
  const text = requireString(params, name, label);
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || value < min) {
    throw new ApiError(400, 'invalid_request_error', `Invalid integer: ${text}`, 'parameter_invalid_integer', label);
  }
  return value;
}

function objectAt(params: FormObject, name: string, label = name): FormObject {
  const value = params[name];
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) {
    throw new ApiError(400, 'invalid_request_error', `Missing required param: ${label}.`, 'parameter_missing', label);
  }
  return value;
}

function listAt(params: FormObject, name: string): FormValue[] {
  const value = params[name];
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw new ApiError(400, 'invalid_request_error', `Invalid array: ${name}`, 'parameter_invalid', name);
  }
  return value;
}

function stringMap(value: FormValue | undefined, label: string): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (typeof value === 'string' || Array.isArray(value)) {
    throw new ApiError(400, 'invalid_request_error', `Invalid object: ${label}`, 'parameter_invalid', label);
  }
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') {
      throw new ApiError(400, 'invalid_request_error', `Invalid string: ${label}[${key}]`, 'parameter_invalid');
    }
    out[key] = entry;
  }
  return out;
}

export async function startStripeStandIn(options: StandInOptions = {}) {
  const clock = options.clock ?? (() => new Date());
  const seconds = () => Math.floor(clock().getTime() / 1000);
  const sessions = new Map<string, StandInSession>();
  const lineItems = new Map<string, StandInLineItem[]>();
  const paymentIntents = new Map<string, StandInPaymentIntent>();
  const coupons = new Map<string, StandInCoupon>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let failures: number[] = [];
  let refusals: { path: string; message: string }[] = [];
  let meanwhile: { path: string; play: () => void }[] = [];

  /** An open session past its `expires_at` is expired by Stripe on its own. */
  function current(id: string): StandInSession | undefined {
    const session = sessions.get(id);
    if (session?.status === 'open' && session.expires_at <= seconds()) {
      session.status = 'expired';
      session.url = null;
    }
    return session;
  }

  function found(id: string): StandInSession {
    const session = current(id);
    if (!session) {
      throw new ApiError(
        404,
        'invalid_request_error',
        `No such checkout.session: ${id}`,
        'resource_missing',
        'session',
      );
    }
    return session;
  }

  function createSession(params: FormObject): StandInSession {
    const mode = requireString(params, 'mode');
    if (mode !== 'payment') {
      throw new ApiError(400, 'invalid_request_error', `This stand-in only takes mode=payment, not ${mode}`);
    }
    const successUrl = requireString(params, 'success_url');
    const items = listAt(params, 'line_items');
    if (items.length === 0) throw new ApiError(400, 'invalid_request_error', 'Missing required param: line_items.');
    const lines = items.map((item, index): StandInLineItem => {
      const label = `line_items[${index}]`;
      if (typeof item !== 'object' || Array.isArray(item)) {
        throw new ApiError(400, 'invalid_request_error', `Invalid object: ${label}`, 'parameter_invalid', label);
      }
      const price = objectAt(item, 'price_data', `${label}[price_data]`);
      const product = objectAt(price, 'product_data', `${label}[price_data][product_data]`);
      const quantity = requireInteger(item, 'quantity', `${label}[quantity]`, 1);
      const unitAmount = requireInteger(price, 'unit_amount', `${label}[price_data][unit_amount]`, 0);
      return {
        quantity,
        currency: requireString(price, 'currency', `${label}[price_data][currency]`).toLowerCase(),
        unit_amount: unitAmount,
        name: requireString(product, 'name', `${label}[price_data][product_data][name]`),
        amount_subtotal: quantity * unitAmount,
      };
    });
    const currency = lines[0]!.currency;
    if (lines.some((line) => line.currency !== currency)) {
      throw new ApiError(400, 'invalid_request_error', 'All line items must have the same currency.');
    }
    const subtotal = lines.reduce((sum, line) => sum + line.amount_subtotal, 0);

    const discounts = listAt(params, 'discounts').map((entry, index) => {
      const label = `discounts[${index}][coupon]`;
      if (typeof entry !== 'object' || Array.isArray(entry)) {
        throw new ApiError(400, 'invalid_request_error', `Invalid object: discounts[${index}]`);
      }
      const id = requireString(entry, 'coupon', label);
      const coupon = coupons.get(id);
      if (!coupon) throw new ApiError(400, 'invalid_request_error', `No such coupon: ${id}`, 'resource_missing', label);
      if (coupon.max_redemptions && (coupon.times_redeemed ?? 0) >= coupon.max_redemptions) {
        throw new ApiError(400, 'invalid_request_error', `Coupon ${id} is no longer valid.`, 'coupon_expired', label);
      }
      return coupon;
    });
    if (discounts.length > 1) {
      throw new ApiError(400, 'invalid_request_error', 'You may only specify one discount.', 'parameter_invalid');
    }
    let discount = 0;
    const coupon = discounts[0];
    if (coupon && 'percent_off' in coupon) discount = Math.round((subtotal * coupon.percent_off) / 100);
    if (coupon && 'amount_off' in coupon) {
      if (coupon.currency !== currency) {
        throw new ApiError(
          400,
          'invalid_request_error',
          `The coupon ${coupon.id} is in ${coupon.currency}, not ${currency}.`,
        );
      }
      discount = Math.min(coupon.amount_off, subtotal);
    }
    const total = subtotal - discount;
    if (total > 0 && total < 50) {
      throw new ApiError(
        400,
        'invalid_request_error',
        `The Checkout Session's total amount due must add up to at least $0.50 ${currency}`,
      );
    }

    const created = seconds();
    let expiresAt = created + 24 * 3600;
    if (params.expires_at !== undefined) {
      expiresAt = requireInteger(params, 'expires_at', 'expires_at', 0);
      if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
        throw new ApiError(
          400,
          'invalid_request_error',
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
          'parameter_invalid_integer',
          'expires_at',
        );
      }
    }

    const optional = (name: string) => {
      const value = params[name];
      if (value === undefined || value === '') return null;
      if (typeof value !== 'string') throw new ApiError(400, 'invalid_request_error', `Invalid string: ${name}`);
      return value;
    };
    const id = randomId('cs_test_');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: subtotal,
      amount_total: total,
      cancel_url: optional('cancel_url'),
      client_reference_id: optional('client_reference_id'),
      created,
      currency,
      customer: null,
      customer_email: optional('customer_email'),
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      expires_at: expiresAt,
      livemode: false,
      metadata: stringMap(params.metadata, 'metadata'),
      mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: total === 0 ? 'no_payment_required' : 'unpaid',
      status: 'open',
      success_url: successUrl,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    lineItems.set(id, lines);
    return session;
  }

  /** Stripe's own checks on a new coupon: an amount with a currency or a percentage, a name of 40 at most. */
  function createCoupon(params: FormObject): StandInCoupon & { object: 'coupon' } {
    const hasAmount = params.amount_off !== undefined;
    if (hasAmount === (params.percent_off !== undefined)) {
      throw new ApiError(400, 'invalid_request_error', 'You must pass exactly one of amount_off or percent_off.');
    }
    const duration = params.duration === undefined ? 'once' : requireString(params, 'duration');
    if (duration !== 'once') {
      throw new ApiError(400, 'invalid_request_error', `This stand-in only takes duration=once, not ${duration}`);
    }
    const name = params.name === undefined ? null : requireString(params, 'name');
    if (name !== null && name.length > 40) {
      throw new ApiError(
        400,
        'invalid_request_error',
        'Name must be at most 40 characters.',
        'parameter_invalid',
        'name',
      );
    }
    const id = params.id === undefined ? randomId('').slice(0, 8) : requireString(params, 'id');
    if (coupons.has(id))
      throw new ApiError(400, 'invalid_request_error', 'Coupon already exists.', 'resource_already_exists');
    const common = {
      id,
      name,
      max_redemptions:
        params.max_redemptions === undefined ? null : requireInteger(params, 'max_redemptions', 'max_redemptions', 1),
      times_redeemed: 0,
      metadata: stringMap(params.metadata, 'metadata'),
    };
    const coupon: StandInCoupon = hasAmount
      ? {
          ...common,
          amount_off: requireInteger(params, 'amount_off', 'amount_off', 1),
          currency: requireString(params, 'currency').toLowerCase(),
        }
      : { ...common, percent_off: Number(requireString(params, 'percent_off')) };
    if ('percent_off' in coupon && !(coupon.percent_off > 0 && coupon.percent_off <= 100)) {
      throw new ApiError(400, 'invalid_request_error', 'Invalid percent_off.', 'parameter_invalid', 'percent_off');
    }
    coupons.set(id, coupon);
    return { object: 'coupon', ...coupon };
  }

  function expire(id: string): StandInSession {
    const session = found(id);
    if (session.status !== 'open') {
      throw new ApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`,
        'checkout_session_not_open',
      );
    }
    session.status = 'expired';
    session.url = null;
    return session;
  }

  /** The session as the API shows it, with `expand[]=payment_intent` honoured. */
  function shown(session: StandInSession, query: FormObject): unknown {
    const expand = listAt(query, 'expand');
    if (session.payment_intent && expand.includes('payment_intent')) {
      return { ...session, payment_intent: paymentIntents.get(session.payment_intent) };
    }
    return session;
  }

  function route(method: string, path: string, query: FormObject, body: FormObject): unknown {
    if (path === '/v1/checkout/sessions' && method === 'POST') return createSession(body);
    if (path === '/v1/coupons' && method === 'POST') return createCoupon(body);
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (match && !match[2] && method === 'GET') return shown(found(decodeURIComponent(match[1]!)), query);
    if (match && match[2] && method === 'POST') return expire(decodeURIComponent(match[1]!));
    throw new ApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function authorise(header: string | undefined) {
    const key = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
    if (!key) {
      throw new ApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (options.apiKey !== undefined && key !== options.apiKey) {
      throw new ApiError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${key.slice(0, 8)}***`,
        'api_key_invalid',
      );
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? 'GET';
    const address = new URL(request.url ?? '/', 'http://stand-in');
    const headerOf = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      const json = JSON.stringify(payload);
      response.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(json),
        'request-id': randomId('req_'),
        'stripe-version': headerOf('stripe-version') ?? '',
        ...extra,
      });
      response.end(json);
    };

    try {
      const query = parseStripeForm(address.search.slice(1));
      const contentType = headerOf('content-type') ?? '';
      if (text && !contentType.startsWith('application/x-www-form-urlencoded')) {
        throw new ApiError(400, 'invalid_request_error', `Unsupported content type: ${contentType}`);
      }
      const body = parseStripeForm(text);
      requests.push({
        method,
        path: address.pathname,
        query,
        headers: Object.fromEntries(Object.keys(request.headers).map((name) => [name, headerOf(name)])),
        body,
      });
      authorise(headerOf('authorization'));
      const early = meanwhile.findIndex((m) => m.path === address.pathname);
      if (early >= 0) meanwhile.splice(early, 1)[0]!.play();
      const refusal = refusals.findIndex((r) => r.path === address.pathname);
      if (refusal >= 0) throw new ApiError(400, 'invalid_request_error', refusals.splice(refusal, 1)[0]!.message);

      const key = method === 'POST' ? headerOf('idempotency-key') : undefined;
      const fingerprint = `${method} ${address.pathname} ${JSON.stringify(body)}`;
      const earlier = key ? idempotent.get(key) : undefined;
      if (key && earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw new ApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        }
        send(earlier.status, earlier.body, { 'idempotency-key': key, 'idempotent-replayed': 'true' });
        return;
      }

      // Snapshot now: the session object keeps changing as the test plays the customer.
      const result = JSON.parse(JSON.stringify(route(method, address.pathname, query, body))) as unknown;
      if (key) idempotent.set(key, { fingerprint, status: 200, body: result });
      const failure = failures.shift();
      if (failure !== undefined) {
        // Done and remembered, but the answer is lost: the SDK should ask again with the same key.
        send(failure, { error: { type: 'api_error', message: 'An unexpected error occurred.' } });
        return;
      }
      send(200, result, key ? { 'idempotency-key': key } : {});
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      send(error.status, {
        error: {
          type: error.type,
          message: error.message,
          ...(error.code && { code: error.code }),
          ...(error.param && { param: error.param }),
        },
      });
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: (error as Error).message } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const copy = (session: StandInSession): StandInSession => structuredClone(session);
  function playable(id: string): StandInSession {
    const session = current(id);
    if (!session) throw new Error(`The stand-in has no session ${id}`);
    return session;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    coupons,
    requests,
    paymentIntents,
    /** The line items a session was created with, as Stripe priced them. */
    lineItems: (id: string) => lineItems.get(id) ?? [],

    addCoupon(coupon: StandInCoupon) {
      coupons.set(coupon.id, coupon);
    },

    /**
     * The customer finishes the payment page: 'paid' for a card, 'unpaid' for a method that settles later
     * (a bank debit), whose session is complete while its payment is still processing.
     */
    complete(id: string, outcome: 'paid' | 'unpaid'): StandInSession {
      const session = playable(id);
      if (session.status !== 'open') throw new Error(`Session ${id} is ${session.status}, not open`);
      const intent: StandInPaymentIntent = {
        id: randomId('pi_'),
        object: 'payment_intent',
        amount: session.amount_total,
        currency: session.currency,
        status: outcome === 'paid' ? 'succeeded' : 'processing',
      };
      paymentIntents.set(intent.id, intent);
      for (const { coupon } of session.discounts) {
        const redeemed = coupons.get(coupon);
        if (redeemed) redeemed.times_redeemed = (redeemed.times_redeemed ?? 0) + 1;
      }
      Object.assign(session, { status: 'complete', url: null, payment_intent: intent.id, payment_status: outcome });
      return copy(session);
    },

    /**
     * A payment that settles later succeeds or fails. As on Stripe, a failed one leaves its session complete
     * and unpaid; only its payment intent (and the event type) says it failed.
     */
    settle(id: string, ok: boolean): StandInSession {
      const session = playable(id);
      const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
      if (session.status !== 'complete' || session.payment_status !== 'unpaid' || intent?.status !== 'processing') {
        throw new Error(`Session ${id} has no payment in progress`);
      }
      intent.status = ok ? 'succeeded' : 'requires_payment_method';
      if (ok) session.payment_status = 'paid';
      return copy(session);
    },

    /** The next request to `path` is refused as invalid, with this message, before anything is done. */
    refuseNext(path: string, message: string) {
      refusals = [...refusals, { path, message }];
    },

    /**
     * The customer acts (`play`, e.g. paying) just as the next request to `path` reaches Stripe: a race
     * between two of the store's calls, such as the read and the expire of a cancel.
     */
    beforeNext(path: string, play: () => void) {
      meanwhile = [...meanwhile, { path, play }];
    },

    /** The next answers, one per status given, are lost after the request was carried out. */
    failNext(...statuses: number[]) {
      failures = [...failures, ...statuses];
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
