import type { ExamCharts } from '../../../../shared/student-progress.ts';
import { formatDate } from '../../../../shared/dates.ts';
import { percentage } from '../../../../shared/scoring.ts';

const W = 320;
const H = 160;
const PAD = { left: 34, right: 8, top: 12, bottom: 22 };
/** Text of the axes and the pass mark: 12 units, 11 px when a phone shows the chart 290 px wide. */
const LABEL_SIZE = 12;
/** The first and last dots keep clear of the axis labels and the edge. */
const INSET = 10;

/**
 * Scores over time against the passing line, and the share right per domain, for each exam. Plain SVG
 * (no chart library); values are written out, lines are dashed or solid, so nothing depends on colour;
 * each chart has a table for screen readers.
 */
export default function ProgressCharts({ charts, timeZone }: { charts: ExamCharts[]; timeZone: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {charts.map((chart) => (
        <figure key={chart.examId} className="rounded-xl bg-white p-5 shadow-sm">
          <figcaption className="font-semibold">{chart.examTitle}</figcaption>
          <ScoreChart chart={chart} timeZone={timeZone} />
          <DomainBars chart={chart} />
        </figure>
      ))}
    </div>
  );
}

function ScoreChart({ chart, timeZone }: { chart: ExamCharts; timeZone: string }) {
  const points = chart.scores;
  const span = W - PAD.left - PAD.right - 2 * INSET;
  const x = (i: number) => PAD.left + INSET + (points.length <= 1 ? span / 2 : (i * span) / (points.length - 1));
  const y = (score: number) => PAD.top + ((100 - score) * (H - PAD.top - PAD.bottom)) / 100;
  const tableId = `scores-${chart.examId}`;
  return (
    <div className="mt-3">
      <h3 className="text-sm font-medium text-slate-700">Score over time</h3>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="mt-1 w-full"
        role="img"
        aria-label={`Scores of ${chart.examTitle} over time; the table below lists them`}
        aria-describedby={tableId}
      >
        {[0, 50, 100].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" />
            <text x={PAD.left - 4} y={y(v) + 4} textAnchor="end" fontSize={LABEL_SIZE} className="fill-slate-600">
              {v}
            </text>
          </g>
        ))}
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={y(chart.passingScore)}
          y2={y(chart.passingScore)}
          className="stroke-amber-700"
          strokeDasharray="6 4"
          strokeWidth="1.5"
        />
        <text
          x={W - PAD.right}
          // Above its line, or below it where a pass mark near 100 leaves no room above.
          y={chart.passingScore > 90 ? y(chart.passingScore) + LABEL_SIZE + 2 : y(chart.passingScore) - 4}
          textAnchor="end"
          fontSize={LABEL_SIZE}
          className="fill-amber-800"
        >
          pass {chart.passingScore}%
        </text>
        <polyline
          fill="none"
          className="stroke-brand-600"
          strokeWidth="2"
          points={points.map((p, i) => `${x(i)},${y(p.percentage)}`).join(' ')}
        />
        {points.map((p, i) => (
          <circle
            key={i}
            cx={x(i)}
            cy={y(p.percentage)}
            r="3.5"
            className={`stroke-brand-600 ${p.passed ? 'fill-brand-600' : 'fill-white'}`}
            strokeWidth="2"
          />
        ))}
      </svg>
      <p className="text-xs text-slate-600">Filled dots passed; open dots did not. The dashed line is the pass mark.</p>
      {/* A table does not clip its cells, so the box that hides it from sight is a div around it. */}
      <div className="sr-only">
        <table id={tableId}>
          <caption>Scores of {chart.examTitle}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Test</th>
              <th scope="col">Score</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={i}>
                <td>{formatDate(p.submittedAt, 'dayMonth', timeZone)}</td>
                <td>{p.testName}</td>
                <td>{p.percentage}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function DomainBars({ chart }: { chart: ExamCharts }) {
  if (chart.domains.length === 0) return null;
  // The lowest share; between equal shares, the domain with more answers missed.
  const weakest = [...chart.domains].sort(
    (a, b) => a.correct / a.total - b.correct / b.total || b.total - b.correct - (a.total - a.correct),
  )[0]!;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-medium text-slate-700">Strengths and weaknesses by domain</h3>
      <p className="text-sm text-slate-600">
        In your latest {chart.scores.length === 1 ? 'attempt' : `${chart.scores.length} attempts`}
      </p>
      <ul className="mt-2 space-y-2">
        {chart.domains.map((d) => {
          const share = percentage(d.correct, d.total);
          return (
            <li key={d.category} className="text-sm">
              <div className="flex justify-between gap-2">
                <span>{d.category}</span>
                <span className="shrink-0 font-semibold whitespace-nowrap">
                  {share}%{' '}
                  <span className="font-normal text-slate-600">
                    ({d.correct} of {d.total})
                  </span>
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2 rounded bg-slate-200">
                <div
                  className={`h-2 rounded ${share >= chart.passingScore ? 'bg-brand-600' : 'bg-amber-600'} ${widthClass(share)}`}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-sm text-slate-700">
        {weakest.correct < weakest.total ? (
          <>
            Study next: <span className="font-semibold">{weakest.category}</span>
          </>
        ) : (
          'Every domain at 100% so far.'
        )}
      </p>
    </div>
  );
}

/** Bar widths in tenths, as classes: the content security policy allows no inline styles. */
const WIDTHS = [
  'w-0',
  'w-1/10',
  'w-2/10',
  'w-3/10',
  'w-4/10',
  'w-5/10',
  'w-6/10',
  'w-7/10',
  'w-8/10',
  'w-9/10',
  'w-full',
];
function widthClass(share: number): string {
  return WIDTHS[Math.round(share / 10)]!;
}
