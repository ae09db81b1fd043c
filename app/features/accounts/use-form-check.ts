import { useState, type FormEvent } from 'react';
import { useNavigation } from 'react-router';

/**
 * Runs the form's shared rules in the browser before it is sent: the first problem stops the submission
 * and becomes the form's message. With no problem the server checks everything again. While a submission
 * is on its way the form is busy: its button says so (and keeps focus), and a second submission is ignored.
 */
export function useFormCheck(problemOf: (form: FormData) => string | null) {
  const [error, setError] = useState<string | null>(null);
  const busy = useNavigation().state === 'submitting';
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    const problem = problemOf(new FormData(event.currentTarget));
    setError(problem);
    if (problem) event.preventDefault();
  }
  return { clientError: error, onSubmit, busy };
}
