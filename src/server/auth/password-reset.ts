import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { passwordEmailSchema, passwordResetSchema, updatePasswordSchema } from '../../domain/auth/schemas';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { isStaff, RESET_TOKEN_TTL_MS } from '../../domain/roles';
import type { AppContext } from '../context';
import { passwordResetTokens, users } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { hashPassword, verifyPassword } from './passwords';
import { assertNotThrottled, countAttempt } from './throttle';
import { type AuthUser, hashToken, randomToken, revokeAllTokensOf } from './tokens';

/**
 * POST /password/email: answers the same whether or not the email exists (DESIGN.md decision 2);
 * the mailed link is {linkBase}/reset-password/{token} (see mailLinkBase), single-use, valid for 60 minutes.
 */
export async function sendResetLink(
  ctx: AppContext,
  input: z.output<typeof passwordEmailSchema>,
  ip: string,
  linkBase: string,
) {
  const key = `password-ip:${ip}`;
  await assertNotThrottled(ctx, key);
  await countAttempt(ctx, key);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)));
  if (user) {
    const token = randomToken();
    const now = ctx.clock.now();
    await ctx.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await ctx.mailer.send({
      to: user.email,
      subject: 'Reset your Sheepfold password',
      text: [
        `Hello ${user.name},`,
        '',
        'Someone asked to reset the password of your account. If it was you, open this link within 60 minutes:',
        `${linkBase}/reset-password/${token}`,
        '',
        'If it was not you, ignore this mail; your password stays as it is.',
      ].join('\n'),
    });
  }
  return { success: true, message: MESSAGES.emailSent };
}

/** POST /password/reset: sets the password and signs the user out everywhere. */
export async function resetPassword(ctx: AppContext, input: z.output<typeof passwordResetSchema>, ip: string) {
  const key = `password-ip:${ip}`;
  await assertNotThrottled(ctx, key);
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ tokenId: passwordResetTokens.id, userId: users.id, email: users.email })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
          isNull(users.deletedAt),
        ),
      )
      .for('update');
    if (!row || row.email.toLowerCase() !== input.email) return false;
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, row.tokenId));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    await revokeAllTokensOf(tx, row.userId, now);
    await recordAudit(tx, { actorId: row.userId, action: 'reset_password', entityType: 'user', entityId: row.userId });
    return true;
  });
  if (!done) {
    await countAttempt(ctx, key);
    throw new AppError('validation', MESSAGES.resetTokenInvalid, { token: [MESSAGES.resetTokenInvalid] });
  }
  return { success: true, message: MESSAGES.passwordReset };
}

/**
 * PATCH /user/{id}/update-password: a user changes their own password with the current one; an
 * admin may set anyone's.
 */
export async function updatePassword(
  ctx: AppContext,
  actor: AuthUser,
  userId: number,
  input: z.output<typeof updatePasswordSchema>,
) {
  const own = actor.id === userId;
  if (!own && !(isStaff(actor.role) && actor.role === 'admin')) throw AppError.forbidden();
  const key = `update-password:${actor.id}`;
  await assertNotThrottled(ctx, key);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('User not found.');
  if (own) {
    if (!input.current_password) throw AppError.field('current_password', 'Current password is required.');
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      await countAttempt(ctx, key);
      throw AppError.field('current_password', 'The current password is incorrect.');
    }
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await recordAudit(tx, { actorId: actor.id, action: 'update_password', entityType: 'user', entityId: userId });
  });
  return { success: true, message: MESSAGES.passwordUpdated };
}
