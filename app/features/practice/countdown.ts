import { useEffect, useRef, useState } from 'react';
import { practiceMessages } from '../../../shared/practice-messages.ts';

/** The server's word on an attempt's time: `seconds` left (null without a timer) when `at` came. */
export interface TimeReading {
  seconds: number | null;
  /** On `performance.now()`'s clock; a moment ago when not given. */
  at?: number;
}

/** How far the calendar clock may run ahead of the monotonic one between ticks before the device counts as woken. */
const WAKE_GAP_MS = 5_000;

/**
 * Seconds left, counting down each second from the server's last reading; null without a timer. It counts
 * on the monotonic clock, so setting the computer's clock (by hand or by a time sync) changes nothing. That
 * clock stands still while the device sleeps, though, and the calendar clock does not: when the calendar
 * clock has run ahead of it, `onWake` is told, to take a new reading (a new object) from the server.
 */
export function useCountdown(reading: TimeReading, onZero: () => void, onWake: () => void): number | null {
  const [left, setLeft] = useState(reading.seconds);
  const callbacks = useRef({ onZero, onWake });
  useEffect(() => {
    callbacks.current = { onZero, onWake };
  });
  useEffect(() => {
    if (reading.seconds === null) return;
    const end = (reading.at ?? performance.now()) + reading.seconds * 1000;
    // How far the calendar clock is ahead of the monotonic one: it grows by the time the device slept.
    let ahead = Date.now() - performance.now();
    const tick = () => {
      const offset = Date.now() - performance.now();
      const slept = offset - ahead > WAKE_GAP_MS;
      ahead = offset;
      const seconds = Math.max(0, Math.round((end - performance.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) {
        clearInterval(timer);
        callbacks.current.onZero();
      } else if (slept) callbacks.current.onWake();
    };
    const timer = setInterval(tick, 1000);
    // At once too: time that passed before the screen came (its code on a slow link) shows straight away.
    tick();
    return () => clearInterval(timer);
  }, [reading]);
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
