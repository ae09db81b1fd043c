import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { requestProblems } from './request-problems.ts';

describe('what is wrong with a request', () => {
  const schema = z.strictObject({ name: z.string(), tags: z.array(z.number()) });

  it('names each field that is wrong, and the body itself when the fault is not a field', () => {
    const wrong = schema.safeParse({ name: 7, tags: [1, 'two'], extra: true });
    expect(requestProblems(wrong.error!)).toEqual([
      'name: Invalid input: expected string, received number',
      'tags.1: Invalid input: expected number, received string',
      'body: Unrecognized key: "extra"',
    ]);
    expect(requestProblems(schema.safeParse(null).error!)).toEqual([
      'body: Invalid input: expected object, received null',
    ]);
  });

  it('says at most ten of them, each at most 200 characters, however much is wrong', () => {
    const many = z.array(z.string()).safeParse(Array.from({ length: 50 }, () => 0));
    expect(requestProblems(many.error!)).toHaveLength(10);
    const long = z.strictObject({}).safeParse({ ['k'.repeat(1000)]: 1 });
    const [line] = requestProblems(long.error!);
    expect(line).toHaveLength(200);
    expect(line!.startsWith('body: Unrecognized key: "kkk')).toBe(true);
    expect(line!.endsWith('…')).toBe(true);
  });
});
