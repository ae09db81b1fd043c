import type { QuestionView } from '../../../../shared/practice.ts';

/**
 * Spec §4 colours: answered; in practice mode, correct or incorrect once checked. Checked questions also
 * carry a tick or a cross, so the verdict does not rest on colour alone. Flags show a corner mark. A
 * "Choose two" with one answer ticked is partly answered, with a dashed border: the list before handing in
 * names it among the unanswered (decision 0023), and the navigator does not call it done. Each button is a
 * finger wide (44 px); its marks sit inside its corners, clear of the ring around the current question.
 */
function stateOf(q: QuestionView): { label: string; className: string; mark?: string } {
  if (q.checked) {
    return q.checked.correct
      ? { label: 'correct', className: 'border-emerald-800 bg-emerald-700 text-white', mark: '✓' }
      : { label: 'incorrect', className: 'border-red-700 bg-red-600 text-white', mark: '✗' };
  }
  if (q.selected.length >= q.choose)
    return { label: 'answered', className: 'border-brand-700 bg-brand-600 text-white' };
  if (q.selected.length > 0)
    return { label: 'partly answered', className: 'border-2 border-dashed border-brand-700 bg-white text-brand-800' };
  return { label: 'not answered', className: 'border-slate-300 bg-white text-slate-800' };
}

export function QuestionNavigator({
  questions,
  current,
  onGo,
}: {
  questions: QuestionView[];
  current: number;
  onGo: (index: number) => void;
}) {
  return (
    <nav aria-label="Questions">
      <ol className="flex flex-wrap gap-2">
        {questions.map((q, index) => {
          const state = stateOf(q);
          return (
            <li key={q.id}>
              <button
                type="button"
                onClick={() => onGo(index)}
                aria-current={index === current ? 'step' : undefined}
                aria-label={`Question ${index + 1}, ${state.label}${q.flagged ? ', flagged' : ''}`}
                className={`relative size-11 rounded-lg border text-sm font-semibold ${state.className} ${index === current ? 'ring-2 ring-slate-900 ring-offset-2 ring-offset-slate-50' : ''}`}
              >
                {index + 1}
                {state.mark && (
                  <span aria-hidden="true" className="question-mark">
                    {state.mark}
                  </span>
                )}
                {q.flagged && <span aria-hidden="true" className="question-flag" />}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
