/**
 * What a request names: its host, and its path as it may be written to a log. A host is a name or an
 * address and an optional port, nothing else: a Host such as `x/login?` would otherwise change the page
 * rendered while the page cache kept it under the address asked for.
 */

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export function isValidHost(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  const match = HOST.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

export const HOST_REFUSED = { error: 'That request names no valid host.' };
export const TARGET_REFUSED = { error: 'That request names no path on this site.' };
/** An address the router cannot read: a stray `%`, or an escape that is not UTF-8. */
export const ADDRESS_REFUSED = { error: 'That address is not one this site can read.' };

/** Segments of a path that are secrets themselves: the token of an emailed password-reset link. */
const SECRET_SEGMENTS = /^(\/api\/auth\/reset-password\/)[^/]+/;

/** The path of a request as it may be logged: no query string, and no token in the path. */
export function loggablePath(url: string): string {
  return url.split('?', 1)[0]!.replace(SECRET_SEGMENTS, '$1:token');
}
