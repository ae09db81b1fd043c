import type { AttemptRequest } from '../../../shared/attempt-requests.ts';

/** Calls the attempt endpoint; a refusal comes back as `{ error }` with its message. */
export async function postAttempt<T>(request: AttemptRequest): Promise<T | { error: string }> {
  try {
    const response = await fetch('/api/attempts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    return (await response.json()) as T | { error: string };
  } catch {
    return { error: 'The connection was lost. Check your network and try again.' };
  }
}

export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
