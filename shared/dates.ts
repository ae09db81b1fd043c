/**
 * Dates as the store shows them (US English), in the student's own time zone. The browser names its zone
 * in a cookie (app/lib/head-script.server.ts), which the server reads (app/lib/time-zone.ts); until it
 * has, and for calendar dates with no time of day, it is UTC.
 */
const STYLES = {
  /** Nov 21 */
  dayMonth: { month: 'short', day: 'numeric' },
  /** Nov 21, 2026 */
  medium: { dateStyle: 'medium' },
  /** Nov 21, 2026, 3:30 PM */
  mediumTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** November 21, 2026 */
  long: { dateStyle: 'long' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(iso: string, style: DateStyle, timeZone = 'UTC'): string {
  const key = `${style} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** The zone named, when it is one this runtime knows (IANA names and their aliases); otherwise UTC. */
export function knownTimeZone(name: string | null | undefined): string {
  if (!name || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}
