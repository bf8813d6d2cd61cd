import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Role, SESSION_IDLE_MS } from '../../domain/roles';
import type { DbOrTx } from '../db/client';
import { apiTokens, users } from '../db/schema';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
}

export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function issueApiToken(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(apiTokens).values({ userId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now });
  return token;
}

/** Refreshing last_used_at on every call would write on every read; once a minute is enough. */
const TOUCH_AFTER_MS = 60_000;

/** The active user behind a token, or null when it is unknown, revoked, idle for 4 hours or archived. */
export async function resolveApiToken(db: DbOrTx, token: string, now: Date): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(token)),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.lastUsedAt, idleSince),
        isNull(users.deletedAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
  }
  return { id: row.id, name: row.name, email: row.email, role: row.role as Role };
}

export async function revokeApiToken(db: DbOrTx, token: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(eq(apiTokens.tokenHash, hashToken(token)));
}

export async function revokeAllTokensOf(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}
