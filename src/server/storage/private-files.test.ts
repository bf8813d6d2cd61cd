import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from '../db/data-dir-lock';
import { createMailer, readOutbox } from '../mail/mailer';
import { secretKeyOf } from '../second-factor/secret-box';
import { createLocalStorage } from './storage';

/**
 * docs/security.md "File modes": under umask 022 (files 0644, directories 0755 by default) each
 * writer of the app still makes files 0600 and directories 0700, and tightens a DATA_DIR someone
 * else made 0755. (scripts/backup.test.ts checks a whole DATA_DIR, a backup and a restore.)
 */
let root: string;
let umask: number;
beforeEach(() => {
  umask = process.umask(0o022);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-modes-'));
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('files the app writes under umask 022', () => {
  it('DATA_DIR (made, or made by someone else 0755) and its lock file', () => {
    const made = path.join(root, 'new', 'data');
    const lock = lockDataDir(made);
    expect(modeOf(made)).toBe(0o700);
    expect(modeOf(path.join(made, 'sheepfold.lock'))).toBe(0o600);
    lock.release();
    const existing = path.join(root, 'existing');
    fs.mkdirSync(existing, { mode: 0o755 });
    lockDataDir(existing).release();
    expect(modeOf(existing)).toBe(0o700);
  });

  it('the secret key, and the DATA_DIR it makes', () => {
    const dataDir = path.join(root, 'data');
    secretKeyOf({ secretKey: null, dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'secret.key'))).toBe(0o600);
  });

  it('the outbox folder and its mails', async () => {
    const outboxDir = path.join(root, 'data', 'outbox');
    const mailer = createMailer({ smtpUrl: null, from: 'office@example.org', outboxDir });
    await mailer.send({ to: 'ruth@example.org', subject: 'Reset', text: 'https://example.org/reset?token=x' });
    const [name] = fs.readdirSync(outboxDir);
    expect(modeOf(outboxDir)).toBe(0o700);
    expect(modeOf(path.join(outboxDir, name))).toBe(0o600);
    expect(await readOutbox(outboxDir)).toHaveLength(1);
  });

  it('uploaded receipts and every folder made for them', async () => {
    const uploads = path.join(root, 'data', 'uploads');
    const storage = createLocalStorage(uploads);
    const key = await storage.put('receipts/2026/11', 'receipt.pdf', Buffer.from('%PDF-1.4\n'));
    expect(modeOf(path.join(uploads, key))).toBe(0o600);
    for (const dir of ['.', 'receipts', 'receipts/2026', 'receipts/2026/11']) {
      expect(modeOf(path.join(uploads, dir))).toBe(0o700);
    }
  });
});
