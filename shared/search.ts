import { SEARCH_MAX_LENGTH } from './catalogue.ts';
import { catalogueMessages } from './catalogue-messages.ts';

export type SearchInput = { ok: true; term: string } | { ok: false; term: string; error: string };

/**
 * Cleans a catalogue search: control characters (which PostgreSQL refuses in text) become spaces, runs
 * of spaces collapse, and a term longer than the limit is refused with a message rather than cut.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export function parseSearch(raw: string | null | undefined): SearchInput {
  const term = (raw ?? '').replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  if (term.length > SEARCH_MAX_LENGTH) {
    return {
      ok: false,
      term: term.slice(0, SEARCH_MAX_LENGTH),
      error: catalogueMessages.searchTooLong(SEARCH_MAX_LENGTH),
    };
  }
  return { ok: true, term };
}

/** Far beyond any catalogue: a larger page number is read as this one, which is past the last page too. */
const FARTHEST_PAGE = 1_000_000;

/** A catalogue page number: none means the first page; anything but a whole number from 1 is refused. */
export function parsePage(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === '') return 1;
  if (!/^[1-9][0-9]*$/.test(raw)) return null;
  return raw.length > String(FARTHEST_PAGE).length ? FARTHEST_PAGE : Math.min(Number(raw), FARTHEST_PAGE);
}
