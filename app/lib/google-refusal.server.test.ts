import { createCookie } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../shared/account-messages.ts';
import { setGoogleRefusal, takeGoogleRefusal } from './google-refusal.server.ts';

/** A request to /auth/session carrying the cookie a Set-Cookie header set. */
const sending = (setCookie: string) =>
  new Request('http://store.test/auth/session', { headers: { cookie: setCookie.split(';')[0]! } });

describe('the reason a Google sign-in was refused', () => {
  it('is read back as set, with a header that removes it', async () => {
    const set = await setGoogleRefusal(accountMessages.emailInUse);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Path=\/auth/);
    const taken = await takeGoogleRefusal(sending(set));
    expect(taken?.message).toBe('This email is already registered. Please login instead.');
    expect(taken?.clear).toMatch(/^pp_google_refusal=;.*Max-Age=0/i);
  });

  it('is nothing without the cookie, or with words the store did not write', async () => {
    expect(await takeGoogleRefusal(new Request('http://store.test/auth/session'))).toBeNull();
    // The same cookie, written by someone else (it is not signed).
    const forged = await createCookie('pp_google_refusal').serialize('Call 555-0100 for help');
    expect(await takeGoogleRefusal(sending(forged))).toBeNull();
  });
});
