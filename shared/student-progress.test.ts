import { describe, expect, it } from 'vitest';
import { parseHistoryFilters } from './student-progress.ts';

describe('parseHistoryFilters', () => {
  const parse = (query: string) => parseHistoryFilters(new URLSearchParams(query));
  it('reads mode, exam and page from the address', () => {
    expect(parse('mode=exam&exam=pmp&page=3')).toEqual({ mode: 'exam', examId: 'pmp', page: 3 });
    expect(parse('')).toEqual({ mode: 'all', examId: null, page: 1 });
  });
  it('falls back on anything it does not know', () => {
    expect(parse('mode=cheat&exam=%3Cscript%3E&page=-4')).toEqual({ mode: 'all', examId: null, page: 1 });
    expect(parse('page=abc')).toMatchObject({ page: 1 });
    // Past any history: as far as it goes, which the page turns into its last page.
    expect(parse('page=99999999')).toMatchObject({ page: 100_000 });
  });
});
