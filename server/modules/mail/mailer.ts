import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up log: an SMTP host or the outbox folder. */
  describe(): string;
}

/** Sends over SMTP when configured; otherwise writes each message as an .eml file a developer can open. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const host = new URL(options.smtpUrl).host;
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      describe: () => `SMTP ${host}`,
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
    describe: () => `outbox folder ${path.resolve(options.outboxDir)}`,
  };
}
