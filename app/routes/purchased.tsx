import { Link } from 'react-router';
import { EmptyState } from '../features/dashboard/dashboard.tsx';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/purchased';
import { formatDate } from '../../shared/dates.ts';
import { useTimeZone } from '../lib/time-zone.ts';

export function meta() {
  return [{ title: 'My Exams | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { exams: await context.services.practice.progress.purchasedExams(user.id) };
}

export default function Purchased({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { exams } = loaderData;
  return (
    <section aria-labelledby="purchased-heading" className="container-page py-10">
      <h1 id="purchased-heading" className="text-3xl font-bold">
        My Exams
      </h1>
      {exams.length === 0 ? (
        <div className="max-w-xl">
          <EmptyState
            level={2}
            title="No Exams Purchased Yet"
            text="Exams you buy appear here with their access dates and progress."
          >
            <Link to="/exams" className="btn-primary">
              Explore exams
            </Link>
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {exams.map((exam) => (
            <li key={exam.examId}>
              <article className="rounded-xl bg-white p-5 shadow-sm">
                <h2 className="text-lg font-semibold">{exam.title}</h2>
                <p className="text-sm text-slate-600">{exam.category}</p>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-600">Purchased</dt>
                    <dd className="font-medium">{formatDate(exam.purchaseDate, 'long', timeZone)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{exam.expired ? 'Expired' : 'Access until'}</dt>
                    <dd className="font-medium">{formatDate(exam.expiresAt, 'long', timeZone)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Days remaining</dt>
                    <dd className="font-medium">{exam.daysRemaining}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Progress</dt>
                    <dd className="font-medium">{exam.courseProgress}%</dd>
                  </div>
                </dl>
                {exam.expired && <p className="mt-4 rounded-lg bg-slate-100 p-3 text-sm font-medium">Access expired</p>}
                <div className="mt-4 flex flex-wrap gap-3">
                  {/* Expired, the tests page still shows the student's progress and the free first test. */}
                  <Link
                    to={`/exam/${exam.examId}/practice-tests`}
                    className={exam.expired ? 'btn-secondary' : 'btn-primary'}
                    aria-label={`Practice Tests: ${exam.title}`}
                  >
                    Practice Tests
                  </Link>
                  {exam.expired && (
                    <Link
                      to={`/exams/${exam.examId}`}
                      className="btn-primary"
                      aria-label={`Buy access again: ${exam.title}`}
                    >
                      Buy access again
                    </Link>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
