/**
 * What goes wrong in a request, kind by kind: texts for any field (injections, markup, traversal, odd
 * characters and sizes), raw bytes for queries and forms, and JSON values of the wrong type.
 */

/** Text in every field: injections, markup, traversal, odd characters and odd sizes. */
export const TEXT_PAYLOADS: Record<string, string> = {
  'sql-quote': "' OR '1'='1",
  'sql-union': "' UNION SELECT id, email, name FROM users--",
  'sql-stacked': "x'; DROP TABLE exams;--",
  'sql-blind-sqlite': "x' AND 1=randomblob(100000000)--",
  'sql-blind-pg': "x';SELECT pg_sleep(5)--",
  'sql-like': '%_%\\',
  script: '<script>alert(document.cookie)</script>',
  'script-attribute': '"><img src=x onerror=alert(1)>',
  'script-url': 'javascript:alert(1)',
  traversal: '../../../../etc/passwd',
  // Names every JavaScript object has: a lookup by `in` or by index finds them where no key was meant.
  'inherited-name': '__proto__',
  'inherited-method': 'constructor',
  'null-byte': 'pmp\u0000.json',
  'header-injection': 'a\r\nSet-Cookie: injected=1',
  long: 'x'.repeat(5000),
  empty: '',
};

/** The same markers, as they must never come back unescaped in a page. */
export const SCRIPT_MARKERS = ['<script>alert(document.cookie)</script>', '<img src=x onerror=alert(1)>'];

/** Raw query or form values, already percent-encoded: bytes that are not UTF-8 and broken escapes. */
export const RAW_VALUES: Record<string, string> = {
  'invalid-utf8': '%FF%FE%C0%AF',
  'lone-surrogate': '%ED%A0%80',
  'broken-escape': '%E0%A4%A',
  'bare-percent': '%',
  'encoded-traversal': '..%2F..%2F..%2Fetc%2Fpasswd',
};

/** `secret` is a password: hashed, never looked up, and slow to check on purpose, so it gets fewer texts. */
export type FieldType = 'string' | 'secret' | 'integer' | 'boolean' | 'string[]' | 'cart';

const SECRET_PAYLOADS = ['sql-quote', 'null-byte', 'long', 'empty'];
export const textsFor = (type: 'string' | 'secret') =>
  Object.entries(TEXT_PAYLOADS).filter(([kind]) => type === 'string' || SECRET_PAYLOADS.includes(kind));

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });

/** Values of the wrong JSON type, for a field of the given type. */
export function wrongTypes(type: FieldType): Record<string, unknown> {
  const values: Record<string, unknown> = {
    ...(type !== 'integer' && { number: 42 }),
    ...(type !== 'boolean' && { boolean: true }),
    null: null,
    ...(type !== 'string[]' && type !== 'cart' && { array: ["' OR 1=1--"] }),
    object: { a: 1 },
    'mongo-operator': { $ne: null },
    'deep-object': deep(60),
  };
  if (type === 'integer') Object.assign(values, { negative: -1, zero: 0, fraction: 1.5, huge: 1e308, text: '7' });
  if (type === 'string[]' || type === 'cart') values['long-array'] = Array.from({ length: 500 }, (_, i) => `x${i}`);
  return values;
}
