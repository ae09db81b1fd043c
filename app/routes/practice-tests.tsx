import { data, Link } from 'react-router';
import { capitalise } from '../../shared/exam-display.ts';
import { isCatalogueId } from '../../shared/ids.ts';
import { originOf, pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/practice-tests';

/** The practice tests of an exam. Taking them, progress and the demo rules come with the test engine. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const exam = isCatalogueId(params.examId) ? await context.services.catalogue.exam(params.examId) : null;
  if (!exam) throw data(`Exam with ID ${params.examId.slice(0, 80)} not found.`, { status: 404 });
  return { exam };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Exam Not Found | PracticePass' }];
  const { exam } = loaderData;
  return pageMeta({
    title: `${exam.title}: Practice Tests`,
    description: `${exam.practiceTestCount} practice tests for ${exam.title}. The first one is free to try.`,
    path: `/exam/${exam.id}/practice-tests`,
    origin: originOf(matches),
  });
}

export default function PracticeTests({ loaderData }: Route.ComponentProps) {
  const { exam } = loaderData;
  return (
    <section aria-labelledby="tests-heading" className="container-page py-10">
      <p className="text-sm">
        <Link to={`/exams/${exam.id}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {exam.title}
        </Link>
      </p>
      <h1 id="tests-heading" className="mt-2 text-3xl font-bold">
        Practice Tests
      </h1>
      <p className="mt-2 text-slate-700">
        {exam.practiceTestCount} practice tests · passing score {exam.passingScore}%
      </p>
      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        {exam.practiceTests.map((test) => (
          <li key={test.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-lg font-semibold">{test.displayName ?? test.title}</h2>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-slate-600">Time limit</dt>
                <dd className="font-medium">{test.timeLimitMinutes} minutes</dd>
              </div>
              <div>
                <dt className="text-slate-600">Questions</dt>
                <dd className="font-medium">{test.questionCount}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Difficulty</dt>
                <dd className="font-medium">{capitalise(test.difficulty)}</dd>
              </div>
            </dl>
            {test.position === 1 && (
              <p className="mt-3 inline-block rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-900">
                Free demo
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
