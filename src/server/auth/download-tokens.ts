import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Role, SESSION_IDLE_MS } from '../../domain/roles';
import type { DbOrTx } from '../db/client';
import { apiTokens, authChallenges, users } from '../db/schema';
import { createChallenge } from '../second-factor/challenges';
import { type AuthUser, hashToken } from './tokens';

/**
 * Download tokens (docs/security.md, "Download tokens"): the web app opens a download with a token
 * that works once, for 60 seconds, and only as `download_token` in the query of a download route,
 * instead of the session token in the address (where it lands in browser history and proxy logs).
 * It is a row of auth_challenges (purpose `download`, its hash only) that remembers the session it
 * was made from: it stops working when that session ends. It is never a session: `api-token` and
 * `api_token` look in api_tokens, where it is not.
 */
export const DOWNLOAD_TOKEN_TTL_MS = 60_000;

/** A new download token for the user of this session. */
export async function mintDownloadToken(db: DbOrTx, user: AuthUser, sessionToken: string, now: Date) {
  const token = await createChallenge(db, {
    purpose: 'download',
    userId: user.id,
    challenge: hashToken(sessionToken),
    now,
    ttlMs: DOWNLOAD_TOKEN_TTL_MS,
  });
  return { download_token: token, expires_in: DOWNLOAD_TOKEN_TTL_MS / 1000 };
}

/**
 * Uses a download token up and answers its user, or null when it is unknown, used, expired, or its
 * session or user is gone. Used up in one statement, so two requests with one token get one file.
 */
export async function redeemDownloadToken(db: DbOrTx, token: string, now: Date): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const [used] = await db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(authChallenges.tokenHash, hashToken(token)),
        eq(authChallenges.purpose, 'download'),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: authChallenges.userId, session: authChallenges.challenge });
  if (!used?.userId || !used.session) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, used.session),
        eq(apiTokens.userId, used.userId),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        isNull(users.deletedAt),
      ),
    );
  return row ? { ...row, role: row.role as Role } : null;
}
