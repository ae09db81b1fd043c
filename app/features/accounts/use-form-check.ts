import { useState, type FormEvent } from 'react';

/**
 * Runs the form's shared rules in the browser before it is sent: the first problem stops the submission
 * and becomes the form's message. With no problem the server checks everything again.
 */
export function useFormCheck(problemOf: (form: FormData) => string | null) {
  const [error, setError] = useState<string | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const problem = problemOf(new FormData(event.currentTarget));
    setError(problem);
    if (problem) event.preventDefault();
  }
  return { clientError: error, onSubmit };
}
