import { useEffect, useState, type FormEvent } from 'react';
import { useNavigation } from 'react-router';
import { fieldsOfMessage, formText, type AccountField, type FormText } from '../../../shared/account-forms.ts';

interface Options {
  /** The id of the form's message (`FormMessage`), which the fields it is about point to. */
  messageId: string;
  /** The form's shared rules, run in the browser before it is sent; none to send it as it is. */
  problemOf?: (text: FormText) => string | null;
  /** The server's answer to the last submission, with its message when it refused the form. */
  refusal?: { error: string } | null;
}

/**
 * An account form's check and its message. The browser runs the form's shared rules before it is sent: the
 * first problem stops the submission and becomes the message; with no problem the server checks everything
 * again. The message marks the fields it is about (`aria-invalid`, described by the message) and takes
 * focus to the first of them, or to the message when it is about no field. Each refusal is a new message
 * (`error.key`), so the same words are read out again. While a submission is on its way the form is busy:
 * its button says so (and keeps focus), and a second submission is ignored.
 */
export function useFormCheck({ messageId, problemOf, refusal }: Options) {
  const busy = useNavigation().state === 'submitting';
  const [checked, setChecked] = useState<{ error: string } | null>(null);
  /** The server's refusal the student has answered with a new submission: no longer shown. */
  const [answered, setAnswered] = useState<object | null>(null);
  const [submits, setSubmits] = useState(0);

  const latest = checked ?? (refusal && refusal !== answered ? refusal : null);
  const fields = latest ? fieldsOfMessage(latest.error) : [];

  useEffect(() => {
    if (!latest) return;
    // The first field the message is about, in the order of the form; else the message itself.
    const field = document.querySelector<HTMLElement>(`[aria-invalid="true"][aria-describedby~="${messageId}"]`);
    (field ?? document.getElementById(messageId)?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [latest, messageId]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    const problem = problemOf?.(formText(new FormData(event.currentTarget))) ?? null;
    setSubmits((n) => n + 1);
    setAnswered(refusal ?? null);
    setChecked(problem ? { error: problem } : null);
    if (problem) event.preventDefault();
  }

  return {
    error: latest ? { text: latest.error, key: submits } : null,
    busy,
    onSubmit,
    /** What a field shows: invalid when the message is about it, and then described by the message. */
    field: (name: AccountField) => ({ invalid: fields.includes(name), describedBy: messageId }),
  };
}
