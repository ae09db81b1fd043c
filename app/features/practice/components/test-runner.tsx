import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { practiceMessages } from '../../../../shared/practice-messages.ts';
import type { AttemptResult, AttemptView, CheckedAnswer, QuestionView, TestInfo } from '../../../../shared/practice.ts';
import { AUTO_ADVANCE_MS, chooseLabel, formatDuration } from '../../../../shared/scoring.ts';
import { postAttempt, type AttemptRefusal } from '../attempt-api.ts';
import { useAutoAdvance } from '../auto-advance.ts';
import { timeWarning, useCountdown, type TimeReading } from '../countdown.ts';
import { QuestionNavigator } from './question-navigator.tsx';
import { TestReview } from './test-review.tsx';

interface Props {
  info: TestInfo;
  initial: AttemptView;
  /** When the server measured the attempt's time left, on `performance.now()`'s clock; a moment ago if not given. */
  measuredAt?: number;
  /** `timeUp`: the clock ran out and the page handed the attempt in by itself. */
  onFinished: (result: AttemptResult, timeUp: boolean) => void;
}

/** One attempt in progress: exam mode (timed, results at the end) or practice mode (checked as you go). */
export function TestRunner({ info, initial, measuredAt, onFinished }: Props) {
  const exam = initial.mode === 'exam';
  const [questions, setQuestions] = useState(initial.questions);
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      // Practice mode resumes at the first question not checked; exam mode at the first not fully answered.
      initial.questions.findIndex((q) => !q.checked && (!exam || q.selected.length < q.choose)),
    ),
  );
  const [reviewing, setReviewing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** A check on its way: a second press (a double click) waits for it instead of asking again. */
  const [checking, setChecking] = useState(false);
  /** The question just checked in practice mode, which moves on by itself unless the student leaves it first. */
  const [advanceFrom, setAdvanceFrom] = useState<number | null>(null);
  const question = questions[index]!;
  const last = index === questions.length - 1;
  const heading = useRef<HTMLHeadingElement>(null);
  const feedback = useRef<HTMLDivElement>(null);
  const runner = useRef<HTMLDivElement>(null);
  const [autoAdvance, setAutoAdvance] = useAutoAdvance();

  // Focus follows the test: to each question as it comes up (the first one when the test starts), and to
  // the review screen, so keyboard and screen-reader users start reading where the page changed. A question
  // reached from below its start (Next, the number grid on a phone) is shown from its start: its heading stays
  // in view, so focusing it alone would leave the page where it was.
  useEffect(() => {
    const top = runner.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) scrollBy(0, top);
    heading.current?.focus();
  }, [index, reviewing]);

  const update = (id: string, change: Partial<QuestionView>) =>
    setQuestions((list) => list.map((q) => (q.id === id ? { ...q, ...change } : q)));

  /** Each question as the server holds it, as far as its answers have said. */
  const held = useRef(new Map(initial.questions.map((q) => [q.id, q])));
  /**
   * The changes of each question go to the server one after another, so the last change made is the last
   * one stored; those of different questions go side by side, so none waits behind another on a slow link.
   */
  const saving = useRef(new Map<string, Promise<void>>());
  /** Changes waiting behind an earlier one of their question, not yet sent: leaving the page would lose them. */
  const waiting = useRef(0);
  /** The newest change of each question's answer and flag. */
  const newest = useRef(new Map<string, object>());

  /**
   * Shows a change at once and saves it. A change the server refuses (the connection lost, the attempt
   * handed in elsewhere, the time up) is taken back off the screen, unless a newer one is on its way. One
   * sent as the page is closed or reloaded still arrives (`postJson`).
   */
  function save(questionId: string, change: Pick<QuestionView, 'selected'> | Pick<QuestionView, 'flagged'>) {
    const field = Object.keys(change)[0] as 'selected' | 'flagged';
    newest.current.set(questionId + field, change);
    update(questionId, change);
    waiting.current += 1;
    const before = saving.current.get(questionId) ?? Promise.resolve();
    const saved = before.then(async () => {
      waiting.current -= 1;
      const response = await postAttempt<{ checked: null }>({
        intent: 'answer',
        attemptId: initial.id,
        questionId,
        ...change,
      });
      const stored = held.current.get(questionId)!;
      if ('error' in response) {
        if (newest.current.get(questionId + field) === change) update(questionId, { [field]: stored[field] });
        refused(response);
      } else {
        held.current.set(questionId, { ...stored, ...change });
      }
    });
    saving.current.set(questionId, saved);
  }

  // Closing or reloading the page while a change waits its turn would lose it: the browser asks first.
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (waiting.current > 0) event.preventDefault();
    };
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, []);

  /** A hand-in on its way: the clock, a refused answer and the student may each ask for one at once. */
  const handingIn = useRef(false);
  const submit = useCallback(
    async (timeUp = false) => {
      if (handingIn.current) return;
      handingIn.current = true;
      setSubmitting(true);
      if (timeUp) setMessage(practiceMessages.timeUpHandedIn);
      // Answers still on their way are stored before the attempt is handed in.
      await Promise.all(saving.current.values());
      const result = await postAttempt<AttemptResult>({ intent: 'submit', attemptId: initial.id });
      if ('error' in result) {
        handingIn.current = false;
        setSubmitting(false);
        setMessage(result.error);
      } else {
        onFinished(result, timeUp);
      }
    },
    [initial.id, onFinished],
  );

  /**
   * A refusal is said on screen; one saying the attempt has ended (its time ran out by the server's clock,
   * or it was handed in in another tab or by the store) hands it in here too, which shows its result.
   */
  function refused(response: AttemptRefusal) {
    if (response.ended) void submit(response.ended === 'time-up');
    else setMessage(response.error);
  }

  // The server's clock decides; at zero the page hands in what it has. The page's clock stands still while
  // the device sleeps (a phone locked, a laptop shut), so on waking it asks the server for the time left.
  const [reading, setReading] = useState<TimeReading>(() => ({ seconds: initial.remainingSeconds, at: measuredAt }));
  const remaining = useCountdown(
    reading,
    () => void submit(true),
    async () => {
      const at = performance.now();
      const response = await postAttempt<{ secondsLeft: number | null }>({
        intent: 'time-left',
        attemptId: initial.id,
      });
      // Not reached (the connection not back yet): the clock goes on as it was, and asks again on the next wake.
      if (!('error' in response)) setReading({ seconds: response.secondsLeft, at });
      else if (response.ended) refused(response);
    },
  );
  const timeLimitSeconds = Math.max(info.timeLimitMinutes * 60, initial.remainingSeconds ?? 0);

  function choose(optionId: string) {
    if (question.checked) return;
    const single = question.choose === 1;
    const selected = single
      ? [optionId]
      : question.selected.includes(optionId)
        ? question.selected.filter((id) => id !== optionId)
        : [...question.selected, optionId];
    // A choice past the number asked for is refused out loud, rather than silently unticking another.
    if (selected.length > question.choose) {
      setMessage(practiceMessages.tooManyChoices(chooseLabel(question.choose)!));
      return;
    }
    setMessage(null);
    save(question.id, { selected });
  }

  function toggleFlag() {
    save(question.id, { flagged: !question.flagged });
  }

  async function check() {
    if (checking) return;
    if (question.selected.length === 0) {
      setMessage(practiceMessages.selectAnswer);
      return;
    }
    setChecking(true);
    // A check locks the question: the choices made before it are stored first. (A post never throws.)
    await saving.current.get(question.id);
    const response = await postAttempt<{ checked: CheckedAnswer }>({
      intent: 'check',
      attemptId: initial.id,
      questionId: question.id,
      selected: question.selected,
    });
    setChecking(false);
    if ('error' in response) {
      refused(response);
      return;
    }
    // The Check button goes away with the check: focus moves to the verdict and its explanation. The
    // move-on's 1.5 seconds start with the verdict drawn (its timer is set in the same commit).
    flushSync(() => {
      // A word about the choices (one too many ticked) no longer applies: they are locked now.
      setMessage(null);
      update(question.id, { checked: response.checked });
      setAdvanceFrom(index);
    });
    feedback.current?.focus();
  }

  // Practice mode moves on 1.5 seconds after a check, unless it was the last question, the student has
  // turned this off, or does anything in the meantime (a key, a click, a tap or the mouse wheel: they are
  // still reading or have their own next step). Coming back to a question checked earlier moves nothing.
  useEffect(() => {
    if (!autoAdvance || advanceFrom !== index || last) return;
    // The second press of a double click on Check Answer is not the student acting, though a busy phone may
    // deliver it after the verdict: a mouse press's detail counts the presses of one click.
    const stay = (event: Event) => {
      if ((event as UIEvent).detail < 2) setAdvanceFrom(null);
    };
    const acts = ['keydown', 'mousedown', 'touchstart', 'wheel'];
    const timer = setTimeout(() => {
      setAdvanceFrom(null);
      setIndex(advanceFrom + 1);
      setMessage(null); // a message was about the question left behind
    }, AUTO_ADVANCE_MS);
    for (const act of acts) document.addEventListener(act, stay);
    return () => {
      clearTimeout(timer);
      for (const act of acts) document.removeEventListener(act, stay);
    };
  }, [autoAdvance, advanceFrom, index, last]);

  const nextBlocked = !exam && question.selected.length > 0 && !question.checked;
  const goTo = (i: number) => {
    setAdvanceFrom(null);
    setIndex(i);
    setReviewing(false);
    setMessage(null);
  };

  // Keyboard: 1–9 choose an option, N next question, P previous, F flag, while focus is in the test (or nowhere in
  // particular), never in the site's header or menus. Re-bound each render to see current state.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || reviewing) return;
      const focus = document.activeElement;
      if (focus && focus !== document.body && !runner.current?.contains(focus)) return;
      const key = event.key.toLowerCase();
      const option = question.options[Number(key) - 1];
      if (option) choose(option.id);
      else if (key === 'n' && !last && !nextBlocked) goTo(index + 1);
      else if (key === 'p' && index > 0) goTo(index - 1);
      else if (key === 'f') toggleFlag();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const alert = message && (
    <p role="alert" className="mt-4 font-medium text-red-800">
      {message}
    </p>
  );

  // The clock, on every question and on the review before handing in: the time runs there too.
  const clock = remaining !== null && (
    <>
      <p role="timer" aria-live="off" className={`clock-text ${remaining < 60 ? 'text-red-700' : 'text-slate-900'}`}>
        <span className="sr-only">Time left: </span>
        {formatDuration(remaining)}
      </p>
      <p role="status" className="sr-only">
        {timeWarning(remaining, timeLimitSeconds)}
      </p>
    </>
  );

  if (reviewing) {
    return (
      <TestReview
        clock={clock}
        questions={questions}
        heading={heading}
        action={exam ? 'Submit Test' : 'Finish Test'}
        submitting={submitting}
        onSubmit={() => void submit()}
        onGo={goTo}
        onBack={() => setReviewing(false)}
        alert={alert}
      />
    );
  }

  const multiple = question.choose > 1;
  const choose2 = chooseLabel(question.choose);
  return (
    <div ref={runner} className="test-layout">
      <section aria-labelledby="question-heading" className="question-card">
        {/* Stays in view on a long question (a phone's screen): the question's number and the clock. */}
        <div className="question-bar">
          <h2 id="question-heading" ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
            Question {index + 1} of {questions.length}
          </h2>
          {clock}
        </div>
        <fieldset className="mt-4">
          <legend className="question-text">
            {question.text}
            {/* Focusable, so that a keyboard can scroll a wide program sideways. */}
            {question.code && (
              <code className="code-block" tabIndex={0}>
                {question.code}
              </code>
            )}
            {choose2 && !question.text.includes('(Choose') && (
              <span className="ml-2 text-sm text-slate-600">({choose2})</span>
            )}
          </legend>
          <ul className="mt-4 space-y-2">
            {question.options.map((option, i) => {
              const revealed = question.checked;
              const right = revealed?.correctOptionIds.includes(option.id);
              const chosen = question.selected.includes(option.id);
              const tone = revealed
                ? right
                  ? 'border-emerald-600 bg-emerald-50'
                  : chosen
                    ? 'border-red-600 bg-red-50'
                    : 'border-slate-200'
                : chosen
                  ? 'border-brand-600 bg-brand-50'
                  : 'border-slate-200 hover:border-slate-400';
              return (
                <li key={option.id}>
                  <label className={`option-box ${tone}`}>
                    {/* Locked once checked, yet drawn as picked: a disabled box would be painted grey, hiding
                        the student's own answer, so it says it is unavailable and ignores changes instead. */}
                    <input
                      type={multiple ? 'checkbox' : 'radio'}
                      name={`q-${question.id}`}
                      checked={chosen}
                      aria-disabled={!!revealed}
                      onChange={() => choose(option.id)}
                      className="mt-1 h-4 w-4 shrink-0"
                    />
                    <span className="whitespace-pre-wrap">
                      <span className="sr-only">Option {i + 1}: </span>
                      {option.text}
                      {revealed && chosen && (
                        <AnswerTag className={right ? 'text-emerald-800' : 'text-red-800'}>Your answer</AnswerTag>
                      )}
                      {revealed && right && <AnswerTag className="text-emerald-800">Correct answer</AnswerTag>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div aria-live="polite">
          {question.checked && (
            <div
              ref={feedback}
              tabIndex={-1}
              className={`verdict-box ${question.checked.correct ? 'bg-emerald-50' : 'bg-red-50'}`}
            >
              <p className="font-semibold">{question.checked.correct ? 'Correct!' : 'Incorrect'}</p>
              <p className="explanation">{question.checked.explanation}</p>
            </div>
          )}
          {alert}
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          {/* The name stays; whether the question is flagged is the button's pressed state, drawn as such. */}
          <button
            type="button"
            className="btn-secondary aria-pressed:border-amber-600 aria-pressed:bg-amber-50 aria-pressed:text-amber-900"
            onClick={toggleFlag}
            aria-pressed={question.flagged}
          >
            <span aria-hidden="true">{question.flagged ? '⚑' : '⚐'}</span>
            Flag for review
          </button>
          {!exam && !question.checked && (
            <button
              type="button"
              className="btn-primary"
              onClick={() => void check()}
              aria-disabled={checking || undefined}
            >
              Check Answer
            </button>
          )}
          {index > 0 && (
            <button type="button" className="btn-secondary" onClick={() => goTo(index - 1)}>
              Previous
            </button>
          )}
          {!last && (
            <button type="button" className="btn-secondary" onClick={() => goTo(index + 1)} disabled={nextBlocked}>
              Next
            </button>
          )}
          {exam && last && (
            <button type="button" className="btn-primary" onClick={() => setReviewing(true)}>
              Submit Test
            </button>
          )}
        </div>
        {/* Beside Check Answer, not below the navigator: on a phone the explanation must be kept in reach. */}
        {!exam && (
          <label className="advance-setting">
            <input
              type="checkbox"
              checked={autoAdvance}
              onChange={(event) => setAutoAdvance(event.target.checked)}
              className="h-4 w-4"
            />
            Go to the next question after checking
          </label>
        )}
      </section>
      <aside className="space-y-4">
        <QuestionNavigator questions={questions} current={index} onGo={goTo} />
        <button type="button" className="btn-primary w-full" onClick={() => setReviewing(true)}>
          {exam ? 'Submit Test' : 'Finish Test'}
        </button>
        <p className="key-hint">Keys: 1–{Math.min(9, question.options.length)} choose, N next, P previous, F flag.</p>
        <p className="text-xs text-slate-600">
          {info.title} · pass mark {info.passingScore}%
        </p>
      </aside>
    </div>
  );
}

/**
 * A checked option's verdict beside its words, never broken across lines ("Your answer", "Correct answer"). The
 * space before it lets a narrow screen put it on a line of its own, so two tags never widen the option.
 */
function AnswerTag({ className, children }: { className: string; children: string }) {
  return (
    <>
      <span className="sr-only">,</span>{' '}
      <span className={`ml-1 text-sm font-semibold whitespace-nowrap ${className}`}>{children}</span>
    </>
  );
}
