/** The methods pages and their forms answer; any other is refused before it reaches them. */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

export const methodRefused = (method: string) => ({ error: `This address does not accept ${method} requests.` });

/** The sentence for a refusal that came without one. */
export const FALLBACK: Record<number, string> = {
  400: 'That request is not valid.',
  401: 'Please sign in first.',
  403: 'That is not allowed.',
  404: 'There is nothing at this address.',
  405: 'This address does not accept that kind of request.',
  413: 'That request is too large.',
  415: 'That kind of content is not accepted here.',
  429: 'Too many requests. Please wait a minute and try again.',
};

/**
 * Every refused request says why in an `error` sentence. Error answers in JSON without one (the sign-in
 * library's `{ message, code }`, React Router's 405 of a resource route) or with no body at all get one;
 * pages and React Router's data responses already carry their message and pass untouched.
 */
export async function withErrorSentence(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const type = response.headers.get('content-type') ?? '';
  if (type !== '' && !type.includes('json')) return response;
  const text = await response.text();
  let record: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) record = parsed as Record<string, unknown>;
  } catch {
    // Not JSON after all: replaced by the sentence below.
  }
  const given = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (given(record.error)) return new Response(text, { status: response.status, headers });
  const usable = given(record.message) && record.message !== 'Unexpected Server Error' ? record.message : null;
  const error =
    usable ??
    FALLBACK[response.status] ??
    (response.status >= 500 ? 'Something went wrong. Please try again.' : 'That request was refused.');
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify({ ...record, error }), { status: response.status, headers });
}
