import type { z } from 'zod';

const MOST = 10;
const LONGEST = 200;

/**
 * What is wrong with a JSON request, a line a field ("intent: Invalid option: …"), for the developer who
 * sent it; the refusal's `error` stays the sentence shown to students. At most ten lines of 200 characters,
 * however much was wrong.
 */
export function requestProblems(error: z.ZodError): string[] {
  return error.issues.slice(0, MOST).map((issue) => {
    const line = `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`;
    return line.length > LONGEST ? `${line.slice(0, LONGEST - 1)}…` : line;
  });
}
