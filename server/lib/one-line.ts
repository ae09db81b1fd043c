/** An error as one line: its message and, where it has one, its code (SQLITE_BUSY, ECONNREFUSED…). */
export function oneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = error instanceof AggregateError ? error.errors.map(oneLine).join('; ') : '';
  const message = (error.message || inner || error.name).replace(/\s*\n\s*/g, ' ');
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}
