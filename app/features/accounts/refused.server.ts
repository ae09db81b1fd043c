import { data } from 'react-router';

/** A refused form: its message and what the visitor typed. Bad input answers 4xx; a server failure stays 5xx. */
export function refused(status: number, fields: { error: string; email?: string; name?: string }) {
  return data(fields, { status: status >= 400 ? status : 400 });
}
