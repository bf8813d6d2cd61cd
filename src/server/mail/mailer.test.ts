import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createMailer, readOutbox } from './mailer';

describe('mail in any script', () => {
  it('writes subject, text and HTML as UTF-8 that a mail reader gives back exactly', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: 'office@example.org', outboxDir });
      const names = 'Nguyễn Văn Ân · Иван · Γιώργος · 김민준 · 李小龍 · محمد عبد الله · דוד כהן';
      await mailer.send({
        to: 'ruth@example.org',
        subject: `Statement for ${names}`,
        text: `Hello ${names},\nyour statement is ready.`,
        html: `<p>Hello ${names},</p>`,
      });
      const [raw] = await readOutbox(outboxDir);
      // Headers are 7-bit (RFC 2047 encoded words); the parts say their charset.
      expect(raw.split('\n\n')[0]).toMatch(/^[\x20-\x7e\t\n]*$/);
      expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
      const mail = await simpleParser(raw);
      expect(mail.subject).toBe(`Statement for ${names}`);
      expect(mail.text).toBe(`Hello ${names},\nyour statement is ready.`);
      expect(mail.html).toBe(`<p>Hello ${names},</p>`);
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
