import { createCookie, type AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setFlash, takeFlash } from './flash.server.ts';

const contextAt = (origin: string, cookieSecret = 'one key of the store') =>
  ({ origin, services: { cookieSecret } }) as unknown as AppLoadContext;
const plain = contextAt('http://store.test');

/** A page request carrying the cookie a Set-Cookie header set. */
const sending = (setCookie: string) =>
  new Request('http://store.test/dashboard', { headers: { cookie: setCookie.split(';')[0]! } });

describe('the message for the next page', () => {
  it('is read back once as set, with a header that removes it', async () => {
    const set = await setFlash(plain, { type: 'success', message: 'Login successful' });
    expect(set).toMatch(/^pp_flash=/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).not.toMatch(/Secure/i);
    const taken = await takeFlash(sending(set), plain);
    expect(taken?.flash).toEqual({ type: 'success', message: 'Login successful' });
    expect(taken?.clear).toMatch(/^pp_flash=;.*Max-Age=0/i);
  });

  it('is nothing when the store did not sign it, or signed it with another key', async () => {
    expect(await takeFlash(new Request('http://store.test/'), plain)).toBeNull();
    // The same message as an unsigned cookie (as a site on a sibling domain could set it).
    const forged = await createCookie('pp_flash').serialize({ type: 'error', message: 'Call 555-0100 to unlock' });
    expect(await takeFlash(sending(forged), plain)).toBeNull();
    const otherStore = await setFlash(contextAt('http://store.test', 'another key'), {
      type: 'error',
      message: 'Call 555-0100 to unlock',
    });
    expect(await takeFlash(sending(otherStore), plain)).toBeNull();
    // Signed, but with the value edited: the signature no longer matches.
    const set = await setFlash(plain, { type: 'success', message: 'Login successful' });
    const signature = decodeURIComponent(set.split(';')[0]!.slice('pp_flash='.length)).split('.')[1];
    const edited = Buffer.from(JSON.stringify({ type: 'error', message: 'Edited' })).toString('base64');
    const tampered = `pp_flash=${encodeURIComponent(`${edited}.${signature}`)}`;
    expect(await takeFlash(sending(tampered), plain)).toBeNull();
  });

  it('is nothing when signed but not a message the store writes', async () => {
    const cookie = createCookie('pp_flash', { secrets: ['one key of the store'] });
    for (const value of [{ type: 'phishing', message: 'x' }, { type: 'info' }, 'text', null]) {
      expect(await takeFlash(sending(await cookie.serialize(value)), plain), JSON.stringify(value)).toBeNull();
    }
  });

  it('is sent only over HTTPS when the store is served over HTTPS', async () => {
    const secure = contextAt('https://practicepass.example');
    const set = await setFlash(secure, { type: 'info', message: 'Cart has been cleared' });
    expect(set).toMatch(/; Secure/i);
    expect((await takeFlash(sending(set), secure))?.clear).toMatch(/; Secure/i);
  });
});
