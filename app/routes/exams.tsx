import { data, useNavigation } from 'react-router';
import { messages } from '../../shared/messages.ts';
import { parseSearch } from '../../shared/search.ts';
import { ExamGrid } from '../features/catalogue/components/exam-grid.tsx';
import { LoadFailed } from '../features/catalogue/components/load-failed.tsx';
import { SearchForm } from '../features/catalogue/components/search-form.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { originOf, pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/exams';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const term = loaderData?.term;
  return pageMeta({
    title: term ? `Exams matching “${term}”` : 'All Certification Exams',
    description:
      'Browse every certification exam on PracticePass: AWS, Azure, Security+, CCNA, PMP, ITIL and more, each with a free demo practice test.',
    path: '/exams',
    origin: originOf(matches),
    noindex: Boolean(term),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = parseSearch(new URL(request.url).searchParams.get('q'));
  if (!search.ok) {
    return data({ exams: [], term: search.term, error: search.error, failed: false }, { status: 400 });
  }
  try {
    const exams = await context.services.catalogue.search(search.term);
    return { exams, term: search.term, error: null, failed: false };
  } catch (error) {
    console.error('Loading exams failed', error);
    return data({ exams: [], term: search.term, error: null, failed: true }, { status: 503 });
  }
}

export default function Exams({ loaderData }: Route.ComponentProps) {
  const { exams, term, error, failed } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/exams';
  return (
    <section aria-labelledby="exams-heading" className="container-page py-10">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <h1 id="exams-heading" className="text-3xl font-bold">
          Available Certification Exams
        </h1>
        <SearchForm key={term} defaultValue={term} />
      </div>
      {loading ? (
        <Spinner label={messages.loadingExams} />
      ) : error ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {error}
        </p>
      ) : failed ? (
        <LoadFailed message={messages.loadExamsFailed} />
      ) : exams.length === 0 ? (
        <p role="status" className="rounded-lg bg-white p-6 text-center text-slate-700">
          {term ? messages.noSearchResults : 'No exams are available yet.'}
        </p>
      ) : (
        <>
          {term && (
            <p role="status" className="mb-4 text-sm text-slate-700">
              {exams.length === 1 ? '1 exam' : `${exams.length} exams`} matching “{term}”
            </p>
          )}
          <ExamGrid exams={exams} headingLevel={2} />
        </>
      )}
    </section>
  );
}
