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
  template: '{{7*7}}${7*7}<%= 7*7 %>',
  traversal: '../../../../etc/passwd',
  'null-byte': 'pmp\u0000.json',
  emoji: '🧪'.repeat(40),
  'header-injection': 'a\r\nSet-Cookie: injected=1',
  long: 'x'.repeat(5000),
  empty: '',
  blank: ' \t ',
};

/** The same markers, as they must never come back unescaped in a page. */
export const SCRIPT_MARKERS = ['<script>alert(document.cookie)</script>', '<img src=x onerror=alert(1)>'];

/** Raw query or form values, already percent-encoded: bytes that are not UTF-8 and broken escapes. */
export const RAW_VALUES: Record<string, string> = {
  'invalid-utf8': '%FF%FE%C0%AF',
  'lone-surrogate': '%ED%A0%80',
  'broken-escape': '%E0%A4%A',
  'bare-percent': '%',
  'bad-hex': '%zz',
  'encoded-traversal': '..%2F..%2F..%2Fetc%2Fpasswd',
  'double-encoded-traversal': '%252e%252e%252f%252e%252e%252fetc%252fpasswd',
};

/** `secret` is a password: hashed, never looked up, and slow to check on purpose, so it gets fewer texts. */
export type FieldType = 'string' | 'secret' | 'integer' | 'boolean' | 'string[]' | 'cart';

const SECRET_PAYLOADS = ['sql-quote', 'null-byte', 'emoji', 'long', 'empty'];
export const textsFor = (type: 'string' | 'secret') =>
  Object.entries(TEXT_PAYLOADS).filter(([kind]) => type === 'string' || SECRET_PAYLOADS.includes(kind));

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });

/** Values of the wrong JSON type, for a field of the given type. */
export function wrongTypes(type: FieldType): Record<string, unknown> {
  const all: Record<string, [unknown, FieldType[]]> = {
    number: [42, ['integer']],
    negative: [-1, []],
    fraction: [1.5, []],
    'huge-number': [1e308, []],
    zero: [0, []],
    boolean: [true, ['boolean']],
    null: [null, []],
    'string-array': [["' OR 1=1--", '<script>'], ['cart']],
    'long-array': [Array.from({ length: 500 }, (_, i) => `x${i}`), ['cart']],
    object: [{ a: 1 }, []],
    'mongo-operator': [{ $ne: null }, []],
    'deep-object': [deep(60), []],
    'numeric-string': ['7', ['string', 'secret']],
  };
  return Object.fromEntries(
    Object.entries(all)
      .filter(([, [, sameKind]]) => !sameKind.includes(type))
      .map(([kind, [value]]) => [kind, value]),
  );
}
