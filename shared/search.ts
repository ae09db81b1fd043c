import { SEARCH_MAX_LENGTH } from './catalogue.ts';
import { messages } from './messages.ts';

export type SearchInput = { ok: true; term: string } | { ok: false; term: string; error: string };

/**
 * Cleans a catalogue search: control characters (which PostgreSQL refuses in text) become spaces, runs
 * of spaces collapse, and a term longer than the limit is refused with a message rather than cut.
 */
export function parseSearch(raw: string | null | undefined): SearchInput {
  // eslint-disable-next-line no-control-regex
  const term = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  if (term.length > SEARCH_MAX_LENGTH) {
    return { ok: false, term: term.slice(0, SEARCH_MAX_LENGTH), error: messages.searchTooLong(SEARCH_MAX_LENGTH) };
  }
  return { ok: true, term };
}
