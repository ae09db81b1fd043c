import type { AttemptRequest } from '../../../shared/attempt-requests.ts';
import type { AttemptEnd } from '../../../shared/practice.ts';
import { practiceMessages } from '../../../shared/practice-messages.ts';
import { postJson } from '../../lib/post-json.ts';

/** A refusal's message; `ended` when the attempt takes no more answers and is to be handed in for its result. */
export type AttemptRefusal = { error: string; ended?: AttemptEnd };

/** Calls the attempt endpoint; a refusal comes back as `{ error }` with its message. */
export function postAttempt<T>(request: AttemptRequest): Promise<T | AttemptRefusal> {
  return postJson<T>('/api/attempts', request, practiceMessages.requestFailed);
}
