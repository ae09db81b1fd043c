import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../testing/smtp.ts';
import { createMailer } from './mailer.ts';

const mail = {
  to: 'ada@example.com',
  subject: 'Reset your PracticePass password',
  text: 'Open http://localhost:3000/x',
};

describe('the mailer', () => {
  it('writes each message to the development outbox when no SMTP server is configured', async () => {
    const outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'pp-outbox-')), 'outbox');
    const mailer = createMailer({ from: 'PracticePass <no-reply@practicepass.test>', outboxDir });
    await mailer.send(mail);
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/ada@example\.com\.eml$/);
    const raw = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(raw).toContain('Subject: Reset your PracticePass password');
    expect(raw).toContain('To: ada@example.com');
    expect(mailer.describe()).toBe(`outbox folder ${outboxDir}`);
  });

  it('sends over SMTP when configured', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'PracticePass <no-reply@practicepass.test>',
        outboxDir: '',
      });
      await mailer.send(mail);
      expect(smtp.messages).toEqual([
        { to: ['ada@example.com'], subject: mail.subject, text: expect.stringContaining(mail.text) },
      ]);
    } finally {
      await smtp.close();
    }
  });
});
