import { Link } from 'react-router';
import type { AttemptRow, ExamCharts, PurchasedExam, UnfinishedAttempt } from '../../../shared/student-progress.ts';
import { ProgressRing } from '../catalogue/components/progress-ring.tsx';
import { AttemptLinks } from '../progress/components/attempt-links.tsx';
import { LazyCharts } from '../progress/components/lazy-charts.tsx';
import { formatDate } from '../../../shared/dates.ts';
import { counted } from '../../../shared/exam-display.ts';
import { useTimeZone } from '../../lib/time-zone.ts';

export interface DashboardData {
  name: string;
  testsCompleted: number;
  purchased: PurchasedExam[];
  recent: AttemptRow[];
  unfinished: UnfinishedAttempt[];
  charts: ExamCharts[];
}

/** The signed-in home: where the student stands, what they bought, and what they did last. */
export default function Dashboard({ data }: { data: DashboardData }) {
  const timeZone = useTimeZone();
  // Every exam bought, as My Exams lists them: one whose year has run out is still bought, and says so.
  const purchased = data.purchased;
  return (
    <section aria-labelledby="dashboard-heading" className="container-page py-10">
      <h1 id="dashboard-heading" className="text-3xl font-bold">
        Welcome, {data.name}
      </h1>
      <dl className="mt-6 grid max-w-md grid-cols-2 gap-4">
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">Tests Completed</dt>
          <dd className="text-2xl font-bold">{data.testsCompleted}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">Purchased Exams</dt>
          <dd className="text-2xl font-bold">{purchased.length}</dd>
        </div>
      </dl>

      {data.unfinished.length > 0 && (
        <>
          <h2 className="mt-10 text-xl font-semibold">Continue where you left off</h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm">
            {data.unfinished.map((a) => {
              const mode = a.mode === 'exam' ? 'Exam' : 'Practice';
              return (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <span>
                    <span className="block font-medium">{a.testName}</span>
                    <span className="text-sm text-slate-600">
                      {a.examTitle} · {mode} ·{' '}
                      <span className="whitespace-nowrap">
                        {a.answered} of {a.totalQuestions} answered
                      </span>
                      {a.minutesLeft !== null && (
                        <>
                          {' '}
                          · <span className="whitespace-nowrap">{counted(a.minutesLeft, 'minute')} left</span>
                        </>
                      )}
                    </span>
                  </span>
                  <Link
                    to={`/practice-test/${a.testId}?mode=${a.mode}`}
                    className="btn-primary"
                    aria-label={`Resume ${a.testName} (${a.examTitle}), ${mode} Mode`}
                  >
                    Resume
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}

      <h2 className="mt-10 text-xl font-semibold">My exams</h2>
      {purchased.length === 0 ? (
        <EmptyState
          title="No Exams Purchased Yet"
          text="Browse the catalogue and try the first practice test of any exam for free."
        >
          <Link to="/exams" className="btn-primary">
            Explore exams
          </Link>
        </EmptyState>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {purchased.map((exam) => (
            <li key={exam.examId}>
              <Link
                to={`/exam/${exam.examId}/practice-tests`}
                className="flex items-center gap-4 rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-brand-600"
              >
                <ProgressRing percent={exam.courseProgress} captioned={false} />
                <span>
                  <span className="block font-semibold">{exam.title}</span>
                  <span className="text-sm text-slate-700">
                    <span className="whitespace-nowrap">
                      {exam.expired ? 'Access expired' : `${counted(exam.daysRemaining, 'day')} remaining`} ·
                    </span>{' '}
                    <span className="whitespace-nowrap">{counted(exam.testCount, 'practice test')}</span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-10 text-xl font-semibold">Recent Activity</h2>
      {data.recent.length === 0 ? (
        <EmptyState title="No Tests Taken Yet" text="Your three latest attempts will show here." />
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm">
          {data.recent.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <span>
                <span className="block font-medium">{a.testName}</span>
                <span className="text-sm text-slate-600">
                  {a.examTitle} · {formatDate(a.submittedAt, 'medium', timeZone)} ·{' '}
                  {a.mode === 'exam' ? 'Exam' : 'Practice'} · {a.percentage}% · {a.isPassed ? 'Passed' : 'Failed'}
                </span>
              </span>
              <span className="flex gap-3">
                <AttemptLinks attempt={a} className="btn-secondary" />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6 flex flex-wrap gap-3">
        <Link to="/exams" className="btn-primary">
          Explore exams
        </Link>
        <Link to="/history" className="btn-secondary">
          My History
        </Link>
      </p>
      <LazyCharts charts={data.charts} />
    </section>
  );
}

/** A list with nothing in it yet; `level` keeps the heading outline whole (2 right under a page's h1). */
export function EmptyState({
  title,
  text,
  children,
  level = 3,
}: {
  title: string;
  text: string;
  children?: React.ReactNode;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6">
      <Heading className="text-lg font-semibold">{title}</Heading>
      <p className="mt-1 text-slate-700">{text}</p>
      {children && <div className="mt-4 flex flex-wrap gap-3">{children}</div>}
    </div>
  );
}
