import { Link } from 'react-router';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/tests';

export function meta() {
  return [{ title: 'Practice Tests | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

/** The legacy test list: every practice test open to this student (each exam's first, and all of those bought). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { tests: await context.services.practice.openTests(user) };
}

export default function Tests({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="tests-heading" className="container-page py-10">
      <h1 id="tests-heading" className="text-3xl font-bold">
        Practice Tests
      </h1>
      <p className="mt-2 text-slate-700">Every practice test open to you.</p>
      <ul className="mt-6 divide-y divide-slate-200 rounded-xl bg-white shadow-sm">
        {loaderData.tests.map((test) => (
          <li key={test.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <span>
              <span className="block font-medium">{test.title}</span>
              <span className="text-sm text-slate-600">{test.examTitle}</span>
            </span>
            <Link
              to={`/tests/${test.id}`}
              className="btn-secondary"
              aria-label={`Open ${test.title}, ${test.examTitle}`}
            >
              Open
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
