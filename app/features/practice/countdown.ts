import { useEffect, useRef, useState } from 'react';
import { practiceMessages } from '../../../shared/practice-messages.ts';

/**
 * Seconds left, counting down each second from what the server said when it answered (`measuredAt`, on
 * the clock of `performance.now()`; a moment ago when not given); null without a timer. It counts on the
 * monotonic clock, so setting the computer's clock (by hand or by a time sync) changes nothing.
 */
export function useCountdown(initialSeconds: number | null, onZero: () => void, measuredAt?: number): number | null {
  const [left, setLeft] = useState(initialSeconds);
  const measured = useRef(measuredAt);
  const zero = useRef(onZero);
  useEffect(() => {
    zero.current = onZero;
  });
  useEffect(() => {
    if (initialSeconds === null) return;
    const end = (measured.current ?? performance.now()) + initialSeconds * 1000;
    const tick = () => {
      const seconds = Math.max(0, Math.round((end - performance.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) {
        clearInterval(timer);
        zero.current();
      }
    };
    const timer = setInterval(tick, 1000);
    // At once too: time that passed before the screen came (its code on a slow link) shows straight away.
    tick();
    return () => clearInterval(timer);
  }, [initialSeconds]);
  return left;
}

/**
 * What a screen reader is told about the clock: nothing each second, one sentence as each mark is passed
 * (10 minutes on tests of over 20, then 5 and 1). The sentence stays the same between marks, so a live
 * region speaks it once.
 */
export function timeWarning(secondsLeft: number, timeLimitSeconds: number): string {
  const marks = timeLimitSeconds > 20 * 60 ? [1, 5, 10] : [1, 5];
  const mark = marks.find((minutes) => secondsLeft <= minutes * 60 && timeLimitSeconds > minutes * 60);
  return mark ? practiceMessages.timeLeft(mark) : '';
}
