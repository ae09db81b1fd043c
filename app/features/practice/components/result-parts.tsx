import { useState, type ReactNode } from 'react';
import type { AttemptResult, ReviewItem } from '../../../../shared/practice.ts';
import { formatDuration, percentage } from '../../../../shared/scoring.ts';

/**
 * The parts of a handed-in attempt's result, shown when a test ends and again from the history: the
 * verdict with its figures, the score by domain, and the review of every question.
 */

/** The verdict: `heading` names it, the figures follow. */
export function ResultBand({
  result,
  heading,
  children,
}: {
  result: AttemptResult;
  heading: ReactNode;
  children?: ReactNode;
}) {
  const unanswered = result.totalQuestions - result.answeredQuestions;
  return (
    // A strong band in the light theme; in the dark one a deep tint, not a bright block.
    <div
      className={`rounded-xl p-6 text-white ${result.isPassed ? 'bg-emerald-700 dark:bg-emerald-100 dark:text-emerald-900' : 'bg-slate-800 dark:bg-slate-100 dark:text-slate-900'}`}
    >
      {heading}
      {children}
      <p className="mt-1">
        {result.isPassed
          ? 'You passed this practice test.'
          : `You need ${result.passingScore}% to pass. Review the explanations and try again.`}
      </p>
      {unanswered > 0 && (
        <p className="mt-1">
          {unanswered === 1
            ? '1 question was not answered, and counts'
            : `${unanswered} questions were not answered, and count`}{' '}
          as incorrect.
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Stat label="Score" value={`${result.percentage}%`} />
        <Stat label="Correct" value={`${result.score} of ${result.totalQuestions}`} />
        <Stat label="Time spent" value={formatDuration(result.timeSpentSeconds)} />
        <Stat label="Passing score" value={`${result.passingScore}%`} />
      </dl>
    </div>
  );
}

export function DomainScores({ byCategory }: { byCategory: AttemptResult['byCategory'] }) {
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold">Score by domain</h3>
      <table className="mt-3 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 font-medium">
              Domain
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Correct
            </th>
            <th scope="col" className="py-2 font-medium">
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {byCategory.map((c) => (
            <tr key={c.category} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-2 font-normal">
                {c.category}
              </th>
              <td className="py-2 pr-3">
                {c.correct} of {c.total}
              </td>
              <td className="py-2 font-semibold">{percentage(c.correct, c.total)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Every question with the student's answer, the correct one and its explanation, under the verdict's
 * PASSED or FAILED. Boxes narrow it to the questions missed, or flagged, when that leaves some out and
 * some in; both ticked, to the questions that are both. On a page of its own (`shown`, from its address),
 * the boxes are also a form of that address, which the server answers without scripts (decision 0021).
 */
export function AnswerReview({
  result,
  shown,
}: {
  result: AttemptResult;
  shown?: { missed: boolean; flagged: boolean };
}) {
  const [missedOnly, setMissedOnly] = useState(shown?.missed ?? false);
  const [flaggedOnly, setFlaggedOnly] = useState(shown?.flagged ?? false);
  const total = result.review.length;
  const missed = result.review.filter((item) => !item.correct).length;
  const flagged = result.review.filter((item) => item.flagged).length;
  const isShown = (item: ReviewItem) => !(missedOnly && item.correct) && !(flaggedOnly && !item.flagged);
  const filter = (count: number, what: string, checked: boolean, onChange: (checked: boolean) => void) =>
    count > 0 &&
    count < total && (
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name={what}
          value="1"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5"
        />
        Only the {count === 1 ? 'question' : `${count} questions`} I {what}
      </label>
    );
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm">
      <p
        className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${result.isPassed ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'}`}
      >
        {result.isPassed ? 'PASSED' : 'FAILED'}
      </p>
      <Filters asForm={shown !== undefined}>
        {filter(missed, 'missed', missedOnly, setMissedOnly)}
        {filter(flagged, 'flagged', flaggedOnly, setFlaggedOnly)}
      </Filters>
      {!result.review.some(isShown) && (
        <p className="mt-4 text-slate-700">
          {total === 0
            ? 'None of this attempt’s questions is in the test any more.'
            : 'No question is both missed and flagged.'}
        </p>
      )}
      <ol className="mt-4 space-y-6">
        {result.review.map((item, i) => (
          <li key={item.id} hidden={!isShown(item)} className="border-b border-slate-100 pb-6">
            <h3 className="font-semibold">
              Question {i + 1} ·{' '}
              <span className={item.correct ? 'text-emerald-800' : 'text-red-800'}>
                {item.correct ? 'Correct' : item.selected.length ? 'Incorrect' : 'Not answered'}
              </span>
              {item.flagged && ' · '}
              {item.flagged && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  Flagged
                </span>
              )}
            </h3>
            <p className="mt-1 whitespace-pre-wrap">{item.text}</p>
            {item.code && (
              <code className="code-block" tabIndex={0}>
                {item.code}
              </code>
            )}
            <Answer label="Your answer" texts={textsOf(item.options, item.selected)} first />
            <Answer label="Correct answer" texts={textsOf(item.options, item.correctOptionIds)} />
            <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{item.explanation}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

function textsOf(options: ReviewItem['options'], ids: string[]): string[] {
  return options.filter((o) => ids.includes(o.id)).map((o) => o.text);
}

/** One answer on a line; the answers of a "Choose two" question as a list, since each is a sentence of its own. */
function Answer({ label, texts, first = false }: { label: string; texts: string[]; first?: boolean }) {
  const className = `${first ? 'mt-2 ' : ''}text-sm`;
  if (texts.length < 2) {
    return (
      <p className={className}>
        <span className="font-medium">{label}: </span>
        {texts[0] ?? 'Not answered'}
      </p>
    );
  }
  return (
    <div className={className}>
      <span className="font-medium">{label}:</span>
      <ul className="list-disc pl-5">
        {texts.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm opacity-90">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

/** The review's boxes; as a form, with the button that sends it shown only without scripts. */
function Filters({ asForm, children }: { asForm: boolean; children: ReactNode }) {
  const className = 'mt-4 flex flex-wrap items-center gap-x-6';
  if (!asForm) return <div className={className}>{children}</div>;
  return (
    <form method="get" className={className}>
      {children}
      <noscript>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </noscript>
    </form>
  );
}
