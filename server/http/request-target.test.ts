import { describe, expect, it } from 'vitest';
import { isValidHost, loggablePath } from './request-target.ts';

describe('a request’s host', () => {
  it('is a name or an address, with an optional port', () => {
    for (const host of ['practicepass.example', 'localhost:3000', '127.0.0.1:3210', '[::1]:3000', 'shop.example.']) {
      expect(isValidHost(host), host).toBe(true);
    }
  });

  it('holds nothing that would change the path, and a port that exists', () => {
    for (const host of ['x/login?', 'x?', 'x#', 'a b', 'x:99999', 'x:', '', undefined, 'x\\y', 'user@x']) {
      expect(isValidHost(host), String(host)).toBe(false);
    }
  });
});

describe('a logged path', () => {
  it('leaves out the query string and a reset link’s token', () => {
    expect(loggablePath('/reset-password?token=secret')).toBe('/reset-password');
    expect(loggablePath('/api/auth/reset-password/secret-token?callbackURL=/reset-password')).toBe(
      '/api/auth/reset-password/:token',
    );
    expect(loggablePath('/api/auth/reset-password')).toBe('/api/auth/reset-password');
    expect(loggablePath('/exams/pmp')).toBe('/exams/pmp');
  });
});
