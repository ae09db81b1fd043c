import { NoScriptNotice } from '../components/ui/notifications.tsx';
import { lazy, Suspense, useCallback, useState } from 'react';
import { BackLink } from '../components/ui/back-link.tsx';
import { data, isRouteErrorResponse, Link, redirect, useSearchParams } from 'react-router';
import { practiceMessages } from '../../shared/practice-messages.ts';
import { lockedTestNote, practiceRefusals } from '../../shared/practice-refusals.ts';
import { parseMode, type AttemptResult, type AttemptView, type TestMode } from '../../shared/practice.ts';
import { isCatalogueId } from '../../shared/ids.ts';
import { counted } from '../../shared/exam-display.ts';
import { StatusPage } from '../components/ui/status-page.tsx';
import { postAttempt } from '../features/practice/attempt-api.ts';
import { TestLoadFailed } from '../features/practice/components/test-load-failed.tsx';
import { LazyTestRunner, loadTestRunner } from '../features/practice/components/lazy-test-runner.ts';
import type { Route } from './+types/practice-test';
import { signUpPath } from '../lib/sign-up-path.ts';
import { useOneAtATime } from '../features/practice/one-at-a-time.ts';

// The result screen loads when a test ends, not with the test.
const TestResult = lazy(() => import('../features/practice/components/test-result.tsx'));
// Only a locked test offers the buying actions: they load with that page, not with every test.
const LockedActions = lazy(() =>
  import('../features/cart/components/locked-actions.tsx').then((m) => ({ default: m.LockedActions })),
);

/** What a locked test's refusal (a 403) carries: its words come from the server, and travel in no script. */
interface LockedRefusal {
  named: string;
  examId: string;
  examTitle: string;
  signedIn: boolean;
  accessEnded: boolean;
  message: string;
}

/** A test as its page's title and a locked test's page name it. */
const testName = (info: { title: string; examTitle: string }) => `${info.title} · ${info.examTitle}`;

export function meta({ loaderData, error }: Route.MetaArgs) {
  // A locked test is named by its refusal.
  const locked = isRouteErrorResponse(error) ? (error.data as Partial<LockedRefusal> | undefined)?.named : undefined;
  const title = loaderData ? testName(loaderData.info) : (locked ?? 'Practice test');
  return [{ title: `${title} | PracticePass` }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const mode = parseMode(new URL(request.url).searchParams.get('mode'));
  const opened = isCatalogueId(params.testId)
    ? await context.services.practice.openTest(params.testId, context.user, mode, await context.keptTests())
    : ({ kind: 'not-found' } as const);
  if (opened.kind === 'not-found')
    throw data(practiceMessages.loadTestFailed(practiceRefusals.testNotFound(params.testId.slice(0, 80))), {
      status: 404,
    });
  if (opened.kind === 'empty')
    throw data(practiceMessages.loadTestFailed(practiceRefusals.noQuestions), { status: 404 });
  if (opened.kind === 'locked') {
    // Access ended during an exam-mode attempt that still has time: that attempt is what is left to do.
    if (opened.examGoesOn) throw redirect(`/practice-test/${opened.info.id}?mode=exam`);
    const { examId, examTitle } = opened.info;
    const { accessEnded } = opened;
    const signedIn = context.user !== null;
    const message = lockedTestNote(signedIn, accessEnded);
    const named = testName(opened.info);
    throw data({ locked: true, named, examId, examTitle, signedIn, accessEnded, message }, { status: 403 });
  }
  const { last, ...rest } = opened;
  return {
    ...rest,
    // The start screen's recall of the latest attempt, worded here: its words travel in no script.
    last: last && {
      id: last.id,
      text: `Your last attempt: ${last.percentage}% (${last.passed ? 'passed' : 'failed'}${last.timeRanOut ? ', time ran out' : ''}).`,
    },
    // The start screen's descriptions of the two modes: words the page shows once, sent as data.
    modeTexts: {
      exam: `${counted(rest.info.questionCount, 'question')} in ${counted(rest.info.timeLimitMinutes, 'minute')}, like the real exam. Results and explanations at the end.`,
      practice: 'No timer. Check each answer as you go and read the explanation straight away.',
      // Signed out: the browser keeps its free tests, which become the student's on signing in (decision 0026).
      signedOut: context.user ? null : 'You are taking the free demo: sign up or log in to keep your score.',
    },
    // Shown once, where the browser runs no script: sent as data too.
    noScript: 'Taking a test needs JavaScript, which is off in this browser: turn it on to start.',
    mode,
    google: context.services.accounts.googleEnabled,
  };
}

/**
 * Loaded in the browser (a link, Back): when the answer arrived, the moment from which its time left runs.
 * The page's first data, which came with its HTML, has none; its time runs from the HTML's arrival.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { ...(await serverLoader()), receivedAt: performance.now() };
}

type Stage =
  | { kind: 'intro' }
  | { kind: 'running'; attempt: AttemptView; measuredAt?: number }
  | { kind: 'done'; result: AttemptResult; timeUp?: boolean };

export default function PracticeTest({ loaderData }: Route.ComponentProps) {
  const { info, mode, google, unfinished, last, modeTexts } = loaderData;
  const [stage, setStage] = useState<Stage>(
    loaderData.result
      ? { kind: 'done', result: loaderData.result, timeUp: loaderData.timeUp }
      : loaderData.attempt
        ? { kind: 'running', attempt: loaderData.attempt, measuredAt: loadedAt(loaderData as { receivedAt?: number }) }
        : { kind: 'intro' },
  );
  const [error, setError] = useState<string | null>(null);
  const [, setSearchParams] = useSearchParams();

  const start = useOneAtATime(async (chosen: TestMode) => {
    setError(null);
    void loadTestRunner();
    const attempt = await postAttempt<AttemptView>({ intent: 'start', testId: info.id, mode: chosen });
    if ('error' in attempt) setError(attempt.error);
    else {
      if (chosen !== mode) setSearchParams({ mode: chosen }, { replace: true, preventScrollReset: true });
      // The clock runs from the server's answer, though the test's screen may still be on its way.
      setStage({ kind: 'running', attempt, measuredAt: performance.now() });
    }
  });
  const finished = useCallback(
    (result: AttemptResult, timeUp: boolean) => setStage({ kind: 'done', result, timeUp }),
    [],
  );

  return (
    <div className="container-page py-8">
      <BackLink to={`/exam/${info.examId}/practice-tests`}>{info.examTitle}</BackLink>
      <h1 className="test-title">{info.title}</h1>
      <p className="test-subtitle">
        {stage.kind === 'intro' ? 'Choose how to take this test.' : mode === 'exam' ? 'Exam Mode' : 'Practice Mode'}
      </p>
      {error && (
        <p role="alert" className="page-alert">
          {error}
        </p>
      )}
      <NoScriptNotice type="warning" className="mb-4" message={loaderData.noScript} />
      {stage.kind === 'intro' && (
        <section aria-label="Start" className="grid gap-4 md:grid-cols-2">
          {last && (
            <p className="md:col-span-2">
              {last.text}{' '}
              <Link to={`/history/${last.id}`} className="text-link">
                Review it
              </Link>
            </p>
          )}
          <ModeCard
            title="Exam Mode"
            text={modeTexts.exam}
            action={`${unfinished.includes('exam') ? 'Resume' : 'Start'} Exam Mode`}
            onStart={() => void start('exam')}
            primary={mode === 'exam'}
          />
          <ModeCard
            title="Practice Mode"
            text={modeTexts.practice}
            action={`${unfinished.includes('practice') ? 'Resume' : 'Start'} Practice Mode`}
            onStart={() => void start('practice')}
            primary={mode === 'practice'}
          />
          {modeTexts.signedOut && <p className="text-sm text-slate-700 md:col-span-2">{modeTexts.signedOut}</p>}
        </section>
      )}
      {stage.kind === 'running' && (
        <Suspense fallback={<p role="status">Loading test…</p>}>
          <LazyTestRunner
            key={stage.attempt.id}
            info={info}
            initial={stage.attempt}
            measuredAt={stage.measuredAt}
            onFinished={finished}
          />
        </Suspense>
      )}
      {stage.kind === 'done' && (
        <Suspense fallback={<p role="status">Loading results…</p>}>
          <TestResult
            info={info}
            result={stage.result}
            timeUp={stage.timeUp}
            onRetry={() => void start(stage.result.mode)}
            invite={!stage.result.saved && info.isDemo ? { google } : null}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * When the page's own HTML began to arrive, on the clock of `performance.now()`: the moment the server
 * measured the time left of an attempt the page came with. Time spent since (downloading the page and its
 * scripts on a slow phone) has run off the attempt's clock too. At most 30 seconds back, whatever the
 * browser reports.
 */
function documentAnsweredAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const now = performance.now();
  return navigation ? Math.max(navigation.responseStart, now - 30_000) : now;
}

/** When the page's data arrived (on the server, nothing: the time left is shown as the server said). */
const loadedAt = (data: { receivedAt?: number }) =>
  typeof window === 'undefined' ? undefined : (data.receivedAt ?? documentAnsweredAt());

function ModeCard({
  title,
  text,
  action,
  onStart,
  primary,
}: {
  title: string;
  text: string;
  action: string;
  onStart: () => void;
  primary: boolean;
}) {
  return (
    <div className="panel">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-slate-700">{text}</p>
      <button type="button" className={`${primary ? 'btn-primary' : 'btn-secondary'} mt-4`} onClick={onStart}>
        {action}
      </button>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    const { named, examId, examTitle, signedIn, accessEnded, message } = error.data as LockedRefusal;
    return (
      <StatusPage title={accessEnded ? 'Your access has ended' : 'Unlock More Tests'} lead={named} message={message}>
        <>
          {signedIn ? (
            <Suspense fallback={null}>
              <LockedActions exam={{ id: examId, title: examTitle }} signedIn />
            </Suspense>
          ) : (
            <Link to={signUpPath(examId)} className="btn-primary">
              Sign Up
            </Link>
          )}
          <Link to={`/exam/${examId}/practice-tests`} className="btn-secondary">
            Back to practice tests
          </Link>
        </>
      </StatusPage>
    );
  }
  return <TestLoadFailed title="Practice test" error={error} />;
}
