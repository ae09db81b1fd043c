import { describe, expect, it } from 'vitest';
import { holdsNul } from './nul-characters.ts';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const body = (text: string) => Buffer.from(text, 'utf8');

describe('a NUL character in a request', () => {
  it('is found in the address, encoded in either case', () => {
    expect(holdsNul('/thank-you?session_id=cs%00x', undefined, undefined)).toBe(true);
    expect(holdsNul('/sandbox/checkout/cs%00', undefined, undefined)).toBe(true);
    expect(holdsNul('/exams?search=50%25%2000', undefined, undefined)).toBe(false);
  });

  it('is found in a form as %00, and a literal "%00" typed in a field is %2500 there', () => {
    expect(holdsNul('/reset-password', FORM, body('token=abc%00&password=x'))).toBe(true);
    expect(holdsNul('/reset-password', FORM, body('token=abc&password=100%2500'))).toBe(false);
  });

  it('is found in JSON as \\u0000, but not in an escaped backslash followed by u0000', () => {
    expect(holdsNul('/api/cart', JSON_TYPE, body('{"examId":"pmp\\u0000"}'))).toBe(true);
    expect(holdsNul('/api/cart', 'application/json; charset=utf-8', body('{"a":"\\\\\\u0000"}'))).toBe(true);
    expect(holdsNul('/api/auth/sign-in/email', JSON_TYPE, body('{"password":"C:\\\\u0000x"}'))).toBe(false);
    expect(holdsNul('/api/auth/sign-in/email', JSON_TYPE, body('{"password":"100%00"}'))).toBe(false);
  });

  it('is found as a raw zero byte whatever the type', () => {
    expect(holdsNul('/api/attempts', 'text/plain', Buffer.from([0x61, 0x00, 0x62]))).toBe(true);
    expect(holdsNul('/api/attempts', JSON_TYPE, body('{"intent":"submit","attemptId":"a-b"}'))).toBe(false);
    expect(holdsNul('/', undefined, Buffer.alloc(0))).toBe(false);
  });
});
