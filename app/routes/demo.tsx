import { redirect } from 'react-router';
import { isCatalogueId } from '../../shared/ids.ts';
import type { Route } from './+types/demo';

/** The demo of an exam is its first practice test, reached from the exam's practice-tests page. */
export function loader({ params }: Route.LoaderArgs) {
  if (!isCatalogueId(params.examId)) throw new Response('Not Found', { status: 404 });
  return redirect(`/exam/${params.examId}/practice-tests`);
}
