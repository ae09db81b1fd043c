import type { Page, Request } from '@playwright/test';
import type { ContentQuestion } from './fixtures.ts';

/** One response the browser received, with the questions whose answers it was allowed to hold by then. */
export interface Recorded {
  url: string;
  type: string;
  body: string;
  /** Questions answered for good when the request went out. */
  revealed: ReadonlySet<string>;
  requestBody: string | null;
}

/**
 * Records every response body the page receives: documents, React Router's data requests, the attempt
 * API and scripts. `revealed` is read when each request leaves, so the test adds a question to it just
 * before the click that answers it for good.
 */
export function recordResponses(page: Page, revealed: Set<string>) {
  const allowedAt = new Map<Request, ReadonlySet<string>>();
  const recorded: Recorded[] = [];
  const pending: Promise<void>[] = [];
  page.on('request', (request) => allowedAt.set(request, new Set(revealed)));
  page.on('response', (response) => {
    pending.push(
      (async () => {
        // Redirects have no body; everything else is kept.
        const body = await response.body().then(
          (bytes) => bytes.toString('utf8'),
          () => null,
        );
        if (body === null) return;
        recorded.push({
          url: response.url(),
          type: response.headers()['content-type'] ?? '',
          body,
          revealed: allowedAt.get(response.request()) ?? new Set(),
          requestBody: response.request().postData(),
        });
      })(),
    );
  });
  return { recorded, settled: () => Promise.all(pending) };
}

/**
 * For each question, a piece of its explanation that no encoding changes (letters, digits, spaces and
 * plain punctuation) and that the question and its options do not contain.
 */
export function explanationMarks(questions: ContentQuestion[]): Map<string, string> {
  const shown = questions.flatMap((q) => [q.text, ...q.options.map((o) => o.text)]);
  return new Map(
    questions.map((q) => {
      const runs = (q.explanation.match(/[A-Za-z0-9 ,.;:()-]{30,}/g) ?? [])
        .map((run) => run.trim())
        .sort((a, b) => b.length - a.length);
      const mark = runs.find((run) => run.length >= 30 && !shown.some((text) => text.includes(run)));
      if (!mark) throw new Error(`The explanation of ${q.id} has no distinctive text to look for.`);
      return [q.id, mark];
    }),
  );
}

const REVEALING = ['correctOptionIds', 'explanation'];

/** The questions whose answer fields a JSON body carries; `owner` for fields outside any question. */
function questionsRevealedIn(node: unknown, owner: string, found: Set<string>) {
  if (Array.isArray(node)) {
    for (const item of node) questionsRevealedIn(item, owner, found);
  } else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    const id = typeof record.id === 'string' && typeof record.text === 'string' ? record.id : owner;
    if (REVEALING.some((key) => key in record)) found.add(id);
    for (const value of Object.values(record)) questionsRevealedIn(value, id, found);
  }
}

/** Every place a correct answer or an explanation reached the browser before it was allowed to. */
export function answerLeaks(recorded: Recorded[], questions: ContentQuestion[]): string[] {
  const marks = explanationMarks(questions);
  const problems: string[] = [];
  for (const response of recorded) {
    const where = `${new URL(response.url).pathname}${new URL(response.url).search} (${response.type || 'no type'})`;
    for (const [id, mark] of marks) {
      if (!response.revealed.has(id) && response.body.includes(mark)) problems.push(`${where}: explanation of ${id}`);
    }
    if (response.type.includes('javascript')) continue;
    // Pages and data requests name the fields once however many questions use them.
    if (response.revealed.size === 0 && /correctOptionIds|"explanation"/.test(response.body))
      problems.push(`${where}: answer fields before any answer was final`);
    if (response.type.includes('json')) {
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {
        continue;
      }
      const asked = response.requestBody ? (JSON.parse(response.requestBody) as { questionId?: string }) : {};
      const found = new Set<string>();
      questionsRevealedIn(json, asked.questionId ?? '(no question)', found);
      for (const id of found) {
        if (!response.revealed.has(id)) problems.push(`${where}: answer fields of ${id}`);
      }
    }
  }
  return problems;
}
