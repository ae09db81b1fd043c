import { accountMessages } from './account-messages.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
/** A name needs a letter or digit: one of spaces or invisible characters alone would show as nothing. */
export const isNameGiven = (name: string) => /[\p{L}\p{N}]/u.test(name);

/** No address is longer (RFC 5321's path limit less its brackets); the sign-in library refuses longer ones. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Spec §5: text, an at sign, text, a dot, text, no spaces (the pattern /^[^\s@]+@[^\s@]+\.[^\s@]+$/).
 * Checked by hand, in one pass: that pattern backtracks over every dot of the domain, and an address of
 * "a." repeated 500,000 times kept the server busy for minutes.
 */
function looksLikeEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  return !domain.includes('@') && domain.slice(1, -1).includes('.');
}

/** The email checks of registration and sign-in, in the spec's order. Returns the message, or null. */
export function emailProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return accountMessages.emailMissing;
  const email = raw.trim();
  if (email.length > EMAIL_MAX_LENGTH || !looksLikeEmail(email)) return accountMessages.emailMalformed;
  return null;
}

export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Shorter than 8 or longer than 128 characters: the part of the password rule a browser can check. */
export function isWrongLengthPassword(password: string): boolean {
  return password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH;
}

/** 8 to 128 characters and not one of the most common passwords (decisions.md). */
export function isWeakPassword(password: string): boolean {
  return isWrongLengthPassword(password) || COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Where to go after signing in: a path of this site only. Absolute and protocol-relative URLs, and
 * anything that is not a plain path, fall back to the dashboard. The path is checked again once dot
 * segments are resolved: `/.//evil.example` resolves to `//evil.example`, another site.
 */
export function safeRedirectTarget(raw: string | null | undefined, fallback = '/dashboard'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters can smuggle a host past the checks
  if (/[\u0000-\u001f\\]/.test(raw)) return fallback;
  try {
    const url = new URL(raw, 'http://practicepass.invalid');
    if (url.origin !== 'http://practicepass.invalid' || url.pathname.startsWith('//')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
