/**
 * Simulated students for the HTTP benchmarks: they register through the store's own form and call the
 * attempt endpoint exactly as the test page does (`app/features/practice/attempt-api.ts`).
 */
import { readContentFiles } from '../../server/modules/catalogue/content-files.ts';

export interface Student {
  email: string;
  /** The session cookie, as the browser would send it back. */
  cookie: string;
}

export const BENCH_PASSWORD = 'load-test-password-7291';

/** Registers through POST /register from its own client address (the store trusts one proxy hop here). */
export async function registerStudent(origin: string, index: number, tag: string): Promise<Student> {
  const email = `student-${tag}-${index}@bench.test`;
  const response = await fetch(`${origin}/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': addressOf(index),
    },
    body: new URLSearchParams({ name: `Student ${index}`, email, password: BENCH_PASSWORD }),
  });
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0]!)
    .find((c) => c.startsWith('pp.session_token='));
  if (response.status !== 302 || !session) throw new Error(`Registering ${email} failed: ${response.status}`);
  return { email, cookie: session };
}

/** A distinct private address per student, so per-address sign-up limits apply to each on its own. */
export function addressOf(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** Registers many students, a few at a time. */
export async function registerStudents(origin: string, count: number, tag: string, parallel = 8) {
  const students: Student[] = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, (_, k) => registerStudent(origin, i + k, tag));
    students.push(...(await Promise.all(batch)));
  }
  return students;
}

export interface CatalogueTests {
  /** The first practice test of every exam: open to everyone. */
  freeTests: string[];
  examIds: string[];
}

export async function sampleCatalogue(): Promise<CatalogueTests> {
  const files = await readContentFiles(['content/exams']);
  return {
    freeTests: files.map((f) => f.content.practiceTests[0]!.id),
    examIds: files.map((f) => f.content.exam.id),
  };
}

/** What the start of an attempt answers with, as far as a student needs it. */
export interface StartedAttempt {
  id: string;
  questions: { id: string; options: { id: string }[]; choose: number }[];
}

/** Starts an attempt as the test page does; a refusal stops the benchmark. */
export async function startAttempt(
  origin: string,
  cookie: string,
  testId: string,
  mode: 'exam' | 'practice',
): Promise<StartedAttempt> {
  const response = await fetch(`${origin}/api/attempts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ intent: 'start', testId, mode }),
  });
  if (!response.ok) throw new Error(`Starting a test answered ${response.status}`);
  return (await response.json()) as StartedAttempt;
}

/** The body of an answer: the first options, as many as the question asks for. */
export function answerBody(attempt: StartedAttempt, index: number): string {
  const question = attempt.questions[index % attempt.questions.length]!;
  return JSON.stringify({
    intent: 'answer',
    attemptId: attempt.id,
    questionId: question.id,
    selected: question.options.slice(0, question.choose).map((o) => o.id),
  });
}
