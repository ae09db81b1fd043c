import { Dashboard } from '../features/dashboard/dashboard.tsx';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/dashboard';

export function meta() {
  return [{ title: 'Dashboard | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return { name: requireUser(request, context).name };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return <Dashboard name={loaderData.name} />;
}
