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

  it('is found as \\u0000 in any body that is JSON, whatever its type: the JSON endpoints read it as JSON', () => {
    const json = '{"intent":"view","local":[{"id":"a\\u0000b","quantity":1}]}';
    for (const type of ['text/plain', FORM, 'multipart/form-data', 'application/octet-stream', undefined]) {
      expect(holdsNul('/api/cart', type, body(json)), String(type)).toBe(true);
      expect(holdsNul('/api/cart', type, body(`\ufeff ${json}\n`)), String(type)).toBe(true);
    }
    expect(holdsNul('/api/attempts', 'text/plain', body('{"intent":"submit","attemptId":"a\\u0000"}'))).toBe(true);
  });

  it('is not looked for as \\u0000 in a form, whose fields hold text as typed', () => {
    // A browser encodes a backslash in a form (%5C); a multipart form holds each field's text as it was typed.
    expect(holdsNul('/reset-password', FORM, body('token=abc&password=%5Cu0000-long-enough'))).toBe(false);
    expect(holdsNul('/login', FORM, body('email=a@b.c&password=\\u0000-long-enough'))).toBe(false);
    const multipart =
      '--qq\r\nContent-Disposition: form-data; name="password"\r\n\r\n\\u0000-long-enough\r\n--qq--\r\n';
    expect(holdsNul('/login', 'multipart/form-data; boundary=qq', body(multipart))).toBe(false);
    expect(holdsNul('/api/cart', 'text/plain', body('not JSON: \\u0000'))).toBe(false);
  });

  it('is found as a raw zero byte whatever the type', () => {
    expect(holdsNul('/api/attempts', 'text/plain', Buffer.from([0x61, 0x00, 0x62]))).toBe(true);
    expect(holdsNul('/api/attempts', JSON_TYPE, body('{"intent":"submit","attemptId":"a-b"}'))).toBe(false);
    expect(holdsNul('/', undefined, Buffer.alloc(0))).toBe(false);
  });
});
