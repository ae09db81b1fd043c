import { Link } from 'react-router';
import { EmptyState } from '../features/dashboard/dashboard.tsx';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/history';

export function meta() {
  return [{ title: 'My History | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export default function Page() {
  return (
    <section aria-labelledby="page-heading" className="container-page py-10">
      <h1 id="page-heading" className="text-3xl font-bold">
        My History
      </h1>
      <div className="mt-6 max-w-xl">
        <EmptyState title="No Attempts Found" text="Take a practice test and every attempt will be listed here.">
          <Link to="/exams" className="btn-primary">
            Explore exams
          </Link>
        </EmptyState>
      </div>
    </section>
  );
}
