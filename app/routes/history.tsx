import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link, redirect, useSubmit } from 'react-router';
import { HISTORY_MODES, parseHistoryFilters, type HistoryFilters } from '../../shared/student-progress.ts';
import { EmptyState } from '../features/dashboard/dashboard.tsx';
import { AttemptLinks } from '../features/progress/components/attempt-links.tsx';
import { requireUser } from '../lib/auth.server.ts';
import type { Route } from './+types/history';
import { formatDate } from '../../shared/dates.ts';
import { useTimeZone } from '../lib/time-zone.ts';

export function meta() {
  return [{ title: 'My History | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const url = new URL(request.url);
  const filters = parseHistoryFilters(url.searchParams);
  // A page past the end (a bookmark kept after a reset, a page number typed in) goes to the last one, and an
  // address the filters do not read as written (page=0, page=abc, an unknown mode) to the one they do.
  const params = url.searchParams;
  const readAs = (name: string, value: string | null) => params.has(name) && params.get(name) !== value;
  if (
    readAs('page', filters.page > 1 ? String(filters.page) : null) ||
    readAs('mode', filters.mode === 'all' ? null : filters.mode) ||
    readAs('exam', filters.examId)
  ) {
    throw redirect(hrefFor(filters, {}));
  }
  const history = await context.services.practice.progress.history(user.id, filters);
  const last = Math.max(1, history.pages);
  if (filters.page > last) throw redirect(hrefFor(filters, { page: last }));
  // An exam the student has no attempts in yet is still the filter shown, above its empty list.
  if (filters.examId && !history.exams.some((e) => e.id === filters.examId)) {
    const exam = await context.services.catalogue.exam(filters.examId);
    if (!exam) throw redirect(hrefFor(filters, { examId: null, page: 1 }));
    history.exams.push({ id: exam.id, title: exam.title });
  }
  return { filters, ...history };
}

const modeLabels = { all: 'All', exam: 'Exam', practice: 'Practice' } as const;

function hrefFor(filters: HistoryFilters, change: Partial<HistoryFilters>): string {
  const next = { ...filters, ...change };
  const params = new URLSearchParams();
  if (next.mode !== 'all') params.set('mode', next.mode);
  if (next.examId) params.set('exam', next.examId);
  if (next.page > 1) params.set('page', String(next.page));
  const query = params.toString();
  return `/history${query ? `?${query}` : ''}`;
}

export default function History({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { filters, attempts, totalAttempts, averageScore, testsPassed, pages, exams } = loaderData;
  const submit = useSubmit();
  const filtered = filters.mode !== 'all' || filters.examId !== null;
  // The select stays the same element, so focus stays on it as each choice applies; when the address
  // changes another way (Back, Forward, a link) it is set to the filter applied.
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (select.current) select.current.value = filters.examId ?? '';
  }, [filters.examId]);
  return (
    <section aria-labelledby="history-heading" className="container-page py-10">
      <h1 id="history-heading" className="text-3xl font-bold">
        My History
      </h1>

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <nav aria-label="Mode" className="flex gap-2">
          {HISTORY_MODES.map((mode) => (
            <Link
              key={mode}
              to={hrefFor(filters, { mode, page: 1 })}
              aria-current={filters.mode === mode ? 'page' : undefined}
              className={`min-h-11 rounded-full border px-4 py-2.5 text-sm font-medium ${filters.mode === mode ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800'}`}
            >
              {modeLabels[mode]}
            </Link>
          ))}
        </nav>
        {exams.length > 1 && (
          <Form method="get" className="flex max-w-full min-w-0 items-end gap-2">
            {filters.mode !== 'all' && <input type="hidden" name="mode" value={filters.mode} />}
            <label className="max-w-full min-w-0 text-sm">
              <span className="block text-slate-700">Exam</span>
              <select
                ref={select}
                name="exam"
                defaultValue={filters.examId ?? ''}
                onChange={(e) => submit(e.currentTarget.form)}
                className="min-h-11 max-w-full rounded-lg border border-slate-300 bg-white px-2"
              >
                <option value="">All exams</option>
                {exams.map((exam) => (
                  <option key={exam.id} value={exam.id}>
                    {exam.title}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" className="btn-secondary">
                Show
              </button>
            </noscript>
          </Form>
        )}
      </div>

      <dl className="mt-6 grid max-w-xl grid-cols-3 gap-4">
        {[
          ['Total attempts', String(totalAttempts)],
          ['Average score', averageScore === null ? '—' : `${averageScore}%`],
          ['Tests passed', String(testsPassed)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>

      {attempts.length === 0 ? (
        <EmptyState
          level={2}
          title="No Attempts Found"
          text={
            filtered
              ? 'No attempt matches these filters.'
              : 'Take a practice test and every attempt will be listed here.'
          }
        >
          {filtered ? (
            <Link to="/history" className="btn-primary">
              Show all attempts
            </Link>
          ) : (
            <Link to="/exams" className="btn-primary">
              Explore exams
            </Link>
          )}
        </EmptyState>
      ) : (
        // On a phone each attempt is a small card of labelled facts; from `sm` up, the spec's table. The
        // explicit roles keep the table's meaning for screen readers whatever the layout.
        <div className="mt-6 rounded-xl bg-white shadow-sm sm:overflow-x-auto">
          <table role="table" className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
            <caption className="sr-only">Your attempts, newest first</caption>
            <thead role="rowgroup" className="border-b border-slate-200 text-slate-600 max-sm:sr-only">
              <tr role="row">
                {['Test Name', 'Date', 'Mode', 'Score', 'Correct', 'Result', 'Actions'].map((h) => (
                  <th key={h} role="columnheader" scope="col" className="p-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup" className="max-sm:block">
              {attempts.map((a) => (
                <tr
                  key={a.id}
                  role="row"
                  className="border-b border-slate-100 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:p-4"
                >
                  <th role="rowheader" scope="row" className="p-3 font-medium max-sm:col-span-2 max-sm:p-0">
                    {a.testName}
                    <span className="block text-xs font-normal text-slate-600">{a.examTitle}</span>
                  </th>
                  <HistoryCell label="Date">{formatDate(a.submittedAt, 'mediumTime', timeZone)}</HistoryCell>
                  <HistoryCell label="Mode">{a.mode === 'exam' ? 'Exam' : 'Practice'}</HistoryCell>
                  <HistoryCell label="Score" className="font-semibold">
                    {a.percentage}%
                  </HistoryCell>
                  <HistoryCell label="Correct">
                    {a.score}/{a.totalQuestions}
                  </HistoryCell>
                  <HistoryCell label="Result">{a.isPassed ? 'Passed' : 'Failed'}</HistoryCell>
                  <td role="cell" className="p-3 max-sm:col-span-2 max-sm:p-0">
                    <span className="flex flex-wrap gap-3 max-sm:mt-2">
                      <AttemptLinks attempt={a} className="btn-secondary" />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
          {filters.page > 1 && (
            <Link to={hrefFor(filters, { page: filters.page - 1 })} className="btn-secondary">
              Previous
            </Link>
          )}
          <span className="text-sm text-slate-700">
            Page {filters.page} of {pages}
          </span>
          {filters.page < pages && (
            <Link to={hrefFor(filters, { page: filters.page + 1 })} className="btn-secondary">
              Next
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

/**
 * One fact of an attempt: a table cell, which names its column itself on a phone, where the head is hidden
 * (drawn by CSS from `data-label`, so the cell's text stays the fact alone).
 */
function HistoryCell({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td
      role="cell"
      data-label={`${label}:`}
      className={`p-3 max-sm:p-0 max-sm:before:mr-1 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] ${className}`}
    >
      {children}
    </td>
  );
}
