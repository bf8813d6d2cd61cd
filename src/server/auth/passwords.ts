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

/** A hash that no password matches, verified against unknown emails so timing does not reveal them. */
export const UNUSABLE_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c2hlZXBmb2xkLXNhbHQ$0MbJ3V1G9Y5t3z4W2qJk4n4r7mFqkqH1f0xq9y3c8aE';
