import { Link } from 'react-router';
import { Fact } from '../../../components/ui/fact.tsx';
import { capitalise, counted } from '../../../../shared/exam-display.ts';
import type { PracticeTestSummary } from '../../../../shared/catalogue.ts';
import type { TestProgress } from '../../../../shared/progress.ts';
import { signUpPath } from '../../../lib/sign-up-path.ts';

interface Props {
  test: PracticeTestSummary;
  progress: TestProgress;
  open: boolean;
  signedIn: boolean;
  examId: string;
  /** The student is taking it in exam mode, with time left: the way back to that exam (locked since, too). */
  examGoesOn?: boolean;
  /** Locked, why: the spec's sentence asking to sign up, or, to a student whose access ran out, that it did. */
  lockedNote?: string;
}

const score = (value: number | null) => (value === null ? '—' : `${value}%`);

/** One practice test: its facts, the student's first/best/last score, and the two ways to take it. */
export function TestCard({ test, progress, open, signedIn, examId, examGoesOn, lockedNote }: Props) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{test.displayName ?? test.title}</h2>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <Fact label="Time limit" value={counted(test.timeLimitMinutes, 'minute')} />
        <Fact label="Questions" value={String(test.questionCount)} />
        <Fact label="Difficulty" value={capitalise(test.difficulty)} />
      </dl>
      {/* Four in a row from 360 px: narrower, "Attempts" would break inside the word. */}
      <dl className="mt-3 grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-sm min-[22.5rem]:grid-cols-4">
        <Fact label="First" value={score(progress.firstScore)} />
        <Fact label="Best" value={score(progress.bestScore)} />
        <Fact label="Last" value={score(progress.lastScore)} />
        <Fact label="Attempts" value={String(progress.attempts)} />
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {open ? (
          <>
            <Link
              to={`/practice-test/${test.id}?mode=exam`}
              className="btn-primary flex-1"
              aria-label={`${examGoesOn ? 'Resume ' : ''}Exam Mode: ${test.title}`}
            >
              {examGoesOn ? 'Resume Exam Mode' : 'Exam Mode'}
            </Link>
            <Link
              to={`/practice-test/${test.id}?mode=practice`}
              className="btn-secondary flex-1"
              aria-label={`Practice Mode: ${test.title}`}
            >
              Practice Mode
            </Link>
          </>
        ) : (
          <div className="w-full rounded-lg bg-slate-100 p-3 text-sm">
            <p className="font-semibold">Unlock More Tests</p>
            {lockedNote && <p className="mt-1 text-slate-700">{lockedNote}</p>}
            {examGoesOn && (
              <Link
                to={`/practice-test/${test.id}?mode=exam`}
                className="btn-primary mt-2"
                aria-label={`Resume Exam Mode: ${test.title}`}
              >
                Resume Exam Mode
              </Link>
            )}
            {!signedIn && (
              <Link to={signUpPath(examId)} className="btn-primary mt-2">
                Sign Up
              </Link>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
