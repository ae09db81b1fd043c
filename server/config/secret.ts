import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The configured secret, or one generated on first start and kept beside the embedded database, so a
 * fresh clone needs no key. Several app servers sharing PostgreSQL must all be given the same AUTH_SECRET.
 */
export function authSecret(configured: string | undefined, file = './data/auth-secret'): string {
  if (configured) return configured;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
