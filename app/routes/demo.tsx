import { lazy, Suspense, useState } from 'react';
import { BackLink } from '../components/ui/back-link.tsx';
import { data, useNavigate } from 'react-router';
import { isCatalogueId } from '../../shared/ids.ts';
import { practiceMessages } from '../../shared/practice-messages.ts';
import { practiceRefusals } from '../../shared/practice-refusals.ts';
import type { AttemptResult, AttemptView, TestInfo } from '../../shared/practice.ts';
import { useCart } from '../features/cart/cart-context.tsx';
import { checkoutPath } from '../features/cart/applied-coupon.ts';
import { postAttempt } from '../features/practice/attempt-api.ts';
import { TestLoadFailed } from '../features/practice/components/test-load-failed.tsx';
import { LazyTestRunner, loadTestRunner } from '../features/practice/components/lazy-test-runner.ts';
import { originOf, pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/demo';
import { useOneAtATime } from '../features/practice/one-at-a-time.ts';

// The result screen loads when a test ends, not with the test.
const TestResult = lazy(() => import('../features/practice/components/test-result.tsx'));

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Demo | PracticePass' }, { name: 'robots', content: 'noindex' }];
  const { exam } = loaderData;
  // The exam's page is the one to find in search results; the demo is a step from it.
  return pageMeta({
    title: `${exam.title}: Free Demo`,
    description: `Try ${exam.title} free: five questions from its first practice test against a 30-minute clock, no account needed.`,
    path: `/demo/${exam.id}`,
    origin: originOf(matches),
    noindex: true,
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const exam = isCatalogueId(params.examId) ? await context.services.catalogue.exam(params.examId) : null;
  if (!exam || exam.practiceTests.length === 0)
    throw data(practiceMessages.loadTestFailed(practiceRefusals.examIdNotFound(params.examId.slice(0, 80))), {
      status: 404,
    });
  return { exam: { id: exam.id, title: exam.title, category: exam.category, priceCents: exam.priceCents } };
}

/** The short demo of an exam: five questions, thirty minutes, nothing saved, then the way to buy. */
export default function Demo({ loaderData }: Route.ComponentProps) {
  const { exam } = loaderData;
  const [stage, setStage] = useState<
    | { info: TestInfo; attempt: AttemptView; measuredAt: number }
    | { info: TestInfo; result: AttemptResult; timeUp: boolean }
    | null
  >(null);
  const [error, setError] = useState<string | null>(null);

  const { add, has, owned } = useCart();
  const navigate = useNavigate();
  const owner = owned.includes(exam.id);
  /** decisions.md: the exam goes into the cart, then on to checkout; its owner goes on to its tests instead. */
  async function proceed() {
    if (owner) return navigate(`/exam/${exam.id}/practice-tests`);
    if (!has(exam.id)) await add(exam);
    navigate(checkoutPath());
  }

  const start = useOneAtATime(async () => {
    setError(null);
    void loadTestRunner();
    const started = await postAttempt<{ info: TestInfo; attempt: AttemptView }>({
      intent: 'start-demo',
      examId: exam.id,
    });
    if ('error' in started) setError(started.error);
    else setStage({ ...started, measuredAt: performance.now() });
  });

  return (
    <div className="container-page py-8">
      <BackLink to={`/exams/${exam.id}`}>{exam.title}</BackLink>
      <h1 className="mb-6 mt-1 text-2xl font-bold sm:text-3xl">Free Demo</h1>
      {error && (
        <p role="alert" className="page-alert">
          {error}
        </p>
      )}
      {!stage && (
        <section className="rounded-xl bg-white p-6 shadow-sm">
          <p className="text-slate-800">
            Five questions from the first practice test, against a 30-minute clock. Nothing is saved.
          </p>
          <button type="button" className="btn-primary mt-4" onClick={() => void start()}>
            Start Demo
          </button>
        </section>
      )}
      {stage && 'attempt' in stage && (
        <Suspense fallback={<p role="status">Loading test…</p>}>
          <LazyTestRunner
            key={stage.attempt.id}
            info={stage.info}
            initial={stage.attempt}
            measuredAt={stage.measuredAt}
            onFinished={(result, timeUp) => setStage({ info: stage.info, result, timeUp })}
          />
        </Suspense>
      )}
      {stage && 'result' in stage && (
        <Suspense fallback={<p role="status">Loading results…</p>}>
          <TestResult
            info={stage.info}
            result={stage.result}
            timeUp={stage.timeUp}
            onRetry={() => void start()}
            invite={null}
            proceed={{
              label: owner ? 'Go to Practice Tests' : 'Proceed to Full Course Registration',
              onProceed: () => void proceed(),
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Spec §8: a demo that cannot be loaded (an unknown exam) says why, and a button goes back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TestLoadFailed title="Free Demo" error={error} />;
}
