import { createCookie } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../shared/account-messages.ts';
import { setGoogleRefusal, takeGoogleRefusal } from './google-refusal.server.ts';

/** A request to /auth/session carrying the cookie a Set-Cookie header set. */
const sending = (setCookie: string) =>
  new Request('http://store.test/auth/session', { headers: { cookie: setCookie.split(';')[0]! } });

const plain = { origin: 'http://store.test' };

describe('the reason a Google sign-in was refused', () => {
  it('is read back as set, with a header that removes it', async () => {
    const set = await setGoogleRefusal(plain, accountMessages.emailInUse);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Path=\/auth/);
    expect(set).not.toMatch(/Secure/i);
    const taken = await takeGoogleRefusal(sending(set), plain);
    expect(taken?.message).toBe('This email is already registered. Please login instead.');
    expect(taken?.clear).toMatch(/^pp_google_refusal=;.*Max-Age=0/i);
  });

  it('is nothing without the cookie, or with words the store did not write', async () => {
    expect(await takeGoogleRefusal(new Request('http://store.test/auth/session'), plain)).toBeNull();
    // The same cookie, written by someone else (it is not signed).
    const forged = await createCookie('pp_google_refusal').serialize('Call 555-0100 for help');
    expect(await takeGoogleRefusal(sending(forged), plain)).toBeNull();
  });

  it('is sent only over HTTPS when the store is served over HTTPS', async () => {
    const secure = { origin: 'https://practicepass.example' };
    expect(await setGoogleRefusal(secure, accountMessages.emailInUse)).toMatch(/; Secure/i);
    const set = await setGoogleRefusal(secure, accountMessages.emailInUse);
    expect((await takeGoogleRefusal(sending(set), secure))?.clear).toMatch(/; Secure/i);
  });
});
