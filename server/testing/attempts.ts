import type { AttemptResult, AttemptView } from '../../shared/practice.ts';

/** The attempt a start answered with; a refusal fails the test, saying what it was. */
export function view(v: AttemptView | { error: string }): AttemptView {
  if (!('questions' in v)) throw new Error(`expected an attempt, got ${JSON.stringify(v)}`);
  return v;
}

/** The result a hand-in answered with; a refusal fails the test, saying what it was. */
export function result(r: AttemptResult | { error: string }): AttemptResult {
  if (!('review' in r)) throw new Error(`expected a result, got ${JSON.stringify(r)}`);
  return r;
}
