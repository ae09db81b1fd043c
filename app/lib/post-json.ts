import { messages } from '../../shared/messages.ts';

/**
 * Posts JSON to one of the store's endpoints and reads its JSON answer (refusals included: they carry
 * `{ error }` with their message). A lost connection, or an answer that is not JSON (a proxy's error page,
 * a server fault), comes back as `{ error }` too, so the caller shows a message instead of failing.
 * Each goes on when the page is left (closed or reloaded) while it is on its way: a change the student made
 * (an answer, a cart line) is stored even so. The bodies are small, well under keepalive's 64 KB.
 */
export async function postJson<T>(url: string, body: unknown, failed: string): Promise<T | { error: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    });
  } catch {
    return { error: messages.connectionLost };
  }
  try {
    return (await response.json()) as T | { error: string };
  } catch {
    return { error: failed };
  }
}
