import { useState } from 'react';
import { BackLink } from '../components/ui/back-link.tsx';
import { data, Link, useActionData, useLocation, useSearchParams } from 'react-router';
import { lockedTestNote, practiceRefusals } from '../../shared/practice-refusals.ts';
import { practiceTestsMessages } from '../../shared/practice-tests-messages.ts';
import { isCatalogueId } from '../../shared/ids.ts';
import { counted, examFacts } from '../../shared/exam-display.ts';
import {
  matchesFilter,
  NO_PROGRESS,
  sortTests,
  TEST_FILTERS,
  TEST_SORTS,
  type TestFilter,
  type TestSort,
} from '../../shared/progress.ts';
import { StatusPage } from '../components/ui/status-page.tsx';
import { CartToggle } from '../features/cart/components/cart-toggle.tsx';
import { useCart } from '../features/cart/cart-context.tsx';
import { ProgressRing } from '../features/catalogue/components/progress-ring.tsx';
import { PurchaserPanel } from '../features/practice/components/reset-progress.tsx';
import { LazyCharts } from '../features/progress/components/lazy-charts.tsx';
import { TestCard } from '../features/practice/components/test-card.tsx';
import { redirectWith } from '../lib/auth.server.ts';
import { originOf, pageMeta } from '../lib/seo.ts';
import { readForm } from '../lib/form.server.ts';
import type { Route } from './+types/practice-tests';
import { formatDate } from '../../shared/dates.ts';
import { useTimeZone } from '../lib/time-zone.ts';
import { signUpPath } from '../lib/sign-up-path.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = isCatalogueId(params.examId)
    ? await context.services.practice.examProgress(params.examId, context.user)
    : null;
  if (!page) throw data(practiceRefusals.examNotFound(params.examId.slice(0, 80)), { status: 404 });
  const charts = context.user ? await context.services.practice.progress.charts(context.user.id, [page.exam.id]) : [];
  // Sent as page data, not bundled: the page's scripts are at their budget (decision 0003).
  const lockedNote = lockedTestNote(context.user !== null, page.accessEnded !== null);
  return { ...page, charts, lockedNote, user: context.user ? { id: context.user.id } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  if ((await readForm(request)).get('intent') !== 'reset') return data({ error: 'Unknown request.' }, { status: 400 });
  if (!context.user) return data({ error: practiceRefusals.resetNeedsLogin }, { status: 401 });
  try {
    await context.services.practice.resetProgress(context.user.id);
  } catch (error) {
    console.error('Resetting progress failed', error);
    return data({ error: practiceRefusals.resetFailed }, { status: 503 });
  }
  return redirectWith(context, new URL(request.url).pathname, [], {
    type: 'success',
    message: practiceRefusals.progressReset,
  });
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${notFoundError(error) ? 'Exam Not Found' : 'Practice tests'} | PracticePass` }];
  const { exam } = loaderData;
  return pageMeta({
    // Not the exam page's "{title} Practice Tests": two pages of one exam are told apart in tabs and results.
    title: `${exam.title}: ${counted(exam.practiceTestCount, 'Practice Test')}`,
    description: `${counted(exam.practiceTestCount, 'practice test')} for ${exam.title}. The first one is free to try.`,
    path: `/exam/${exam.id}/practice-tests`,
    origin: originOf(matches),
  });
}

function pick<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

const filterLabels: Record<TestFilter, string> = {
  all: 'All Tests',
  'not-started': 'Not Started',
  completed: 'Completed',
  passed: 'Passed',
  failed: 'Failed',
};
const sortLabels: Record<TestSort, string> = {
  course: 'Course order',
  newest: 'Newest',
  alphabetical: 'Alphabetical',
  difficulty: 'Difficulty',
  'best-score': 'Best score',
};

export default function PracticeTests({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const {
    exam,
    access,
    accessEnded,
    progress,
    courseProgress,
    averageBestScore,
    examsGoingOn,
    user,
    charts,
    lockedNote,
  } = loaderData;
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { key: visit } = useLocation();
  // Filter and sort work on what the page already has: local state, mirrored into the address (so a
  // reload or a shared link keeps them) without a round trip to the server. A new visit of the page (a
  // link, the redirect after a reset) takes them from its address again.
  const filterOfAddress = () => pick(TEST_FILTERS, params.get('filter'), 'all');
  const sortOfAddress = () => pick(TEST_SORTS, params.get('sort'), 'course');
  const [filter, setFilter] = useState<TestFilter>(filterOfAddress);
  const [sort, setSort] = useState<TestSort>(sortOfAddress);
  const [readFor, setReadFor] = useState(visit);
  if (readFor !== visit) {
    setReadFor(visit);
    setFilter(filterOfAddress());
    setSort(sortOfAddress());
  }
  const demo = access === null;
  // A student whose access ended keeps the scores of their attempts, and the filters over them.
  const filterable = !demo || accessEnded !== null;
  const progressMap = new Map(Object.entries(progress));
  const visible = sortTests(exam.practiceTests, sort, progressMap).filter(
    (t) => !filterable || matchesFilter(filter, progressMap.get(t.id) ?? NO_PROGRESS),
  );
  const choose = <T extends string>(key: string, value: T, set: (v: T) => void) => {
    set(value);
    const url = new URL(window.location.href);
    url.searchParams.set(key, value);
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <section aria-labelledby="tests-heading" className="container-page py-10">
      <BackLink to={`/exams/${exam.id}`}>Exam details</BackLink>
      <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-brand-700">{examFacts(exam).category}</p>
      <h1 id="tests-heading" className="mt-1 text-3xl font-bold tracking-tight">
        {exam.title} <span className="mt-1 block text-lg font-semibold text-slate-700">Practice Tests</span>
      </h1>
      {actionData?.error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-900">
          {actionData.error}
        </p>
      )}

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">Practice tests</dt>
          <dd className="text-2xl font-bold">{exam.practiceTestCount}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="sr-only">Course progress</dt>
          <dd>
            <ProgressRing percent={courseProgress} named={false} />
          </dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">Days remaining</dt>
          <dd className="text-2xl font-bold">{access ? access.daysRemaining : accessEnded ? 0 : '—'}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">Average best score</dt>
          <dd className="text-2xl font-bold">{averageBestScore === null ? '—' : `${averageBestScore}%`}</dd>
        </div>
      </dl>

      <div className="mt-6 rounded-xl bg-white p-5 shadow-sm">
        <h2 className="font-semibold">Course overview</h2>
        <p className="mt-1 text-slate-700">{exam.description}</p>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Passing score</dt>
            <dd className="font-medium">{exam.passingScore}%</dd>
          </div>
          {accessEnded && (
            <div>
              <dt className="text-slate-600">Access ended</dt>
              <dd className="font-medium">{formatDate(accessEnded, 'long', timeZone)}</dd>
            </div>
          )}
          {access && (
            <>
              <div>
                <dt className="text-slate-600">Purchase date</dt>
                <dd className="font-medium">{formatDate(access.purchaseDate, 'long', timeZone)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Access until</dt>
                <dd className="font-medium">{formatDate(access.expiresAt, 'long', timeZone)}</dd>
              </div>
            </>
          )}
        </dl>
      </div>

      {demo && (
        <div className="mt-6 rounded-xl border-2 border-amber-400 bg-amber-50 p-5">
          <h2 className="text-lg font-semibold">{accessEnded ? 'Your access has ended' : 'Try Before You Buy'}</h2>
          <p className="mt-1 text-slate-800">
            The first practice test is free.{' '}
            {accessEnded
              ? 'Buy full access again to unlock every test.'
              : user
                ? 'Buy full access to unlock every test.'
                : 'Sign up to save your progress, and buy full access to unlock every test.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            {!user && (
              <Link to={signUpPath(exam.id)} className="btn-primary">
                Sign Up to Save Progress
              </Link>
            )}
            <CartToggle exam={exam} addLabel="Buy Full Access" />
            <GoToCart examId={exam.id} />
          </div>
        </div>
      )}

      {/* A form of the page's own address: without JavaScript, a filter or a sort is a new page the server
          draws with it; with JavaScript, both apply in place. */}
      <form method="get" className="mt-8 flex flex-wrap items-end justify-between gap-4">
        {filterable && (
          <div role="group" aria-label="Show tests" className="flex flex-wrap gap-2">
            {TEST_FILTERS.map((f) => (
              <button
                key={f}
                type="submit"
                name="filter"
                value={f}
                aria-pressed={filter === f}
                onClick={(event) => {
                  event.preventDefault();
                  choose('filter', f, setFilter);
                }}
                className={`min-h-11 rounded-full border px-4 text-sm font-medium ${filter === f ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800'}`}
              >
                {filterLabels[f]}
              </button>
            ))}
          </div>
        )}
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-2 text-sm">
            Sort by
            <select
              name="sort"
              value={sort}
              onChange={(e) => choose('sort', e.target.value as TestSort, setSort)}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
            >
              {TEST_SORTS.map((s) => (
                <option key={s} value={s}>
                  {sortLabels[s]}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button
              type="submit"
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium"
            >
              Sort
            </button>
          </noscript>
        </div>
        {/* The filter shown stays when the sort is changed; a filter button comes first, so it wins. */}
        {filterable && <input type="hidden" name="filter" value={filter} />}
      </form>

      {visible.length === 0 ? (
        <p role="status" className="mt-6 rounded-lg bg-white p-6 text-center text-slate-700">
          No tests match this filter.
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {visible.map((test) => (
            <li key={test.id}>
              <TestCard
                test={test}
                progress={progressMap.get(test.id) ?? NO_PROGRESS}
                open={!demo || test.position === 1}
                signedIn={user !== null}
                examId={exam.id}
                examGoesOn={examsGoingOn.includes(test.id)}
                lockedNote={lockedNote}
              />
            </li>
          ))}
        </ul>
      )}

      <LazyCharts charts={charts} />

      {(access || accessEnded) && user && <PurchaserPanel examId={exam.id} userId={user.id} />}
    </section>
  );
}

/** Once the exam is in the cart, the way on to paying for it. */
function GoToCart({ examId }: { examId: string }) {
  return useCart().has(examId) ? (
    <Link to="/cart" className="btn-primary">
      Go to Cart
    </Link>
  ) : null;
}

/** The exam is not in the catalogue (its message is the error's text), as opposed to the page failing to load. */
const notFoundError = (error: unknown) =>
  typeof (error as { data?: unknown })?.data === 'string' && (error as { status?: number }).status === 404;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = notFoundError(error);
  return (
    <StatusPage
      title={notFound ? 'Exam Not Found' : 'Practice tests'}
      message={notFound ? String((error as { data: string }).data) : practiceTestsMessages.loadTestsFailed}
    />
  );
}
