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

  it('takes a SQLite file as a path or a file: URL, and refuses a database it does not support', () => {
    for (const url of [
      '/srv/store.sqlite',
      'file:./data/store.sqlite',
      'file:///srv/store.sqlite',
      'postgresql://u@h/db',
    ]) {
      expect(readEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
    // `postgres:/…` is a PostgreSQL address with a slash missing, not the name of a new SQLite file.
    for (const url of ['mysql://u@h/db', 'POSTGRES://u@h/db', 'sqlite://store.sqlite', 'postgres:/127.0.0.1:5432/db']) {
      expect(() => readEnv({ DATABASE_URL: url }), url).toThrow(
        /DATABASE_URL: must be postgres:\/\/… for PostgreSQL, or a file path or file: URL for SQLite/,
      );
    }
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

  it('takes a setting left empty as unset, and numbers only as digits', () => {
    expect(readEnv({ PORT: '', PAGE_CACHE_SECONDS: '', TRUST_PROXY: '' })).toMatchObject({
      PORT: 3000,
      PAGE_CACHE_SECONDS: 30,
      TRUST_PROXY: 0,
    });
    for (const port of ['0x10', '1e3', '80.5', ' 80', '-1', '65536']) {
      expect(() => readEnv({ PORT: port }), port).toThrow(/^Invalid configuration: PORT: /);
    }
  });

  it('refuses addresses and keys of the wrong kind, saying which kind it wants', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        readEnv({ PAYMENT_PROVIDER: 'sandbox', ...env });
      } catch (error) {
        return (error as Error).message;
      }
      return null;
    };
    expect(refusal({ SMTP_URL: 'http://mail.example' })).toBe(
      'Invalid configuration: SMTP_URL: must be an smtp:// or smtps:// address',
    );
    expect(refusal({ SMTP_URL: 'smtps://user:pass@mail.example:465' })).toBeNull();
    expect(refusal({ PUBLIC_URL: 'ftp://shop.example' })).toBe(
      'Invalid configuration: PUBLIC_URL: must be an http:// or https:// address',
    );
    expect(refusal({ PUBLIC_URL: 'https://shop.example/practice' })).toBe(
      'Invalid configuration: PUBLIC_URL: must be an origin alone: the store cannot live under a path',
    );
    const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(refusal({ ...stripe, STRIPE_SECRET_KEY: 'pk_live_oops' })).toMatch(
      /^Invalid configuration: STRIPE_SECRET_KEY: must be a secret key, sk_live_… or sk_test_…/,
    );
    expect(refusal({ ...stripe, STRIPE_SECRET_KEY: 'rk_live_restricted' })).toBeNull();
    expect(refusal({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toBe(
      'Invalid configuration: GOOGLE_CLIENT_SECRET: is needed too: Google sign-in takes both, or neither',
    );
    expect(refusal({ GOOGLE_CLIENT_SECRET: 'secret' })).toMatch(/^Invalid configuration: GOOGLE_CLIENT_ID: /);
  });
});
