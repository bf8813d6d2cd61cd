import { and, count, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { TUserSecondFactor } from '../../domain/second-factor/contract';
import { type AuthUser, revokeAllTokensOf } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { passkeys, recoveryCodes, totpCredentials, users } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { notify } from './totp-service';

async function userOr404(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw AppError.notFound('User not found.');
  return user;
}

async function factorsOf(db: DbOrTx, userId: number): Promise<TUserSecondFactor> {
  const [totp] = await db
    .select({ confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, userId));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const [codes] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return {
    totp: totp?.confirmedAt ? 'on' : totp ? 'pending' : 'off',
    passkeys: Number(keys?.n ?? 0),
    recovery_codes_left: Number(codes?.n ?? 0),
  };
}

/** GET /user/{id}/second-factor (admin): what the user's profile shows; no secret, no code. */
export async function userSecondFactor(ctx: AppContext, userId: number): Promise<TUserSecondFactor> {
  await userOr404(ctx.db, userId);
  return factorsOf(ctx.db, userId);
}

/**
 * DELETE /user/{id}/second-factor (admin): a user lost their authenticator. Their TOTP secret,
 * passkeys and recovery codes go, every session of theirs ends (whoever holds one must sign in
 * again, with the password alone, and may enrol anew), the audit trail records who removed whose
 * and when, and the user is mailed. Your own goes through Account Security, which asks for the
 * password and a code: an admin route must not let a stolen admin session skip that.
 */
export async function removeUserSecondFactor(ctx: AppContext, actor: AuthUser, userId: number) {
  const user = await userOr404(ctx.db, userId);
  if (userId === actor.id) {
    throw AppError.conflict('Remove your own second factor on Account Security (your password and a code are asked).');
  }
  const now = ctx.clock.now();
  const removed = await ctx.db.transaction(async (tx) => {
    const before = await factorsOf(tx, userId);
    if (before.totp === 'off' && before.passkeys === 0 && before.recovery_codes_left === 0) {
      throw AppError.conflict(`${user.name} has no second factor to remove.`);
    }
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await revokeAllTokensOf(tx, userId, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'remove_second_factor',
      entityType: 'user',
      entityId: userId,
      details: { by: actor.name, user: user.name, at: now.toISOString(), ...before },
    });
    return before;
  });
  notify(
    ctx,
    user,
    `An administrator (${actor.name}) removed the second factor of your Sheepfold account (authenticator app, ` +
      'passkeys and recovery codes), as asked when an authenticator is lost. You have been signed out everywhere; ' +
      'sign in with your password and set up a new second factor on Account Security.',
  );
  return {
    success: true,
    message: `The second factor of ${user.name} was removed (${describe(removed)}); their sessions have ended.`,
  };
}

function describe(factors: TUserSecondFactor): string {
  const parts: string[] = [];
  if (factors.totp !== 'off') parts.push('authenticator app');
  if (factors.passkeys > 0) parts.push(`${factors.passkeys} ${factors.passkeys === 1 ? 'passkey' : 'passkeys'}`);
  if (factors.recovery_codes_left > 0) parts.push('recovery codes');
  return parts.join(', ');
}
