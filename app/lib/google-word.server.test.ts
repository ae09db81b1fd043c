import { createCookie } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setGoogleWord, takeGoogleWord } from './google-word.server.ts';

/** A request to /auth/session carrying the cookie a Set-Cookie header set. */
const sending = (setCookie: string) =>
  new Request('http://store.test/auth/session', { headers: { cookie: setCookie.split(';')[0]! } });

const plain = { origin: 'http://store.test' };

describe('what a Google sign-in window leaves to say', () => {
  it('is read back as set, with a header that removes it', async () => {
    const set = await setGoogleWord(plain, 'refused');
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Path=\/auth/);
    expect(set).not.toMatch(/Secure/i);
    const taken = await takeGoogleWord(sending(set), plain, false);
    expect(taken?.message).toBe('This email is already registered. Please login instead.');
    expect(taken?.clear).toMatch(/^pp_google_word=;.*Max-Age=0/i);
    const welcome = await takeGoogleWord(sending(await setGoogleWord(plain, 'registered')), plain, true);
    expect(welcome?.message).toBe('Registration successful');
  });

  it('says too many sign-ins were tried, to a browser still signed out', async () => {
    const set = await setGoogleWord(plain, 'too-many');
    expect((await takeGoogleWord(sending(set), plain, false))?.message).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(await takeGoogleWord(sending(set), plain, true)).toBeNull();
  });

  it('is read only as the kind asked for: no welcome while signed out, no refusal once signed in', async () => {
    expect(await takeGoogleWord(sending(await setGoogleWord(plain, 'registered')), plain, false)).toBeNull();
    expect(await takeGoogleWord(sending(await setGoogleWord(plain, 'refused')), plain, true)).toBeNull();
  });

  it('is nothing without the cookie, or with words the store did not write', async () => {
    expect(await takeGoogleWord(new Request('http://store.test/auth/session'), plain, false)).toBeNull();
    // The same cookie, written by someone else (it is not signed).
    const forged = await createCookie('pp_google_word').serialize('Call 555-0100 for help');
    expect(await takeGoogleWord(sending(forged), plain, false)).toBeNull();
  });

  it('is sent only over HTTPS when the store is served over HTTPS', async () => {
    const secure = { origin: 'https://practicepass.example' };
    const set = await setGoogleWord(secure, 'refused');
    expect(set).toMatch(/; Secure/i);
    expect((await takeGoogleWord(sending(set), secure, false))?.clear).toMatch(/; Secure/i);
  });
});
