/**
 * Malformed requests for every route and form of the store: the route tables × the payload kinds.
 */

import { RAW_VALUES, TEXT_PAYLOADS, textsFor, wrongTypes } from './bad-payloads.ts';
import {
  FORM_ROUTES,
  JSON_ROUTES,
  PAGE_ROUTES,
  type Identity,
  type PageRoute,
  type Victim,
} from './bad-request-routes.ts';

export interface BadRequest {
  /** What was wrong with it, e.g. `POST /api/cart field code: sql-union`. */
  label: string;
  /** The payload kind, for checks that depend on it. */
  kind: string;
  as: Identity;
  method: string;
  /** Path and query, already encoded as sent. */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Over the server's size limits: it answers and drops the connection, so it is sent on its own. */
  oversized?: true;
}

const MB = 1024 * 1024;

/**
 * Over the size limits the server answers 413 or 431 and closes the connection at once, before the client
 * has finished sending: the client may see the close instead of the answer.
 */
export const CLOSED_BY_SERVER = /ECONNRESET|EPIPE|socket hang up/;

const encodeText = (value: string) => encodeURIComponent(value);
const query = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${encodeText(name)}=${value}`)
    .join('&');
const encodeAll = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, encodeText(value)]));

function pageUrl(route: PageRoute, params: Record<string, string>, search: string): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  return search ? `${path}?${search}` : path;
}

/** Texts for page parameters: one of each family (the JSON endpoints and forms get them all). */
const PAGE_TEXTS = [
  'sql-quote',
  'sql-union',
  'script',
  'script-attribute',
  'script-url',
  'traversal',
  'inherited-name',
  'inherited-method',
  'null-byte',
  'long',
  'empty',
];

/** Requests the server refuses before any route sees them: sent to a few routes only. */
const BEFORE_ROUTING = ['/', '/exams', '/practice-test/{testId}', '/api/cart'];

/** Every malformed request against pages and GET endpoints. */
function pageRequests(): BadRequest[] {
  const list: BadRequest[] = [];
  for (const route of PAGE_ROUTES) {
    const params = encodeAll(route.params ?? {});
    const values = encodeAll(route.query ?? {});
    const add = (as: Identity, kind: string, url: string, method = 'GET', headers: Record<string, string> = {}) =>
      list.push({ label: `${method} ${route.path} ${kind}`, kind, as, method, url, headers });
    const payloads: Record<string, string> = {
      ...Object.fromEntries(PAGE_TEXTS.map((kind) => [kind, encodeText(TEXT_PAYLOADS[kind]!)])),
      ...RAW_VALUES,
    };
    for (const as of route.as) {
      for (const [kind, value] of Object.entries(payloads)) {
        for (const name of Object.keys(route.params ?? {})) {
          if (value === '') continue;
          add(as, `path ${name}: ${kind}`, pageUrl(route, { ...params, [name]: value }, query(values)));
        }
        for (const name of Object.keys(route.query ?? {})) {
          add(as, `query ${name}: ${kind}`, pageUrl(route, params, query({ ...values, [name]: value })));
        }
      }
    }
    // The rest does not depend on who asks; what the server does before routing, only on a few routes.
    const as = route.as[0]!;
    const first = Object.keys(route.query ?? {})[0];
    if (first) {
      add(as, 'query: duplicated', pageUrl(route, params, `${query(values)}&${first}=a&${first}=b&${first}=%27`));
      add(as, 'query: array syntax', pageUrl(route, params, `${first}[]=a&${first}[x][y]=b&${first}.__proto__=1`));
      add(as, 'query: very long', pageUrl(route, params, `${query(values)}&pad=${'z'.repeat(12_000)}`));
    }
    add(as, 'path: React Router data request', `${pageUrl(route, params, '').replace(/\/$/, '/_root')}.data?x=%FF`);
    add(as, 'method DELETE', pageUrl(route, params, ''), 'DELETE');
    if (BEFORE_ROUTING.includes(route.path)) {
      add(as, 'query: too long for the server', pageUrl(route, params, `pad=${'z'.repeat(70_000)}`));
      add(
        as,
        'query: many parameters',
        pageUrl(route, params, Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&')),
      );
      add(as, 'method PUT', pageUrl(route, params, ''), 'PUT');
      add(as, 'method PATCH', pageUrl(route, params, ''), 'PATCH');
      add(as, 'cookie: forged session', pageUrl(route, params, ''), 'GET', {
        cookie: `pp.session_token=${encodeText("' OR 1=1--")}.${'A'.repeat(43)}`,
      });
      add(as, 'cookie: malformed', pageUrl(route, params, ''), 'GET', {
        cookie:
          'pp.session_token=%E0%A4%A; pp_flash=%7B%22type%22%3A1%7D; pp_flash=e30K; pp_free_tests=W10.****; pp_free_tests=%; ;;=; x',
      });
    }
  }
  return list;
}

/** Content types of a body that is JSON all the same. */
const NOT_JSON_TYPES: Record<string, string> = {
  'text/plain': 'text/plain',
  'a form': 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data; boundary=qq',
};

/** Every malformed request against the JSON endpoints. */
function jsonRequests(victim: Victim, origin: string): BadRequest[] {
  const list: BadRequest[] = [];
  for (const route of JSON_ROUTES) {
    const json = {
      'content-type': 'application/json',
      // The sign-in library refuses a POST without the store's own Origin before reading it.
      ...(route.path.startsWith('/api/auth/') && { origin }),
    };
    for (const as of route.as) {
      const add = (kind: string, body: Buffer | string | undefined, headers: Record<string, string> = json) =>
        list.push({
          label: `POST ${route.path} ${kind}`,
          kind,
          as,
          method: 'POST',
          url: route.path,
          headers,
          ...(body !== undefined && { body: Buffer.isBuffer(body) ? body : Buffer.from(body) }),
        });
      for (const { body, types } of as === route.as[0] ? route.templates(victim) : []) {
        const intent = typeof body.intent === 'string' ? ` (${body.intent})` : '';
        for (const [field, type] of Object.entries(types)) {
          const values: Record<string, unknown> = { ...wrongTypes(type) };
          if (type === 'string' || type === 'secret') {
            for (const [kind, text] of textsFor(type)) values[kind] = text;
            values['huge'] = 'y'.repeat(300_000);
          }
          if (type === 'string[]') {
            for (const [kind, text] of Object.entries(TEXT_PAYLOADS)) values[`in array: ${kind}`] = [text];
          }
          if (type === 'cart') {
            for (const [kind, text] of Object.entries(TEXT_PAYLOADS)) values[`in line id: ${kind}`] = [{ id: text }];
          }
          for (const [kind, value] of Object.entries(values)) {
            add(`field ${field}${intent}: ${kind}`, JSON.stringify({ ...body, [field]: value }));
          }
          const { [field]: _left, ...missing } = body;
          if (field !== 'intent') add(`field ${field}${intent}: missing`, JSON.stringify(missing));
        }
        add(`unknown field${intent}`, JSON.stringify({ ...body, isAdmin: true, role: 'admin' }));
        add(
          `prototype pollution${intent}`,
          `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(body).slice(1)}`,
        );
        const last = Object.keys(body).at(-1)!;
        add(`duplicated key${intent}`, `${JSON.stringify(body).slice(0, -1)},"${last}":"' OR 1=1--"}`);
        add(`sent as text/plain${intent}`, JSON.stringify(body), { 'content-type': 'text/plain' });
        add(`binary content type${intent}`, JSON.stringify(body), { 'content-type': 'application/octet-stream' });
      }
      // A NUL in each text field of a body that is JSON under another type, which the store's own endpoints
      // read as JSON all the same; signed in and out.
      for (const { body, types } of route.templates(victim)) {
        const intent = typeof body.intent === 'string' ? ` (${body.intent})` : '';
        for (const [field, type] of Object.entries(types)) {
          const nul = TEXT_PAYLOADS['null-byte']!;
          const value = type === 'cart' ? [{ id: nul, quantity: 1 }] : type === 'string' ? nul : null;
          if (value === null) continue;
          for (const [name, contentType] of Object.entries(NOT_JSON_TYPES)) {
            add(`field ${field}${intent}: null-byte sent as ${name}`, JSON.stringify({ ...body, [field]: value }), {
              ...json,
              'content-type': contentType,
            });
          }
        }
      }
      const sample = JSON.stringify(route.templates(victim)[0]!.body);
      add('bad JSON: unterminated', '{"intent":');
      add('bad JSON: trailing comma', `${sample.slice(0, -1)},}`);
      add('bad JSON: single quotes', sample.replaceAll('"', "'"));
      add('bad JSON: NaN', '{"intent":NaN}');
      add('bad JSON: comment', `/* x */${sample}`);
      add('JSON null', 'null');
      add('JSON string', '"view"');
      add('JSON number', '42');
      add('JSON array', `[${sample}]`);
      add('JSON empty object', '{}');
      add('empty body', '');
      add('no body', undefined);
      add('deeply nested arrays', `${'['.repeat(50_000)}${']'.repeat(50_000)}`);
      add(
        'invalid UTF-8',
        Buffer.concat([Buffer.from('{"intent":"'), Buffer.from([0xff, 0xfe, 0xc0, 0xaf]), Buffer.from('"}')]),
      );
      add('UTF-16 body', Buffer.from(sample, 'utf16le'));
      add('byte order mark', `\ufeff${sample}`);
      add('body over 1 MB', JSON.stringify({ intent: 'view', pad: 'x'.repeat(1.2 * MB) }));
      add('form content type', 'intent=view&examId=pmp', { 'content-type': 'application/x-www-form-urlencoded' });
      add('multipart without boundary', sample, { 'content-type': 'multipart/form-data' });
      add('latin-1 charset', Buffer.from('{"intent":"caf\xe9"}', 'latin1'), {
        'content-type': 'application/json; charset=iso-8859-1',
      });
      add('garbled content type', sample, { 'content-type': 'application/json;;;=;' });
    }
  }
  return list;
}

function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** Every malformed request against the forms. */
function formRequests(victim: Victim): BadRequest[] {
  const list: BadRequest[] = [];
  const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
  for (const route of FORM_ROUTES) {
    const fields = route.fields(victim);
    for (const as of route.as) {
      const add = (kind: string, body: Buffer | string | undefined, headers: Record<string, string> = urlencoded) =>
        list.push({
          label: `POST ${route.path} ${kind}`,
          kind,
          as,
          method: 'POST',
          url: route.path,
          headers,
          ...(body !== undefined && { body: Buffer.isBuffer(body) ? body : Buffer.from(body) }),
        });
      const optional = route.optional ?? [];
      for (const field of Object.keys(fields)) {
        for (const [kind, text] of textsFor(route.secrets?.includes(field) ? 'secret' : 'string')) {
          if (optional.includes(field) && text.trim() === '') continue;
          add(`field ${field}: ${kind}`, formBody({ ...fields, [field]: text }));
        }
        add(`field ${field}: huge`, formBody({ ...fields, [field]: 'y'.repeat(300_000) }));
        for (const [kind, raw] of Object.entries(RAW_VALUES)) {
          const others = formBody(Object.fromEntries(Object.entries(fields).filter(([name]) => name !== field)));
          add(`field ${field}: ${kind}`, `${others}&${field}=${raw}`);
        }
        if (!optional.includes(field)) {
          const { [field]: _left, ...missing } = fields;
          add(`field ${field}: missing`, formBody(missing));
        }
        // The first value is the one read: the odd one goes first, so the request stays invalid.
        add(`field ${field}: duplicated`, `${field}=${encodeText("' OR 1=1--")}&${formBody(fields)}`);
      }
      const sample = formBody(fields);
      add('sent as JSON', JSON.stringify(fields), { 'content-type': 'application/json' });
      add('sent as text/plain', sample, { 'content-type': 'text/plain' });
      add('binary content type', sample, { 'content-type': 'application/octet-stream' });
      add('multipart without boundary', sample, { 'content-type': 'multipart/form-data' });
      add('multipart, broken body', '--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx', {
        'content-type': 'multipart/form-data; boundary=zz',
      });
      add('multipart with a file', multipartWithFile(fields), { 'content-type': 'multipart/form-data; boundary=qq' });
      // Without any field a form with optional fields would be valid: those get their fields back.
      if (optional.length === 0) add('empty body', '');
      add('body over 1 MB', `${sample}&pad=${'x'.repeat(1.2 * MB)}`);
      add('thousands of fields', `${sample}&${Array.from({ length: 5000 }, (_, i) => `f${i}=${i}`).join('&')}`);
      add(
        'invalid UTF-8 bytes',
        Buffer.concat([Buffer.from([0xff, 0xfe, 0x3d, 0xc0, 0xaf, 0x26, 0x80, 0x26]), Buffer.from(sample)]),
      );
      add('latin-1 charset', Buffer.from(`${sample}&name=caf\xe9`, 'latin1'), {
        'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1',
      });
    }
  }
  return list;
}

/** The form's fields as multipart parts, and a file with a path for a name. */
function multipartWithFile(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--qq\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
  );
  parts.push(
    '--qq\r\nContent-Disposition: form-data; name="upload"; filename="../../etc/passwd"\r\n' +
      "Content-Type: application/octet-stream\r\n\r\n' OR 1=1--",
  );
  return `${parts.join('\r\n')}\r\n--qq--\r\n`;
}

/** The payment provider's notification endpoint: only a signed notification is ever read. */
function webhookRequests(): BadRequest[] {
  const bodies: Record<string, string> = {
    'unsigned event': '{"type":"checkout.session.completed","data":{"object":{"id":"sbx_cs_0000"}}}',
    'bad JSON': '{',
    empty: '',
    'sql payload': `{"id":"${TEXT_PAYLOADS['sql-union']}"}`,
  };
  const list: BadRequest[] = [];
  for (const [kind, body] of Object.entries(bodies)) {
    for (const signature of ['', 't=1,v1=00', "' OR 1=1--"]) {
      list.push({
        label: `POST /api/payments/webhook ${kind}, signature '${signature}'`,
        kind,
        as: 'anonymous',
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
        body: Buffer.from(body),
      });
    }
  }
  list.push({
    label: 'POST /api/payments/webhook body over 256 KB',
    kind: 'huge',
    as: 'anonymous',
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ pad: 'x'.repeat(300_000) })),
  });
  return list;
}

const OVERSIZED = ['too long for the server', 'body over 1 MB', 'body over 256 KB'];

/** The whole suite: routes × payload kinds. */
export function badRequests(victim: Victim, origin: string): BadRequest[] {
  return [...pageRequests(), ...jsonRequests(victim, origin), ...formRequests(victim), ...webhookRequests()].map(
    (request) => (OVERSIZED.some((kind) => request.label.includes(kind)) ? { ...request, oversized: true } : request),
  );
}
