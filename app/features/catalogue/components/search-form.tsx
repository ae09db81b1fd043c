import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { SEARCH_MAX_LENGTH } from '../../../../shared/catalogue.ts';

/** Searches the catalogue on /exams; works as a plain GET form before the page's script loads. */
export function SearchForm({ defaultValue = '', id = 'exam-search' }: { defaultValue?: string; id?: string }) {
  // The form stays in place through a search, so focus stays where it was (the field or its button); the
  // field shows the search of the page shown, after Back and Forward too.
  // Only a new search is written in: what a visitor typed before the page's scripts came is kept.
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef(defaultValue);
  useEffect(() => {
    if (input.current && defaultValue !== shown.current) input.current.value = defaultValue;
    shown.current = defaultValue;
  }, [defaultValue]);
  return (
    <Form method="get" action="/exams" role="search" className="flex w-full max-w-xl gap-2">
      <label htmlFor={id} className="sr-only">
        Search exams
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder="Search exams..."
        maxLength={SEARCH_MAX_LENGTH}
        className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500"
      />
      <button type="submit" className="btn-primary">
        Search
      </button>
    </Form>
  );
}
