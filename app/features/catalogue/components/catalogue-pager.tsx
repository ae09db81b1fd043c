import { Link } from 'react-router';

/** The address of a page of the catalogue, keeping its search; the first page has no number. */
export function cataloguePageHref(term: string, page: number): string {
  const params = new URLSearchParams();
  if (term) params.set('q', term);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/exams?${query}` : '/exams';
}

/** Previous and next links under a catalogue that runs over more than one page. */
export function CataloguePager({ term, page, pageCount }: { term: string; page: number; pageCount: number }) {
  return (
    <nav aria-label="Catalogue pages" className="mt-8 grid grid-cols-2 items-center gap-4 sm:grid-cols-[1fr_auto_1fr]">
      <p className="col-span-2 text-center text-sm text-slate-700 sm:order-2 sm:col-span-1">
        Page {page} of {pageCount}
      </p>
      <div className="sm:order-1">
        {page > 1 && (
          <Link to={cataloguePageHref(term, page - 1)} rel="prev" className="btn-secondary">
            <span aria-hidden="true">←</span> Previous <span className="sr-only sm:not-sr-only">page</span>
          </Link>
        )}
      </div>
      <div className="justify-self-end sm:order-3">
        {page < pageCount && (
          <Link to={cataloguePageHref(term, page + 1)} rel="next" className="btn-secondary">
            Next <span className="sr-only sm:not-sr-only">page</span> <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>
    </nav>
  );
}
