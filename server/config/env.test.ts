import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it('starts on port 3000 with the embedded database and the sample catalogue when nothing is set', () => {
    expect(readEnv({})).toMatchObject({
      PORT: 3000,
      DATABASE_URL: './data/practicepass.sqlite',
      SEED_CONTENT: 'content/exams',
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
    });
  });

  it('honours PORT and DATABASE_URL', () => {
    expect(readEnv({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@h/db',
    });
  });

  it('keeps only the origin of PUBLIC_URL, so a trailing slash does not make every form look cross-site', () => {
    const sandbox = { PAYMENT_PROVIDER: 'sandbox' };
    expect(readEnv({ ...sandbox, PUBLIC_URL: 'https://shop.example/' }).PUBLIC_URL).toBe('https://shop.example');
    expect(readEnv({ ...sandbox, PUBLIC_URL: 'https://shop.example:8443' }).PUBLIC_URL).toBe(
      'https://shop.example:8443',
    );
  });

  it('refuses a public address without a payment provider, in one line naming both choices', () => {
    const refusal = (() => {
      try {
        readEnv({ PUBLIC_URL: 'https://shop.example' });
      } catch (error) {
        return (error as Error).message;
      }
      return null;
    })();
    expect(refusal).not.toBeNull();
    expect(refusal).not.toContain('\n');
    expect(refusal).toMatch(/^Invalid configuration: PAYMENT_PROVIDER: /);
    expect(refusal).toContain('PAYMENT_PROVIDER=stripe for real payments');
    expect(refusal).toContain('PAYMENT_PROVIDER=sandbox to take test cards');
  });

  it('takes the sandbox on a public address when it is asked for by name, and Stripe with its keys', () => {
    expect(readEnv({ PUBLIC_URL: 'https://shop.example', PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe(
      'sandbox',
    );
    const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(readEnv({ ...stripe, PUBLIC_URL: 'https://shop.example' }).PAYMENT_PROVIDER).toBe('stripe');
  });

  it('still asks for the Stripe keys with a public address', () => {
    expect(() => readEnv({ PUBLIC_URL: 'https://shop.example', PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe/,
    );
  });

  it('names every bad setting', () => {
    expect(() => readEnv({ PORT: 'eighty', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}PUBLIC_URL: .*\n {2}LOG_LEVEL: /,
    );
  });
});
