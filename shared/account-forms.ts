import { accountMessages as m } from './account-messages.ts';
import { emailProblem, isNameGiven, NAME_MAX_LENGTH } from './account-rules.ts';

/**
 * The checks of the account forms, run by the server on what it receives and by the browser before sending,
 * so both refuse the same input with the same message; and the field each message is about.
 */

/** A form's text fields by name; a field missing (or not text) reads as empty. */
export type FormText = (name: string) => string;

export function formText(form: FormData): FormText {
  return (name) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
}

/**
 * Whether a password is refused. The server passes `isWeakPassword`; the browser `isWrongLengthPassword`, as
 * the list of common passwords stays on the server. Either way the message, and its field, are the same.
 */
type PasswordRule = (password: string) => boolean;

export function nameProblem(name: string): string | null {
  if (!isNameGiven(name)) return m.nameMissing;
  return name.trim().length > NAME_MAX_LENGTH ? m.nameTooLong : null;
}

export function signInProblem(text: FormText): string | null {
  return emailProblem(text('email')) ?? (text('password') ? null : m.passwordMissing);
}

export function registrationProblem(text: FormText, isWeak: PasswordRule): string | null {
  return nameProblem(text('name')) ?? emailProblem(text('email')) ?? (isWeak(text('password')) ? m.passwordWeak : null);
}

export function newPasswordProblem(text: FormText, isWeak: PasswordRule): string | null {
  if (text('password') !== text('confirm')) return m.passwordsDiffer;
  return isWeak(text('password')) ? m.passwordWeak : null;
}

/** The fields of the account forms, by their names. */
export type AccountField = 'name' | 'email' | 'password' | 'confirm';

/**
 * The fields each message is about: the form marks them and sends focus to the first. A message about no
 * one field (too many attempts, a failure of the service, an expired link) marks none. Every message is
 * listed, so a new one has to say where it belongs.
 */
const FIELDS: Record<keyof typeof m, readonly AccountField[]> = {
  emailMissing: ['email'],
  emailMalformed: ['email'],
  nameMissing: ['name'],
  nameTooLong: ['name'],
  passwordMissing: ['password'],
  emailInUse: ['email'],
  emailInvalid: ['email'],
  passwordWeak: ['password'],
  registrationFailed: [],
  resetMailFailed: [],
  noAccount: ['email'],
  wrongPassword: ['password'],
  loginFailed: [],
  googleFailed: [],
  googleLoginFailed: [],
  googleRegistrationFailed: [],
  tooManyAttempts: [],
  registered: [],
  loggedIn: [],
  loggedOut: [],
  resetRequested: [],
  resetLinkInvalid: [],
  passwordsDiffer: ['confirm'],
  passwordReset: [],
};

const KEYS = Object.keys(FIELDS) as (keyof typeof m)[];

export function fieldsOfMessage(message: string): readonly AccountField[] {
  const key = KEYS.find((k) => m[k] === message);
  return key ? FIELDS[key] : [];
}
