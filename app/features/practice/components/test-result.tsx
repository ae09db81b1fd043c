import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { accountMessages } from '../../../../shared/account-messages.ts';
import type { AttemptResult, TestInfo } from '../../../../shared/practice.ts';
import { practiceMessages } from '../../../../shared/practice-messages.ts';
import { GoogleButton } from '../../accounts/components/google-button.tsx';
import { AnswerReview, DomainScores, ResultBand } from './result-parts.tsx';
import { signUpPath } from '../../../lib/sign-up-path.ts';

interface Props {
  info: TestInfo;
  result: AttemptResult;
  /** The clock ran out and the attempt was handed in by itself. */
  timeUp?: boolean;
  onRetry: () => void;
  /** A free test taken signed out: kept for its browser a day, it is saved once the visitor signs up or in. */
  invite: { google: boolean } | null;
  /** The short demo ends by leading to the purchase instead of the practice tests. */
  proceed?: { label: string; onProceed: () => void };
}

export default function TestResult({ info, result, timeUp = false, onRetry, invite, proceed }: Props) {
  const [showReview, setShowReview] = useState(false);
  const [inviting, setInviting] = useState(invite !== null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The test just ended: focus moves from the button that ended it to the verdict.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="result-heading" className="space-y-6">
      <ResultBand
        result={result}
        heading={
          <h2 id="result-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold">
            {result.isPassed ? 'Congratulations!' : 'Keep Practicing!'}
          </h2>
        }
      >
        {timeUp && <p className="mt-1 font-semibold">{practiceMessages.timeUpHandedIn}</p>}
      </ResultBand>

      {inviting && invite && (
        <section aria-labelledby="invite-heading" className="rounded-xl border-2 border-brand-600 bg-white p-6">
          <h3 id="invite-heading" className="text-lg font-semibold">
            Keep this score
          </h3>
          <p className="mt-1 text-slate-700">
            Sign up, or log in, within a day to keep this score in your history, follow your progress and unlock every
            practice test.
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

      <DomainScores byCategory={result.byCategory} />

      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={onRetry}>
          Retry
        </button>
        {!result.reviewWithheld && (
          <button
            type="button"
            className="btn-secondary"
            aria-expanded={showReview}
            onClick={() => setShowReview((v) => !v)}
          >
            {showReview ? 'Hide Detailed Review' : 'Show Detailed Review'}
          </button>
        )}
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
      {result.reviewWithheld && <p className="text-slate-700">{result.reviewWithheld}</p>}
      {result.saved && (
        <p className="text-sm text-slate-700">
          This result stays in{' '}
          <Link to={`/history/${result.attemptId}`} className="text-link">
            My History
          </Link>
          .
        </p>
      )}

      {showReview && <AnswerReview result={result} />}
    </section>
  );
}
