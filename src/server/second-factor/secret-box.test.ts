import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keyFromText, openSecret, sealSecret, secretKeyOf, secretKeyWarning } from './secret-box';

/** TOTP secrets at rest: AES-256-GCM under SECRET_KEY or DATA_DIR/secret.key. */
const key = crypto.randomBytes(32);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('sealSecret / openSecret', () => {
  it('round-trips, never stores the secret, and differs every time (random IV)', () => {
    const a = sealSecret(key, 7, SECRET);
    const b = sealSecret(key, 7, SECRET);
    expect(a).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(a).not.toContain(SECRET);
    expect(a).not.toBe(b);
    expect(openSecret(key, 7, a)).toBe(SECRET);
  });

  it('reads a secret stored before encryption as it is', () => {
    expect(openSecret(key, 7, SECRET)).toBe(SECRET);
  });

  it.each([
    ['another key', (sealed: string) => openSecret(crypto.randomBytes(32), 7, sealed)],
    ["another user's row", (sealed: string) => openSecret(key, 8, sealed)],
    ['a changed ciphertext', (sealed: string) => openSecret(key, 7, `${sealed.slice(0, -2)}AA`)],
    ['a cut value', (sealed: string) => openSecret(key, 7, sealed.split(':').slice(0, 3).join(':'))],
  ])('refuses %s', (_what, open) => {
    expect(() => open(sealSecret(key, 7, SECRET))).toThrow();
  });
});

describe('the key', () => {
  it.each([
    ['64 hex digits: the key itself', 'ab'.repeat(32), Buffer.from('ab'.repeat(32), 'hex')],
    [
      'a long passphrase: its SHA-256',
      'correct horse battery staple, twice over',
      crypto.createHash('sha256').update('correct horse battery staple, twice over').digest(),
    ],
  ])('SECRET_KEY as %s', (_what, text, expected) => {
    expect(keyFromText(text).equals(expected)).toBe(true);
  });

  it('refuses a SECRET_KEY shorter than 32 characters', () => {
    expect(() => keyFromText('short')).toThrow('SECRET_KEY must be 64 hex digits or at least 32 characters');
  });

  it('without SECRET_KEY: makes DATA_DIR/secret.key once (mode 0600), then reads the same key', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-key-'));
    const first = secretKeyOf({ secretKey: null, dataDir });
    expect(first.source).toBe('file');
    const file = path.join(dataDir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.key.toString('hex'));
    // A second process (no cache) reads the same key.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-key-'));
    fs.copyFileSync(file, path.join(copy, 'secret.key'));
    expect(secretKeyOf({ secretKey: null, dataDir: copy }).key.equals(first.key)).toBe(true);
    fs.rmSync(dataDir, { recursive: true });
    fs.rmSync(copy, { recursive: true });
  });

  it('warns at start while SECRET_KEY is unset, more sharply with DATABASE_URL', () => {
    const base = { dataDir: '/srv/sheepfold', databaseUrl: null };
    expect(secretKeyWarning({ ...base, secretKey: 'x'.repeat(40) })).toBeNull();
    expect(secretKeyWarning({ ...base, secretKey: null })).toBe(
      'SECRET_KEY is not set: TOTP secrets are encrypted with /srv/sheepfold/secret.key; back it up with the data (or set SECRET_KEY).',
    );
    expect(secretKeyWarning({ ...base, databaseUrl: 'postgres://db/x', secretKey: null })).toContain(
      'every app process must use the same key — set SECRET_KEY',
    );
  });
});
