import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';
import { startWarnings } from './start-warnings.ts';

const warned = (settings: Record<string, string>) => startWarnings(readEnv(settings));

describe('the warnings a store gives as it starts', () => {
  it('are none on a machine of its own, as npm start runs it', () => {
    expect(warned({})).toEqual([]);
  });

  it('say, behind a proxy without PUBLIC_URL, that sign-in cookies are not marked Secure', () => {
    expect(warned({ TRUST_PROXY: '1' })).toEqual([
      'PUBLIC_URL is not set behind a proxy: sign-in cookies are not marked Secure, and links in mail use this address',
    ]);
    expect(
      warned({
        TRUST_PROXY: '1',
        PUBLIC_URL: 'https://shop.example',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        SUPPORT_EMAIL: 'help@shop.example',
      }),
    ).toEqual([]);
  });

  it('say what a public store lacks: mail links to this machine, the sandbox taking payments, a support address', () => {
    expect(warned({ SMTP_URL: 'smtp://mail.example' })).toEqual([
      'PUBLIC_URL is not set: password-reset links and Google sign-in use this address, which only this machine can open',
    ]);
    expect(warned({ PUBLIC_URL: 'https://shop.example', PAYMENT_PROVIDER: 'sandbox' })).toEqual([
      'PAYMENT_PROVIDER is sandbox: payments go to the built-in sandbox, where test card numbers buy exams',
      'SUPPORT_EMAIL is not set: the contact page gives an address that reaches nobody',
    ]);
  });
});
