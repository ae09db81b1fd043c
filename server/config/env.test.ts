import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it('starts on port 3000 with the embedded database and the sample catalogue when nothing is set', () => {
    expect(readEnv({})).toMatchObject({
      PORT: 3000,
      DATABASE_URL: './data/practicepass.sqlite',
      SEED_CONTENT: 'content/exams',
      NODE_ENV: 'production',
    });
  });

  it('honours PORT and DATABASE_URL', () => {
    expect(readEnv({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@h/db',
    });
  });

  it('keeps only the origin of PUBLIC_URL, so a trailing slash does not make every form look cross-site', () => {
    expect(readEnv({ PUBLIC_URL: 'https://shop.example/' }).PUBLIC_URL).toBe('https://shop.example');
    expect(readEnv({ PUBLIC_URL: 'https://shop.example:8443' }).PUBLIC_URL).toBe('https://shop.example:8443');
  });

  it('names every bad setting', () => {
    expect(() => readEnv({ PORT: 'eighty', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}PUBLIC_URL: .*\n {2}LOG_LEVEL: /,
    );
  });
});
