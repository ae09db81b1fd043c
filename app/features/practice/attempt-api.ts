import type { AttemptRequest } from '../../../shared/attempt-requests.ts';
import { practiceMessages } from '../../../shared/practice-messages.ts';
import { postJson } from '../../lib/post-json.ts';

/** Calls the attempt endpoint; a refusal comes back as `{ error }` with its message. */
export function postAttempt<T>(request: AttemptRequest): Promise<T | { error: string }> {
  return postJson<T>('/api/attempts', request, practiceMessages.requestFailed);
}
