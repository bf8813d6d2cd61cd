import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes), OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let unusable: Promise<string> | null = null;

/**
 * A real hash (same parameters as every stored one) of a random password nobody knows, verified
 * against unknown emails so they cost the same argon2 work and timing does not reveal them.
 */
export function unusableHash(): Promise<string> {
  unusable ??= hashPassword(crypto.randomBytes(32).toString('base64url'));
  return unusable;
}
