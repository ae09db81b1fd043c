import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import { BackLink } from '../components/ui/back-link.tsx';
import { capitalise, counted } from '../../shared/exam-display.ts';
import { isCatalogueId } from '../../shared/ids.ts';
import { practiceMessages } from '../../shared/practice-messages.ts';
import { lockedTestNote, practiceRefusals } from '../../shared/practice-refusals.ts';
import { Fact } from '../components/ui/fact.tsx';
import { LockedActions } from '../features/cart/components/locked-actions.tsx';
import { StatusPage } from '../components/ui/status-page.tsx';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/test-details';

/** The refusal of an address that names a test (under /tests/ or /attempt/) carries its message. */
function namesTest(error: unknown): error is { data: string } {
  return isRouteErrorResponse(error) && typeof error.data === 'string';
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const title = loaderData?.info.title ?? (error && !namesTest(error) ? 'Page Not Found' : 'Practice test');
  return [{ title: `${title} | PracticePass` }, { name: 'robots', content: 'noindex' }];
}

/** The legacy test details page, also reached from /{testId} and /attempt/{testId}: real data, and a way to start. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const testId = params.testId ?? '';
  const path = new URL(request.url).pathname;
  const found = isCatalogueId(testId) ? await context.services.practice.testInfo(testId, context.user) : null;
  // An unknown test under /tests/ or /attempt/ is named in the message; any other single segment is just
  // a page that does not exist.
  if (!found) {
    const named = path !== `/${testId}`;
    const message = practiceMessages.loadTestFailed(practiceRefusals.testNotFound(testId.slice(0, 80)));
    throw data(named ? message : null, { status: 404 });
  }
  if (path !== `/tests/${testId}`) throw redirect(`/tests/${testId}`);
  requireUser(request, context);
  // Signed in, so never asked to sign up; worded here, the sentence travels in no script.
  return { ...found, lockedNote: found.open ? null : lockedTestNote(true, found.accessEnded) };
}

export default function TestDetails({ loaderData }: Route.ComponentProps) {
  const { info, open, lockedNote } = loaderData;
  return (
    <section aria-labelledby="test-heading" className="container-page max-w-3xl py-10">
      <BackLink to={`/exam/${info.examId}/practice-tests`}>{info.examTitle}</BackLink>
      <h1 id="test-heading" className="mt-1 text-3xl font-bold">
        {info.title}
      </h1>
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          ['Questions', String(info.questionCount)],
          ['Time limit', counted(info.timeLimitMinutes, 'minute')],
          ['Difficulty', capitalise(info.difficulty)],
          ['Passing score', `${info.passingScore}%`],
        ].map(([label, value]) => (
          <Fact key={label} boxed label={label!} value={value!} />
        ))}
      </dl>
      {lockedNote && <p className="mt-6 font-medium text-slate-800">{lockedNote}</p>}
      <div className="mt-6 flex flex-wrap gap-3">
        {open ? (
          <>
            <Link to={`/practice-test/${info.id}?mode=exam`} className="btn-primary">
              Exam Mode
            </Link>
            <Link to={`/practice-test/${info.id}?mode=practice`} className="btn-secondary">
              Practice Mode
            </Link>
          </>
        ) : (
          <LockedActions exam={{ id: info.examId, title: info.examTitle }} signedIn />
        )}
      </div>
    </section>
  );
}

/** A legacy test address names a test that does not exist: say so (spec §8) and lead back to the tests. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!namesTest(error))
    return <StatusPage title="Page Not Found" message="We couldn't find the page you're looking for." />;
  return (
    <StatusPage title="Practice test" message={error.data}>
      <Link to="/tests" className="btn-primary">
        Back to tests
      </Link>
    </StatusPage>
  );
}
