import { Link } from 'react-router';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/tests';

export function meta() {
  return [{ title: 'Practice Tests | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

/** The legacy test list: the practice tests open to this student, which until a purchase is each exam's demo. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const exams = await context.services.catalogue.search();
  return { exams: exams.map((e) => ({ id: e.id, title: e.title })) };
}

export default function Tests({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="tests-heading" className="container-page py-10">
      <h1 id="tests-heading" className="text-3xl font-bold">
        Practice Tests
      </h1>
      <p className="mt-2 text-slate-700">The first practice test of every exam is open to you.</p>
      <ul className="mt-6 space-y-2">
        {loaderData.exams.map((exam) => (
          <li key={exam.id}>
            <Link
              to={`/exam/${exam.id}/practice-tests`}
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {exam.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
