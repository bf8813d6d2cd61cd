import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { makePrivateDirSync, writePrivateFileSync } from '../storage/private-files';

/**
 * TOTP secrets encrypted at rest: AES-256-GCM under a key from SECRET_KEY, else from
 * DATA_DIR/secret.key (made once, mode 0600, with a start-up warning). A stored secret reads
 * `v1:<iv>:<tag>:<ciphertext>` (base64url); the user id is the additional data, so one user's row
 * copied onto another's does not decrypt. Secrets stored before this (plain base32, which never
 * holds a ':') are still read, and sealed on the way (totp-service.ts; main.ts seals all at start).
 */
const PREFIX = 'v1:';
const KEY_FILE = 'secret.key';

export type SecretKeySource = 'SECRET_KEY' | 'file';

const keys = new Map<string, { key: Buffer; source: SecretKeySource }>();

/** SECRET_KEY as 64 hex digits (the key itself), or any text of ≥ 32 characters (its SHA-256). */
export function keyFromText(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (trimmed.length < 32) {
    throw new Error('SECRET_KEY must be 64 hex digits or at least 32 characters of random text.');
  }
  return crypto.createHash('sha256').update(trimmed, 'utf8').digest();
}

function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    makePrivateDirSync(dataDir);
    try {
      // 'wx': never overwrite a key another process wrote first (that would orphan its secrets).
      writePrivateFileSync(file, `${crypto.randomBytes(32).toString('hex')}\n`, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${file} does not hold a 256-bit key (64 hex digits).`);
  return Buffer.from(text, 'hex');
}

/** The key TOTP secrets are sealed with, and where it came from (read once per configuration). */
export function secretKeyOf(config: Pick<Config, 'secretKey' | 'dataDir'>): { key: Buffer; source: SecretKeySource } {
  const cacheKey = config.secretKey === null ? `file:${config.dataDir}` : `env:${config.secretKey}`;
  let found = keys.get(cacheKey);
  if (!found) {
    found =
      config.secretKey === null
        ? { key: keyFromFile(config.dataDir), source: 'file' }
        : { key: keyFromText(config.secretKey), source: 'SECRET_KEY' };
    keys.set(cacheKey, found);
  }
  return found;
}

/** The start-up warning while SECRET_KEY is unset. */
export function secretKeyWarning(config: Pick<Config, 'secretKey' | 'dataDir' | 'databaseUrl'>): string | null {
  if (config.secretKey !== null) return null;
  const where = path.join(config.dataDir, KEY_FILE);
  return config.databaseUrl
    ? `SECRET_KEY is not set: TOTP secrets are encrypted with ${where}; every app process must use the same key — set SECRET_KEY.`
    : `SECRET_KEY is not set: TOTP secrets are encrypted with ${where}; back it up with the data (or set SECRET_KEY).`;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function sealSecret(key: Buffer, userId: number, secret: string): string {
  return sealText(key, `totp:${userId}`, secret);
}

/**
 * Any text sealed the same way, bound to `label` (the additional data): bank details and payment
 * files use it too (src/server/payments/sealed.ts), each with a label of its own.
 */
export function sealText(key: Buffer, label: string, text: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(label));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${PREFIX}${b64(iv)}:${b64(cipher.getAuthTag())}:${b64(sealed)}`;
}

/** The text of a value sealed under `label`; null when it is malformed or does not open (wrong key, tampered). */
export function openText(key: Buffer, label: string, stored: string): string | null {
  if (!isSealed(stored)) return null;
  const [iv, tag, sealed] = stored.slice(PREFIX.length).split(':');
  if (!iv || !tag || sealed === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(label));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The secret of a stored value: decrypted, or as it is when stored before encryption. Throws when tampered. */
export function openSecret(key: Buffer, userId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [iv, tag, sealed] = stored.slice(PREFIX.length).split(':');
  if (!iv || !tag || sealed === undefined) throw new Error('A stored TOTP secret is malformed.');
  const opened = openText(key, `totp:${userId}`, stored);
  if (opened === null) {
    throw new Error(
      `The TOTP secret of user ${userId} cannot be decrypted: SECRET_KEY (or DATA_DIR/secret.key) is not the key it was sealed with.`,
    );
  }
  return opened;
}
