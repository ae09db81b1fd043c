import { describe, expect, it } from 'vitest';
import { withErrorSentence } from './refusals.ts';

const json = (body: unknown, status: number) => Response.json(body, { status });

describe('every refusal says why', () => {
  it('keeps an answer that already has its error sentence, and answers below 400', async () => {
    const kept = await withErrorSentence(json({ error: 'That coupon has expired.' }, 400));
    expect(await kept.json()).toEqual({ error: 'That coupon has expired.' });
    const fine = json({ message: 'ok' }, 200);
    expect(await withErrorSentence(fine)).toBe(fine);
  });

  it("gives the sign-in library's { message, code } an error sentence of the same words", async () => {
    const answer = await withErrorSentence(json({ message: 'Invalid email', code: 'INVALID_EMAIL' }, 400));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: 'Invalid email', code: 'INVALID_EMAIL', error: 'Invalid email' });
  });

  it('puts a plain sentence on an empty refusal and on a server-error placeholder', async () => {
    const empty = await withErrorSentence(new Response(null, { status: 404 }));
    expect(empty.headers.get('content-type')).toContain('application/json');
    expect(await empty.json()).toEqual({ error: 'There is nothing at this address.' });
    const placeholder = await withErrorSentence(json({ message: 'Unexpected Server Error' }, 405));
    expect((await placeholder.json()).error).toBe('This address does not accept that kind of request.');
  });

  it('leaves pages alone: they show their own message', async () => {
    const page = new Response('<h1>Page Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
    expect(await withErrorSentence(page)).toBe(page);
  });
});
