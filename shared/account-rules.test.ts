import { describe, expect, it } from 'vitest';
import { emailProblem, isWeakPassword, normaliseEmail, safeRedirectTarget } from './account-rules.ts';

describe('emailProblem', () => {
  it.each([
    [undefined, 'Please provide a valid email address'],
    [null, 'Please provide a valid email address'],
    ['', 'Please provide a valid email address'],
    ['   ', 'Please provide a valid email address'],
    ['ada', 'Please enter a valid email address'],
    ['ada@example', 'Please enter a valid email address'],
    ['ada lovelace@example.com', 'Please enter a valid email address'],
    ['@example.com', 'Please enter a valid email address'],
    ['ada@.com', 'Please enter a valid email address'],
    ['ada@example.', 'Please enter a valid email address'],
    ['ada@exa@mple.com', 'Please enter a valid email address'],
    ['ada@example.com\tx', 'Please enter a valid email address'],
    [`ada@${'a'.repeat(250)}.com`, 'Please enter a valid email address'],
    ['ada@example.com', null],
    ['a@b.c', null],
    ['ada@a..b', null],
    ['  ada@example.co.uk  ', null],
  ])('%j → %s', (input, message) => expect(emailProblem(input)).toBe(message));

  it('answers at once for a megabyte of dots, which a backtracking pattern took minutes over', () => {
    // Over the length limit, and without it the check itself is one pass: both are exercised.
    expect(emailProblem(`x@${'a.'.repeat(500_000)}@`)).toBe('Please enter a valid email address');
    expect(emailProblem(`x@${'a.'.repeat(100)}@`)).toBe('Please enter a valid email address');
  });
});

describe('isWeakPassword', () => {
  it('needs 8 to 128 characters', () => {
    expect(isWeakPassword('seven77')).toBe(true);
    expect(isWeakPassword('eight888')).toBe(false);
    expect(isWeakPassword('x'.repeat(128))).toBe(false);
    expect(isWeakPassword('x'.repeat(129))).toBe(true);
  });

  it('refuses the most common passwords whatever their case', () => {
    expect(isWeakPassword('password123')).toBe(true);
    expect(isWeakPassword('PassWord123')).toBe(true);
    expect(isWeakPassword('qwertyuiop')).toBe(true);
    expect(isWeakPassword('my-own-phrase-2026')).toBe(false);
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com'));
});

describe('safeRedirectTarget', () => {
  it.each([
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['/cart', '/cart'],
    ['/exams?q=cloud#top', '/exams?q=cloud#top'],
    ['https://evil.example/x', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['exams', '/dashboard'],
    // Dot segments that resolve to a path starting with two slashes: another site once the browser reads it.
    ['/.//evil.example/login', '/dashboard'],
    ['/a/..//evil.example', '/dashboard'],
    ['/%2e//evil.example', '/dashboard'],
    ['/exams/./pmp', '/exams/pmp'],
  ])('%j → %s', (input, target) => expect(safeRedirectTarget(input)).toBe(target));
});
