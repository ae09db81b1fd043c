import type { Env } from './env.ts';

/**
 * What a store about to serve should tell its owner: settings that work, but not as a public store needs.
 * Logged as warnings once the store has its log.
 */
export function startWarnings(env: Env): string[] {
  const warnings: string[] = [];
  const google = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  if (!env.PUBLIC_URL && env.TRUST_PROXY > 0) {
    warnings.push(
      'PUBLIC_URL is not set behind a proxy: sign-in cookies are not marked Secure, and links in mail use this address',
    );
  }
  if (!env.PUBLIC_URL && (env.SMTP_URL || google)) {
    warnings.push(
      'PUBLIC_URL is not set: password-reset links and Google sign-in use this address, which only this machine can open',
    );
  }
  if (env.PUBLIC_URL && env.PAYMENT_PROVIDER === 'sandbox') {
    warnings.push(
      'PAYMENT_PROVIDER is sandbox: payments go to the built-in sandbox, where test card numbers buy exams',
    );
  }
  if (env.PUBLIC_URL && !env.SUPPORT_EMAIL) {
    warnings.push('SUPPORT_EMAIL is not set: the contact page gives an address that reaches nobody');
  }
  return warnings;
}
