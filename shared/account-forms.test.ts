import { describe, expect, it } from 'vitest';
import {
  fieldsOfMessage,
  formText,
  newPasswordProblem,
  registrationProblem,
  signInProblem,
  type FormText,
} from './account-forms.ts';
import { accountMessages as m } from './account-messages.ts';
import { isWeakPassword, isWrongLengthPassword } from './account-rules.ts';

const text =
  (fields: Record<string, string>): FormText =>
  (name) =>
    fields[name] ?? '';

describe('formText', () => {
  it('reads text fields, and a missing or file field as empty', () => {
    const form = new FormData();
    form.set('email', ' ada@example.com ');
    form.set('upload', new Blob(['x']));
    const read = formText(form);
    expect([read('email'), read('upload'), read('missing')]).toEqual([' ada@example.com ', '', '']);
  });
});

describe('the checks of the account forms', () => {
  it('sign-in: the email first, then a password at all', () => {
    expect(signInProblem(text({}))).toBe(m.emailMissing);
    expect(signInProblem(text({ email: 'ada', password: 'x' }))).toBe(m.emailMalformed);
    expect(signInProblem(text({ email: 'ada@example.com' }))).toBe(m.passwordMissing);
    expect(signInProblem(text({ email: 'ada@example.com', password: 'x' }))).toBeNull();
  });

  it('registration: name, email, password, in the order of the form', () => {
    const ok = { name: 'Ada', email: 'ada@example.com', password: 'analytical-engine-1' };
    expect(registrationProblem(text({ ...ok, name: '  ', email: '' }), isWeakPassword)).toBe(m.nameMissing);
    expect(registrationProblem(text({ ...ok, name: 'x'.repeat(81) }), isWeakPassword)).toBe(m.nameTooLong);
    expect(registrationProblem(text({ ...ok, email: 'ada' }), isWeakPassword)).toBe(m.emailMalformed);
    expect(registrationProblem(text({ ...ok, password: 'short' }), isWeakPassword)).toBe(m.passwordWeak);
    expect(registrationProblem(text(ok), isWeakPassword)).toBeNull();
  });

  it('the browser and the server refuse the same input with the same message, but for common passwords', () => {
    const cases = [
      { name: '', email: 'ada@example.com', password: 'analytical-engine-1' },
      { name: 'Ada', email: 'ada@', password: 'analytical-engine-1' },
      { name: 'Ada', email: 'ada@example.com', password: 'seven77' },
      { name: 'Ada', email: 'ada@example.com', password: 'x'.repeat(129) },
      { name: 'Ada', email: 'ada@example.com', password: 'analytical-engine-1' },
    ];
    for (const fields of cases) {
      expect(registrationProblem(text(fields), isWrongLengthPassword)).toBe(
        registrationProblem(text(fields), isWeakPassword),
      );
    }
    const common = text({ name: 'Ada', email: 'ada@example.com', password: 'password123' });
    expect(registrationProblem(common, isWrongLengthPassword)).toBeNull();
    expect(registrationProblem(common, isWeakPassword)).toBe(m.passwordWeak);
  });

  it('a new password: the two must match, then be strong enough', () => {
    expect(newPasswordProblem(text({ password: 'a', confirm: 'b' }), isWeakPassword)).toBe(m.passwordsDiffer);
    expect(newPasswordProblem(text({ password: 'short', confirm: 'short' }), isWeakPassword)).toBe(m.passwordWeak);
    expect(newPasswordProblem(text({ password: 'a-new-pass-1', confirm: 'a-new-pass-1' }), isWeakPassword)).toBeNull();
  });
});

describe('fieldsOfMessage', () => {
  it.each([
    [m.emailMissing, ['email']],
    [m.emailMalformed, ['email']],
    [m.emailInvalid, ['email']],
    [m.emailInUse, ['email']],
    [m.noAccount, ['email']],
    [m.nameMissing, ['name']],
    [m.nameTooLong, ['name']],
    [m.passwordMissing, ['password']],
    [m.passwordWeak, ['password']],
    [m.wrongPassword, ['password']],
    [m.passwordsDiffer, ['confirm']],
    [m.tooManyAttempts, []],
    [m.loginFailed, []],
    [m.registrationFailed, []],
    [m.resetLinkInvalid, []],
    ['A message of no form', []],
  ])('%s → %j', (message, fields) => expect(fieldsOfMessage(message)).toEqual(fields));
});
