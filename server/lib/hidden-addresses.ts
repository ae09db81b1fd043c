/**
 * The store's log keeps no email address: a log is read by more people, and kept longer, than the accounts
 * it would name. Text from elsewhere (the sign-in library, a database error's detail, a mail server's
 * refusal) can carry one, so it passes through here on its way in.
 */
const OUTSIDE_ADDRESS = /[\s@<>()[\]"',;:=]/;

export const HIDDEN_ADDRESS = '[email address]';

/**
 * The text with every email address in it (a run of address characters, an @, a run of them) replaced. It
 * walks out from each @, so it takes time in step with the text's length: a regular expression for the same
 * runs tried every start of a long line with no @ in it (a request's malformed field, logged) to its end.
 */
export function hideAddresses(text: string): string {
  let at = text.indexOf('@');
  if (at === -1) return text;
  const inAddress = (i: number) => !OUTSIDE_ADDRESS.test(text[i]!);
  let hidden = '';
  let copied = 0;
  while (at !== -1) {
    let start = at;
    while (start > copied && inAddress(start - 1)) start--;
    let end = at + 1;
    while (end < text.length && inAddress(end)) end++;
    if (start < at && end > at + 1) {
      hidden += text.slice(copied, start) + HIDDEN_ADDRESS;
      copied = end;
    }
    at = text.indexOf('@', at + 1);
  }
  return hidden + text.slice(copied);
}

/**
 * Any value for the log with the text in it free of email addresses: strings, and the strings of arrays,
 * plain objects and errors (message, stack, and fields such as a PostgreSQL error's `detail` or a mail
 * error's `rejected` list), four levels deep; deeper than that it is left out.
 */
export function withoutAddresses<T>(value: T, depth = 4): T {
  if (typeof value === 'string') return hideAddresses(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth === 0) return '[left out]' as T;
  if (Array.isArray(value)) return value.map((v: unknown) => withoutAddresses(v, depth - 1)) as T;
  const fields = Object.entries(value).map(([k, v]) => [k, withoutAddresses(v, depth - 1)] as const);
  if (!(value instanceof Error)) return Object.fromEntries(fields) as T;
  const copy = Object.assign(new Error(hideAddresses(value.message)), Object.fromEntries(fields));
  copy.name = value.name;
  copy.stack = value.stack === undefined ? undefined : hideAddresses(value.stack);
  return copy as T;
}
