import { describe, expect, it } from 'vitest';
import { HIDDEN_ADDRESS, hideAddresses, withoutAddresses } from './hidden-addresses.ts';

describe('email addresses kept out of the log', () => {
  it('replaces every address in a text, however it is written around', () => {
    expect(hideAddresses('Sign-up attempt for existing email: victim@example.com')).toBe(
      `Sign-up attempt for existing email: ${HIDDEN_ADDRESS}`,
    );
    expect(hideAddresses('Key (email)=(Jo.Doe+pp@mail.example.co.uk) already exists.')).toBe(
      `Key (email)=(${HIDDEN_ADDRESS}) already exists.`,
    );
    expect(hideAddresses('550 5.1.1 <a@b.example>: Recipient address rejected; c@d.example, e@f')).toBe(
      `550 5.1.1 <${HIDDEN_ADDRESS}>: Recipient address rejected; ${HIDDEN_ADDRESS}, ${HIDDEN_ADDRESS}`,
    );
    expect(hideAddresses('Checkout PP-123 could not be checked: timeout')).toBe(
      'Checkout PP-123 could not be checked: timeout',
    );
  });

  it('leaves an @ that is not between two address parts, and takes a long text in its stride', () => {
    expect(hideAddresses('@ a@ @b a@@b @@')).toBe('@ a@ @b a@@b @@');
    expect(hideAddresses('x@y z@w')).toBe(`${HIDDEN_ADDRESS} ${HIDDEN_ADDRESS}`);
    // A malformed field of a megabyte, logged: with no @, with one, and with an address at the end.
    const long = 'a'.repeat(1_000_000);
    expect(hideAddresses(long)).toBe(long);
    expect(hideAddresses(`${long}@`)).toBe(`${long}@`);
    expect(hideAddresses(`${long} x@y.example`)).toBe(`${long} ${HIDDEN_ADDRESS}`);
    expect(hideAddresses('@'.repeat(100_000))).toBe('@'.repeat(100_000));
  });

  it('copies an error without addresses in its message, stack and fields, leaving the original alone', () => {
    const error = Object.assign(new Error('duplicate key for victim@example.com'), {
      code: '23505',
      detail: 'Key (email)=(victim@example.com) already exists.',
      rejected: ['victim@example.com'],
      response: { text: '550 <victim@example.com> no such user', code: 550 },
    });
    error.name = 'DatabaseError';
    const copy = withoutAddresses(error);
    expect(copy).toBeInstanceOf(Error);
    expect(copy.name).toBe('DatabaseError');
    expect(copy.message).toBe(`duplicate key for ${HIDDEN_ADDRESS}`);
    expect(copy.stack).toContain(`DatabaseError: duplicate key for ${HIDDEN_ADDRESS}`);
    expect({ ...copy }).toEqual({
      name: 'DatabaseError',
      code: '23505',
      detail: `Key (email)=(${HIDDEN_ADDRESS}) already exists.`,
      rejected: [HIDDEN_ADDRESS],
      response: { text: `550 <${HIDDEN_ADDRESS}> no such user`, code: 550 },
    });
    expect(JSON.stringify({ ...copy, stack: copy.stack, message: copy.message })).not.toContain('victim');
    expect(error.detail).toContain('victim@example.com');
  });

  it('stops at a depth, so a value that holds itself does not run forever', () => {
    const looped: Record<string, unknown> = { who: 'a@b.example' };
    looped.self = looped;
    const copy = withoutAddresses(looped);
    expect(copy.who).toBe(HIDDEN_ADDRESS);
    expect(JSON.stringify(copy)).toContain('[left out]');
  });
});
