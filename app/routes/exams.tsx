import { data, Link, useNavigation } from 'react-router';
import { CATALOGUE_PAGE_SIZE, type ExamSummary } from '../../shared/catalogue.ts';
import { catalogueMessages } from '../../shared/catalogue-messages.ts';
import { parsePage, parseSearch } from '../../shared/search.ts';
import { CataloguePager, cataloguePageHref } from '../features/catalogue/components/catalogue-pager.tsx';
import { ExamGrid } from '../features/catalogue/components/exam-grid.tsx';
import { LoadFailed } from '../features/catalogue/components/load-failed.tsx';
import { SearchForm } from '../features/catalogue/components/search-form.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { originOf, pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/exams';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const term = loaderData?.term ?? '';
  const page = loaderData?.page ?? 1;
  const title = term ? `Exams matching “${term}”` : 'All Certification Exams';
  return pageMeta({
    title: page > 1 ? `${title}, page ${page}` : title,
    description:
      'Browse every certification exam on PracticePass: AWS, Azure, Security+, CCNA, PMP, ITIL and more, each with a free demo practice test.',
    path: cataloguePageHref(term, page),
    origin: originOf(matches),
    noindex: Boolean(term),
  });
}

interface CatalogueData {
  exams: ExamSummary[];
  term: string;
  page: number;
  pageCount: number;
  total: number;
  error: string | null;
  failed: boolean;
}

const nothing = { exams: [], page: 1, pageCount: 0, total: 0, error: null, failed: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = parseSearch(params.get('q'));
  const term = search.term;
  if (!search.ok) return data<CatalogueData>({ ...nothing, term, error: search.error }, { status: 400 });
  const page = parsePage(params.get('page'));
  if (page === null)
    return data<CatalogueData>({ ...nothing, term, error: catalogueMessages.noSuchCataloguePage }, { status: 400 });
  try {
    const { exams, total } = await context.services.catalogue.search(term, page);
    const pageCount = Math.ceil(total / CATALOGUE_PAGE_SIZE);
    if (page > Math.max(pageCount, 1)) {
      return data<CatalogueData>(
        { ...nothing, term, total, pageCount, error: catalogueMessages.noSuchCataloguePage },
        { status: 404 },
      );
    }
    // On a phone the first card's picture is the largest thing on the screen: it comes with the page.
    const [first, ...rest] = exams;
    const shown = first
      ? [{ ...first, thumbnail: await context.services.catalogue.inlineThumbnail(first.thumbnail) }, ...rest]
      : exams;
    return data<CatalogueData>({ ...nothing, exams: shown, term, page, pageCount, total });
  } catch (error) {
    context.log.error({ err: error }, 'Loading exams failed');
    return data<CatalogueData>({ ...nothing, term, failed: true }, { status: 503 });
  }
}

const count = new Intl.NumberFormat('en-US');

/** "2 exams matching “cloud”", or on a catalogue of several pages "10,000 exams, 25–48 shown". */
function resultsLine({ term, total, page, pageCount, exams }: CatalogueData): string | null {
  if (!term && pageCount <= 1) return null;
  const exam = total === 1 ? '1 exam' : `${count.format(total)} exams`;
  const matching = term ? `${exam} matching “${term}”` : exam;
  if (pageCount <= 1) return matching;
  const first = (page - 1) * CATALOGUE_PAGE_SIZE + 1;
  return `${matching}, ${count.format(first)}–${count.format(first + exams.length - 1)} shown`;
}

export default function Exams({ loaderData }: Route.ComponentProps) {
  const { exams, term, page, pageCount, error, failed } = loaderData;
  const results = resultsLine(loaderData);
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/exams';
  return (
    <section aria-labelledby="exams-heading" className="container-page py-10">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <h1 id="exams-heading" className="text-3xl font-bold">
          Available Certification Exams
        </h1>
        <SearchForm defaultValue={term} />
      </div>
      {loading ? (
        <Spinner label={catalogueMessages.loadingExams} />
      ) : error ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <p>{error}</p>
          {error === catalogueMessages.noSuchCataloguePage && (
            <p className="mt-2">
              <Link to={cataloguePageHref(term, 1)} className="font-semibold underline">
                Go to the first page
              </Link>
            </p>
          )}
        </div>
      ) : failed ? (
        <LoadFailed message={catalogueMessages.loadExamsFailed} />
      ) : exams.length === 0 ? (
        <div className="rounded-lg bg-white p-6 text-center text-slate-700">
          <p role="status">{term ? catalogueMessages.noSearchResults : 'No exams are available yet.'}</p>
          {term && (
            <Link to="/exams" className="btn-secondary mt-4">
              Show all exams
            </Link>
          )}
        </div>
      ) : (
        <>
          {results && (
            <p role="status" className="mb-4 text-sm text-slate-700">
              {results}
            </p>
          )}
          <ExamGrid exams={exams} headingLevel={2} />
          {pageCount > 1 && <CataloguePager term={term} page={page} pageCount={pageCount} />}
        </>
      )}
    </section>
  );
}
