import type { ReactNode, Ref } from 'react';
import type { QuestionView } from '../../../../shared/practice.ts';

interface Props {
  questions: QuestionView[];
  heading: Ref<HTMLHeadingElement>;
  /** 'Submit Test' in exam mode, 'Finish Test' in practice mode. */
  action: string;
  submitting: boolean;
  onSubmit: () => void;
  onGo: (index: number) => void;
  onBack: () => void;
  alert: ReactNode;
  /** The exam's time left, when it has a clock. */
  clock: ReactNode;
}

/** The last step before an attempt is handed in: what is unanswered or flagged, with a way back to each. */
export function TestReview({ questions, heading, action, submitting, onSubmit, onGo, onBack, alert, clock }: Props) {
  // A question that asks for several answers counts as unanswered until it has them all (decision 0023).
  const unanswered = questions.flatMap((q, i) => (q.selected.length < q.choose && !q.checked ? [i] : []));
  const flagged = questions.flatMap((q, i) => (q.flagged ? [i] : []));
  return (
    <section aria-labelledby="review-heading" className="panel">
      <div className="review-bar">
        <h2 id="review-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
          Review before submitting
        </h2>
        {clock}
      </div>
      <ReviewList
        title="Unanswered or partly answered"
        indexes={unanswered}
        empty="Every question has an answer."
        onGo={onGo}
      />
      <ReviewList title="Flagged for review" indexes={flagged} empty="No question is flagged." onGo={onGo} />
      {alert}
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary"
          onClick={() => !submitting && onSubmit()}
          aria-disabled={submitting || undefined}
        >
          {action}
        </button>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Back to questions
        </button>
      </div>
    </section>
  );
}

function ReviewList({
  title,
  indexes,
  empty,
  onGo,
}: {
  title: string;
  indexes: number[];
  empty: string;
  onGo: (i: number) => void;
}) {
  return (
    <div className="mt-4">
      <h3 className="font-semibold">{title}</h3>
      {indexes.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {indexes.map((i) => (
            <li key={i}>
              <button type="button" className="btn-secondary px-3" onClick={() => onGo(i)}>
                Question {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
