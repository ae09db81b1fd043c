import { lazy, Suspense } from 'react';
import type { ExamCharts } from '../../../../shared/student-progress.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';

// The chart code loads only on pages that show charts, and only when there is something to draw.
const ProgressCharts = lazy(() => import('./progress-charts.tsx'));

export function LazyCharts({ charts }: { charts: ExamCharts[] }) {
  const timeZone = useTimeZone();
  if (charts.every((c) => c.scores.length === 0)) return null;
  return (
    <section aria-labelledby="charts-heading" className="mt-10">
      <h2 id="charts-heading" className="text-xl font-semibold">
        Your progress
      </h2>
      <div className="mt-4">
        <Suspense fallback={<p className="text-slate-600">Loading charts…</p>}>
          <ProgressCharts charts={charts} timeZone={timeZone} />
        </Suspense>
      </div>
    </section>
  );
}
