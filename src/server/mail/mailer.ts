import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { makePrivateDir, writePrivateFile } from '../storage/private-files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to the text (notifications, decision 21). */
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Where a mail went: handed to the SMTP server, or only written to the outbox folder. */
export type MailDelivery = 'smtp' | 'outbox';

export interface Mailer {
  send(message: MailMessage): Promise<MailDelivery>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written to DATA_DIR/outbox/ so flows work offline.
 * `send` answers which it did, so the Outbox never calls a mail in the folder "sent".
 */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        return 'smtp';
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      // The outbox's mails hold live reset and sign-in links: 0600 in a 0700 folder.
      await makePrivateDir(options.outboxDir);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await writePrivateFile(path.join(options.outboxDir, name), info.message as Buffer);
      return 'outbox';
    },
  };
}

/** Mails in the outbox, oldest first, as raw RFC 822 text (used by tests and the demo). */
export async function readOutbox(outboxDir: string): Promise<string[]> {
  const names = (await fs.readdir(outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map((name) => fs.readFile(path.join(outboxDir, name), 'utf8')));
}
