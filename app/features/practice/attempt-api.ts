import type { AttemptRequest } from '../../../shared/attempt-requests.ts';
import { practiceMessages } from '../../../shared/practice-messages.ts';
import { postJson } from '../../lib/post-json.ts';

/** Calls the attempt endpoint; a refusal comes back as `{ error }` with its message. */
export function postAttempt<T>(request: AttemptRequest): Promise<T | { error: string }> {
  return postJson<T>('/api/attempts', request, practiceMessages.requestFailed);
}

export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
