/**
 * The store's log keeps no email address: a log is read by more people, and kept longer, than the accounts
 * it would name. Text from elsewhere (the sign-in library, a database error's detail, a mail server's
 * refusal) can carry one, so it passes through here on its way in.
 */
const ADDRESS = /[^\s@<>()[\]"',;:=]+@[^\s@<>()[\]"',;:=]+/g;

export const HIDDEN_ADDRESS = '[email address]';

/** The text with every email address in it replaced. */
export const hideAddresses = (text: string): string => text.replace(ADDRESS, HIDDEN_ADDRESS);

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
