import type { DatabaseHandle } from '../db/database.ts';
import type { Mail, Mailer } from '../modules/mail/mailer.ts';
import { createServices, type ServiceOptions } from '../services.ts';

/** A mailer that keeps what it was asked to send, for tests that do not need a mail server. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail), describe: () => 'memory' };
}

export const TEST_BASE_URL = 'http://store.test';

export function createTestServices(database: DatabaseHandle, options: Partial<ServiceOptions> = {}) {
  return createServices({
    database,
    baseUrl: TEST_BASE_URL,
    secret: 'test-secret-that-is-long-enough-for-signing-0123456789',
    mailer: memoryMailer(),
    ...options,
  });
}
