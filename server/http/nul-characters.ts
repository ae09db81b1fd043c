/**
 * No text this store takes holds a NUL character (U+0000), and PostgreSQL refuses one in any text value: a
 * request that carries one, in its address or its body, is refused with a 400 before any handler sees it,
 * so both databases answer alike. Each encoding is read as its own: `%00` in an address or a form, `\u0000`
 * in JSON (but not an escaped backslash before `u0000`), a raw zero byte anywhere. The store's JSON
 * endpoints (`/api/cart`, `/api/attempts`) read a body as JSON whatever its Content-Type says, so any body
 * that is JSON is read as JSON here too; a form's fields hold their text as typed, so `\u0000` in a form that
 * is not JSON is text, not a NUL.
 */

export const NUL_REFUSED = { error: 'A field holds a NUL character, which is not accepted.' };

/** The same refusal as a page, for a browser that asked for one (a crafted address). */
export const NUL_REFUSED_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request not accepted | PracticePass</title></head>
<body><main><h1>Request not accepted</h1><p role="alert">${NUL_REFUSED.error}</p><p><a href="/">Go to the home page</a></p></main></body>
</html>
`;

const ENCODED_IN_URL = /%00/i;
// An odd run of backslashes before u0000 is the escape; an even run is literal backslashes and text.
const ESCAPED_IN_JSON = /(?<!\\)(?:\\\\)*\\u0000/i;

export function holdsNul(url: string, contentType: string | undefined, body: unknown): boolean {
  if (ENCODED_IN_URL.test(url)) return true;
  if (!Buffer.isBuffer(body) || body.length === 0) return false;
  if (body.includes(0)) return true;
  const type = (contentType ?? '').toLowerCase();
  const text = body.toString('latin1');
  if (type.startsWith('application/x-www-form-urlencoded') && ENCODED_IN_URL.test(text)) return true;
  if (!ESCAPED_IN_JSON.test(text)) return false;
  return type.includes('json') || isJson(body);
}

/** Whether the body reads as JSON, as `Request.json()` reads it (UTF-8, a byte order mark skipped). */
function isJson(body: Buffer): boolean {
  try {
    JSON.parse(new TextDecoder().decode(body));
    return true;
  } catch {
    return false;
  }
}
