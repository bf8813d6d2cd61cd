import { and, count, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { secondFactorFresh } from '../../domain/second-factor/freshness';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor/messages';
import { takeAttempt, uncountAttempt } from '../auth/throttle';
import { type AuthUser, hashToken, markSecondFactor } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { apiTokens, passkeys } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { consumeSecondFactor, hasTotp } from './totp-service';

/**
 * A fresh second factor (docs/security.md "Fresh second factor"): an admin who has one (a confirmed
 * authenticator app or a passkey) must have proven it in this session within the last 15 minutes
 * before a money-moving action (reversing an approval; later, releasing a payment batch). The session
 * row keeps when it last did (`api_tokens.second_factor_at`: set at a two-factor sign-in, at TOTP
 * enrolment, and by POST /account/second-factor/verify).
 */

/** The session token of a request (the api-token header, as every route reads it). */
export const sessionTokenOf = (headers: Record<string, unknown>) => String(headers['api-token'] ?? '');

/** The user has a confirmed authenticator app or a passkey. */
export async function hasSecondFactor(db: DbOrTx, userId: number): Promise<boolean> {
  if (await hasTotp(db, userId)) return true;
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row.n > 0;
}

/** Whether this session must verify the second factor again before a money-moving action. */
export async function secondFactorNeeded(db: DbOrTx, user: AuthUser, token: string, now: Date): Promise<boolean> {
  if (!(await hasSecondFactor(db, user.id))) return false;
  const [session] = await db
    .select({ at: apiTokens.secondFactorAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)));
  return !secondFactorFresh(session?.at ?? null, now);
}

/** 403 with `message` unless the session's second factor is fresh (or the user has none). */
export async function assertFreshSecondFactor(
  ctx: AppContext,
  user: AuthUser,
  token: string,
  message: string,
): Promise<void> {
  if (await secondFactorNeeded(ctx.db, user, token, ctx.clock.now())) throw AppError.forbidden(message);
}

export const VERIFY_MESSAGES = {
  passkeyOnly: 'You confirm with a passkey: sign out and sign in again with it, then try again within 15 minutes.',
} as const;

/**
 * POST /account/second-factor/verify: a current TOTP code or an unused recovery code proves the
 * second factor again in this session. Wrong codes are throttled like turning TOTP off.
 */
export async function verifySecondFactorAgain(ctx: AppContext, user: AuthUser, token: string, code: string) {
  if (!(await hasTotp(ctx.db, user.id))) {
    if (await hasSecondFactor(ctx.db, user.id)) throw AppError.conflict(VERIFY_MESSAGES.passkeyOnly);
    throw AppError.conflict('TOTP is not on.');
  }
  const key = `totp:${user.id}`;
  await takeAttempt(ctx, key, ctx.config.throttleLimit);
  const now = ctx.clock.now();
  if (!(await consumeSecondFactor(ctx, user.id, code, now))) {
    throw AppError.field('code', SECOND_FACTOR_MESSAGES.wrongCode);
  }
  await uncountAttempt(ctx, key);
  await ctx.db.transaction(async (tx) => {
    await markSecondFactor(tx, token, now);
    await recordAudit(tx, { actorId: user.id, action: 'verify_second_factor', entityType: 'user', entityId: user.id });
  });
  return { verified_at: now.toISOString() };
}
