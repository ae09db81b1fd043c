import { describe, expect, it } from 'vitest';
import { timeZoneOf } from './time-zone.ts';

const withCookie = (cookie?: string) =>
  new Request('http://store.test/history', cookie === undefined ? {} : { headers: { cookie } });

describe('the time zone a request names', () => {
  it('reads the cookie the head script writes, among others', () => {
    expect(timeZoneOf(withCookie('tz=America%2FNew_York'))).toBe('America/New_York');
    expect(timeZoneOf(withCookie('pp.session_token=abc; tz=Pacific%2FKiritimati; theme=dark'))).toBe(
      'Pacific/Kiritimati',
    );
    expect(timeZoneOf(withCookie('tz=Etc%2FGMT%2B5'))).toBe('Etc/GMT+5');
  });

  it('is UTC without the cookie or with a value that is no zone', () => {
    expect(timeZoneOf(withCookie())).toBe('UTC');
    expect(timeZoneOf(withCookie('xtz=Europe%2FParis'))).toBe('UTC');
    expect(timeZoneOf(withCookie('tz='))).toBe('UTC');
    expect(timeZoneOf(withCookie('tz=%E0%A4%A'))).toBe('UTC');
    expect(timeZoneOf(withCookie('tz=Nowhere%2FAtAll'))).toBe('UTC');
    expect(timeZoneOf(withCookie(`tz=${encodeURIComponent("Europe/Paris' OR 1=1")}`))).toBe('UTC');
  });
});
