import { Link } from 'react-router';
import { EmptyState } from '../features/dashboard/dashboard.tsx';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/order';

export function meta() {
  return [{ title: 'Orders | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export default function Page() {
  return (
    <section aria-labelledby="page-heading" className="container-page py-10">
      <h1 id="page-heading" className="text-3xl font-bold">
        Orders
      </h1>
      <div className="mt-6 max-w-xl">
        <EmptyState title="No Orders Found" text="Your orders and receipts will be listed here.">
          <Link to="/exams" className="btn-primary">
            Explore exams
          </Link>
        </EmptyState>
      </div>
    </section>
  );
}
