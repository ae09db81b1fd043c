import { describe, expect, it } from 'vitest';
import { createCookie } from 'react-router';
import { claimKeptTests, KEPT_TESTS_MAX, keptTestsCookie, keptTestsCookies } from './kept-tests.ts';

const SECRET = 'kept-tests-secret';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sent = (setCookie: string) => setCookie.split(';', 1)[0]!;

describe('the kept-tests cookie', () => {
  const cookie = keptTestsCookie(SECRET, false);

  it('keeps the newest start first, once, and at most the last ten', async () => {
    let header = '';
    for (let n = 1; n <= KEPT_TESTS_MAX + 2; n++) header = sent(await cookie.keep(id(n), await cookie.read(header)));
    const kept = await cookie.read(`theme=dark; ${header}`);
    expect(kept).toEqual(Array.from({ length: KEPT_TESTS_MAX }, (_, i) => id(KEPT_TESTS_MAX + 2 - i)));
    const again = await cookie.read(sent(await cookie.keep(id(5), kept)));
    expect(again[0]).toBe(id(5));
    expect(again.filter((k) => k === id(5))).toHaveLength(1);
    expect(again).toHaveLength(KEPT_TESTS_MAX);
  });

  it('reads nothing from a cookie signed with another key, unsigned, or holding anything but ids', async () => {
    const other = keptTestsCookie('another-secret', false);
    expect(await cookie.read(sent(await other.keep(id(1), [])))).toEqual([]);
    expect(await cookie.read(`pp_free_tests=${encodeURIComponent(btoa(JSON.stringify([id(1)])))}`)).toEqual([]);
    const sameKey = createCookie('pp_free_tests', { secrets: [SECRET] });
    expect(await cookie.read(sent(await sameKey.serialize({ id: id(1) })))).toEqual([]);
    expect(await cookie.read(sent(await sameKey.serialize([id(1), "x' OR 1=1", 7, id(2)])))).toEqual([id(1), id(2)]);
    expect(await cookie.read(undefined)).toEqual([]);
  });

  it('is HttpOnly, SameSite=Lax and a week long; Secure behind HTTPS; and cleared by Max-Age=0', async () => {
    const cookies = keptTestsCookies(SECRET);
    expect(await cookies('http://store.test').keep(id(1), [])).toMatch(
      /; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(await cookies('https://store.test').keep(id(1), [])).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await cookie.clear()).toMatch(/^pp_free_tests=[^;]*; Max-Age=0;/);
  });

  it('is claimed by the student signed in, and then cleared; a request without it claims nothing', async () => {
    const header = sent(await cookie.keep(id(1), []));
    const claimed: [string, readonly string[]][] = [];
    const practice = { claimKept: async (userId: string, kept: readonly string[]) => claimed.push([userId, kept]) };
    expect(await claimKeptTests(cookie, 'theme=dark', { id: 'u1' }, practice)).toBeNull();
    expect(await claimKeptTests(cookie, undefined, { id: 'u1' }, practice)).toBeNull();
    expect(claimed).toEqual([]);
    expect(await claimKeptTests(cookie, `theme=dark; ${header}`, { id: 'u1' }, practice)).toMatch(/Max-Age=0/);
    expect(claimed).toEqual([['u1', [id(1)]]]);
  });
});
