import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { passwordEmailSchema, passwordResetSchema, updatePasswordSchema } from '../../domain/auth/schemas';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { isAdmin, RESET_TOKEN_TTL_MS } from '../../domain/roles';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { mailLinkBase } from '../mail/links';
import { hashPassword, verifyPassword } from './passwords';
import { countAttempt, takeAttempt, uncountAttempt } from './throttle';
import { type AuthUser, hashToken, randomToken, revokeAllTokensOf } from './tokens';

/**
 * A single-use link that lets its holder set the user's password: {base}/reset-password/{token}.
 * Password reset links live 60 minutes; the one-time sign-in link of a new account lives longer.
 */
export async function createPasswordLink(ctx: AppContext, db: DbOrTx, userId: number, ttlMs: number) {
  const token = randomToken();
  const now = ctx.clock.now();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return `${mailLinkBase(ctx.config)}/reset-password/${token}`;
}

/** At most this many reset mails go to one address in RESET_MAIL_WINDOW_MINUTES (docs/security.md). */
export const RESET_MAILS_PER_ADDRESS = 3;
export const RESET_MAIL_WINDOW_MINUTES = 60;

/**
 * POST /password/email: answers the same, in the same time, whether or not the email exists and
 * whether or not a mail goes (decisions 2 and 16, docs/decisions.md): the answer only counts the attempt per
 * client address; counting the mails to that email (at most 3 an hour), looking the address up,
 * storing the token and mailing the link happen after the answer has left.
 */
export async function sendResetLink(ctx: AppContext, input: z.output<typeof passwordEmailSchema>, ip: string) {
  await takeAttempt(ctx, `password-ip:${ip}`, ctx.config.throttleLimit * 10);
  ctx.background.run('password reset mail', async () => {
    const mails = await countAttempt(ctx, `reset-mail:${input.email}`, RESET_MAIL_WINDOW_MINUTES);
    if (mails > RESET_MAILS_PER_ADDRESS) return;
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)));
    if (!user) return;
    const link = await createPasswordLink(ctx, ctx.db, user.id, RESET_TOKEN_TTL_MS);
    await ctx.mailer.send({
      to: user.email,
      subject: 'Reset your Sheepfold password',
      text: [
        `Hello ${user.name},`,
        '',
        'Someone asked to reset the password of your account. If it was you, open this link within 60 minutes:',
        link,
        '',
        'If it was not you, ignore this mail; your password stays as it is.',
      ].join('\n'),
    });
  });
  return { success: true, message: MESSAGES.emailSent };
}

/** POST /password/reset: sets the password and signs the user out everywhere. */
export async function resetPassword(ctx: AppContext, input: z.output<typeof passwordResetSchema>, ip: string) {
  const key = `password-ip:${ip}`;
  await takeAttempt(ctx, key, ctx.config.throttleLimit * 10);
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
      .for('no key update');
    if (!row || row.email.toLowerCase() !== input.email) return false;
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, row.tokenId));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    await revokeAllTokensOf(tx, row.userId, now);
    await recordAudit(tx, { actorId: row.userId, action: 'reset_password', entityType: 'user', entityId: row.userId });
    return true;
  });
  if (!done) throw new AppError('validation', MESSAGES.resetTokenInvalid, { token: [MESSAGES.resetTokenInvalid] });
  await uncountAttempt(ctx, key);
  return { success: true, message: MESSAGES.passwordReset };
}

/**
 * PATCH /user/{id}/update-password: a user changes their own password with the current one (their
 * other sessions end, this one stays); an admin may set anyone's (all of that user's sessions end).
 * Either way a mail tells the user it happened.
 */
export async function updatePassword(
  ctx: AppContext,
  actor: AuthUser,
  actorToken: string,
  userId: number,
  input: z.output<typeof updatePasswordSchema>,
) {
  const own = actor.id === userId;
  if (!own && !isAdmin(actor.role)) throw AppError.forbidden();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('User not found.');
  if (own) {
    if (!input.current_password) throw AppError.field('current_password', 'Current password is required.');
    const key = `update-password:${actor.id}`;
    await takeAttempt(ctx, key, ctx.config.throttleLimit);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw AppError.field('current_password', 'The current password is incorrect.');
    }
    await uncountAttempt(ctx, key);
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await revokeAllTokensOf(tx, userId, now, own ? actorToken : null);
    await recordAudit(tx, { actorId: actor.id, action: 'update_password', entityType: 'user', entityId: userId });
  });
  ctx.background.run('password changed mail', () =>
    ctx.mailer.send({
      to: user.email,
      subject: 'Your Sheepfold password was changed',
      text: [
        `Hello ${user.name},`,
        '',
        own
          ? 'The password of your Sheepfold account was just changed. Your other sessions have been signed out.'
          : `An administrator (${actor.name}) set a new password for your Sheepfold account. You have been signed out everywhere.`,
        '',
        `If you did not expect this, reset your password at ${mailLinkBase(ctx.config)}/forgot-password and tell the office.`,
      ].join('\n'),
    }),
  );
  return { success: true, message: MESSAGES.passwordUpdated };
}
