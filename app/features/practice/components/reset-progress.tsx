import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';

/** The purchaser's details panel: a reset of all progress, confirmed first, and the ids support asks for. */
export function PurchaserPanel({ examId, userId }: { examId: string; userId: string }) {
  const [confirming, setConfirming] = useState(false);
  // Focus follows the question: to the warning when it opens (so it is read, with the choice next), and
  // back to the button when it closes.
  const warning = useRef<HTMLParagraphElement>(null);
  const reset = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (confirming) warning.current?.focus();
    else if (opened.current) reset.current?.focus();
    opened.current ||= confirming;
  }, [confirming]);
  return (
    <details className="mt-10 rounded-xl border border-slate-200 bg-white p-5">
      <summary className="cursor-pointer font-semibold">Account details</summary>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Exam ID</dt>
          <dd className="font-mono">{examId}</dd>
        </div>
        <div>
          <dt className="text-slate-600">User ID</dt>
          <dd className="break-all font-mono">{userId}</dd>
        </div>
      </dl>
      {confirming ? (
        <Form method="post" className="mt-4 rounded-lg bg-red-50 p-4" onSubmit={() => setConfirming(false)}>
          <p ref={warning} tabIndex={-1} className="font-medium text-red-900">
            This resets your progress in every exam, not only this one. Your scores and history will start again from
            zero.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="reset" className="btn bg-red-700 text-white hover:bg-red-800">
              Yes, reset everything
            </button>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </Form>
      ) : (
        <button ref={reset} type="button" className="btn-secondary mt-4" onClick={() => setConfirming(true)}>
          Reset All Progress Data
        </button>
      )}
    </details>
  );
}
