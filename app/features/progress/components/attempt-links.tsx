import { Link } from 'react-router';
import { formatDate } from '../../../../shared/dates.ts';
import type { AttemptRow } from '../../../../shared/student-progress.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';

/**
 * A finished attempt's two ways on, in the history and on the dashboard: its review, named with its date so
 * two attempts of a test tell apart, and another go at the test in the same mode.
 */
export function AttemptLinks({ attempt, className }: { attempt: AttemptRow; className: string }) {
  const timeZone = useTimeZone();
  return (
    <>
      <Link
        to={`/history/${attempt.id}`}
        className={className}
        aria-label={`Review ${attempt.testName}, ${formatDate(attempt.submittedAt, 'mediumTime', timeZone)}`}
      >
        Review
      </Link>
      <Link
        to={`/practice-test/${attempt.testId}?mode=${attempt.mode}`}
        className={className}
        aria-label={`Retry ${attempt.testName}`}
      >
        Retry
      </Link>
    </>
  );
}
