import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { accountMessages } from '../../../../shared/account-messages.ts';
import type { AttemptResult, TestInfo } from '../../../../shared/practice.ts';
import { practiceMessages } from '../../../../shared/practice-messages.ts';
import { percentage } from '../../../../shared/scoring.ts';
import { GoogleButton } from '../../accounts/components/google-button.tsx';
import { formatDuration } from '../attempt-api.ts';
import { signUpPath } from '../../../lib/sign-up-path.ts';

interface Props {
  info: TestInfo;
  result: AttemptResult;
  /** The clock ran out and the attempt was handed in by itself. */
  timeUp?: boolean;
  onRetry: () => void;
  /** An anonymous demo: nothing was saved, so invite the visitor to sign up. */
  invite: { google: boolean } | null;
  /** The short demo ends by leading to the purchase instead of the practice tests. */
  proceed?: { label: string; onProceed: () => void };
}

export default function TestResult({ info, result, timeUp = false, onRetry, invite, proceed }: Props) {
  const [showReview, setShowReview] = useState(false);
  const [missedOnly, setMissedOnly] = useState(false);
  const unanswered = result.totalQuestions - result.answeredQuestions;
  const missed = result.review.filter((item) => !item.correct).length;
  const [inviting, setInviting] = useState(invite !== null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The test just ended: focus moves from the button that ended it to the verdict.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="result-heading" className="space-y-6">
      {/* A strong band in the light theme; in the dark one a deep tint, not a bright block. */}
      <div
        className={`rounded-xl p-6 text-white ${result.isPassed ? 'bg-emerald-700 dark:bg-emerald-100 dark:text-emerald-900' : 'bg-slate-800 dark:bg-slate-100 dark:text-slate-900'}`}
      >
        <h2 id="result-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold">
          {result.isPassed ? 'Congratulations!' : 'Keep Practicing!'}
        </h2>
        {timeUp && <p className="mt-1 font-semibold">{practiceMessages.timeUpHandedIn}</p>}
        <p className="mt-1">
          {result.isPassed
            ? 'You passed this practice test.'
            : `You need ${result.passingScore}% to pass. Review the explanations and try again.`}
        </p>
        {unanswered > 0 && (
          <p className="mt-1">
            {unanswered === 1 ? '1 question was' : `${unanswered} questions were`} not answered, and count as incorrect.
          </p>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Stat label="Score" value={`${result.percentage}%`} />
          <Stat label="Correct" value={`${result.score} of ${result.totalQuestions}`} />
          <Stat label="Time spent" value={formatDuration(result.timeSpentSeconds)} />
          <Stat label="Passing score" value={`${result.passingScore}%`} />
        </dl>
      </div>

      {inviting && invite && (
        <section aria-labelledby="invite-heading" className="rounded-xl border-2 border-brand-600 bg-white p-6">
          <h3 id="invite-heading" className="text-lg font-semibold">
            Keep your next scores
          </h3>
          <p className="mt-1 text-slate-700">
            Tests taken signed out are not kept. Sign up to keep the scores of the tests you take next, follow your
            progress and unlock every practice test.
          </p>
          {invite.google ? (
            <GoogleButton
              label="Sign Up Now"
              target={`/exam/${info.examId}/practice-tests`}
              failureMessage={accountMessages.googleRegistrationFailed}
            />
          ) : (
            <Link to={signUpPath(info.examId)} className="btn-primary mt-4 w-full">
              Sign Up Now
            </Link>
          )}
          <button
            type="button"
            className="btn-secondary mt-3 w-full"
            onClick={() => {
              // The invitation goes away with this button: focus goes back to the verdict.
              setInviting(false);
              heading.current?.focus();
            }}
          >
            Maybe Later
          </button>
        </section>
      )}

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
            {result.byCategory.map((c) => (
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

      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={onRetry}>
          Retry
        </button>
        <button
          type="button"
          className="btn-secondary"
          aria-expanded={showReview}
          onClick={() => setShowReview((v) => !v)}
        >
          {showReview ? 'Hide Detailed Review' : 'Show Detailed Review'}
        </button>
        {proceed ? (
          <button type="button" className="btn-primary" onClick={proceed.onProceed}>
            {proceed.label}
          </button>
        ) : (
          <Link to={`/exam/${info.examId}/practice-tests`} className="btn-secondary">
            Back to practice tests
          </Link>
        )}
      </div>

      {showReview && (
        <div className="rounded-xl bg-white p-6 shadow-sm">
          <p
            className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${result.isPassed ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'}`}
          >
            {result.isPassed ? 'PASSED' : 'FAILED'}
          </p>
          {missed > 0 && missed < result.review.length && (
            <label className="mt-4 flex min-h-11 items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={missedOnly}
                onChange={(event) => setMissedOnly(event.target.checked)}
                className="size-5"
              />
              Only the {missed === 1 ? 'question' : `${missed} questions`} I missed
            </label>
          )}
          <ol className="mt-4 space-y-6">
            {result.review.map((item, i) => (
              <li key={item.id} hidden={missedOnly && item.correct} className="border-b border-slate-100 pb-6">
                <h3 className="font-semibold">
                  Question {i + 1} ·{' '}
                  <span className={item.correct ? 'text-emerald-800' : 'text-red-800'}>
                    {item.correct ? 'Correct' : item.selected.length ? 'Incorrect' : 'Not answered'}
                  </span>
                </h3>
                <p className="mt-1 whitespace-pre-wrap">{item.text}</p>
                <p className="mt-2 text-sm">
                  <span className="font-medium">Your answer: </span>
                  {item.selected.length ? textOf(item.options, item.selected) : 'Not answered'}
                </p>
                <p className="text-sm">
                  <span className="font-medium">Correct answer: </span>
                  {textOf(item.options, item.correctOptionIds)}
                </p>
                <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{item.explanation}</p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

function textOf(options: { id: string; text: string }[], ids: string[]): string {
  return options
    .filter((o) => ids.includes(o.id))
    .map((o) => o.text)
    .join('; ');
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm opacity-90">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}
