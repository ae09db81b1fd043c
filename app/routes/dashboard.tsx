import Dashboard from '../features/dashboard/dashboard.tsx';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/dashboard';

export function meta() {
  return [{ title: 'Dashboard | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { name: user.name, ...(await context.services.practice.progress.dashboard(user.id)) };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return <Dashboard data={loaderData} />;
}
