import { data, isRouteErrorResponse, Link, useSearchParams } from 'react-router';
import { formatDate } from '../../shared/dates.ts';
import { BackLink } from '../components/ui/back-link.tsx';
import { StatusPage } from '../components/ui/status-page.tsx';
import { AnswerReview, DomainScores, ResultBand } from '../features/practice/components/result-parts.tsx';
import { requireUser } from '../lib/auth.server.ts';
import { useTimeZone } from '../lib/time-zone.ts';
import type { Route } from './+types/attempt-review';

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.testName} · Review` : 'Attempt Not Found';
  return [{ title: `${title} | PracticePass` }, { name: 'robots', content: 'noindex' }];
}

/** One of the student's finished attempts, from their history: its result and, when it may be read, its review. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const past = await context.services.practice.pastAttempt(params.attemptId, user.id);
  if (!past) throw data('Attempt not found', { status: 404 });
  return past;
}

export default function AttemptReview({ loaderData }: Route.ComponentProps) {
  const { info, testName, submittedAt, result, withheld } = loaderData;
  // The review's boxes, as its address sets them (a form of it, without scripts).
  const [params] = useSearchParams();
  const timeZone = useTimeZone();
  const mode = result.mode === 'exam' ? 'Exam Mode' : 'Practice Mode';
  return (
    <section aria-labelledby="attempt-heading" className="container-page space-y-6 py-8">
      <div>
        <BackLink to="/history">My History</BackLink>
        <h1 id="attempt-heading" className="mt-1 text-2xl font-bold sm:text-3xl">
          {testName}
        </h1>
        <p className="mt-1 text-slate-700">
          {info.examTitle} · {mode} · {formatDate(submittedAt, 'mediumTime', timeZone)}
        </p>
      </div>

      <ResultBand
        result={result}
        heading={<h2 className="text-2xl font-bold">{result.isPassed ? 'Passed' : 'Failed'}</h2>}
      />
      <DomainScores byCategory={result.byCategory} />

      <div className="flex flex-wrap gap-3">
        <Link to={`/practice-test/${info.id}?mode=${result.mode}`} className="btn-primary">
          Retry
        </Link>
        <Link to={`/exam/${info.examId}/practice-tests`} className="btn-secondary">
          Back to practice tests
        </Link>
      </div>

      <section aria-labelledby="review-heading" className="space-y-4">
        <h2 id="review-heading" className="text-xl font-semibold">
          Detailed Review
        </h2>
        {withheld ? (
          <div className="rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-900">
            <p>{withheld.message}</p>
            {withheld.reason === 'exam-running' ? (
              <Link to={`/practice-test/${info.id}?mode=exam`} className="btn-primary mt-3">
                Go back to the exam
              </Link>
            ) : (
              <Link to={`/exams/${info.examId}`} className="btn-primary mt-3">
                See the exam
              </Link>
            )}
          </div>
        ) : (
          <AnswerReview result={result} shown={{ missed: params.has('missed'), flagged: params.has('flagged') }} />
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return <StatusPage title="Something went wrong" message="Please try again in a moment." />;
  }
  return (
    <StatusPage title="Attempt Not Found" message="This attempt is not in your history.">
      <Link to="/history" className="btn-primary">
        My History
      </Link>
    </StatusPage>
  );
}
