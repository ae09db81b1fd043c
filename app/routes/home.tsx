import { lazy, Suspense } from 'react';
import { data } from 'react-router';
import { originOf, pageMeta, SITE_NAME } from '../lib/seo.ts';
import type { Route } from './+types/home';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  // Signed in, the page is the student's dashboard, and says so (screen readers hear the title on arrival).
  if (loaderData?.dashboard) return [{ title: 'Dashboard | PracticePass' }, { name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: SITE_NAME,
    description:
      'Practice tests for cloud, security, networking and project management certifications. Timed exam mode, practice mode with explanations, and a free demo test for every exam.',
    path: '/',
    origin: originOf(matches),
  });
}

// Signed-in visitors see their dashboard here, everyone else the landing page: each is sent only the code
// of the one they see (the landing page's is not part of a student's 110 KB, nor the dashboard's of a
// visitor's). The server draws either at once; the browser takes it over when its code has arrived.
const Dashboard = lazy(() => import('../features/dashboard/dashboard.tsx'));
const PublicHome = lazy(() => import('../features/home/public-home.tsx'));

export async function loader({ context }: Route.LoaderArgs) {
  if (context.user) {
    const dashboard = await context.services.practice.progress.dashboard(context.user.id);
    return { dashboard: { name: context.user.name, ...dashboard }, exams: [], failed: false };
  }
  try {
    return { dashboard: null, exams: await context.services.catalogue.featured(), failed: false };
  } catch (error) {
    context.log.error({ err: error }, 'Loading featured exams failed');
    // Not a 200: a page that failed to load must not be kept by the page cache.
    return data({ dashboard: null, exams: [], failed: true }, { status: 503 });
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { dashboard, exams, failed } = loaderData;
  return (
    <Suspense>{dashboard ? <Dashboard data={dashboard} /> : <PublicHome exams={exams} failed={failed} />}</Suspense>
  );
}
