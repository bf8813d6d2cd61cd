import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { AuthUser } from '../auth/tokens';
import { revokeAllTokensOf } from '../auth/tokens';
import type { AppContext } from '../context';
import { isForeignKeyViolation } from '../db/errors';
import { journalEntries, users } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { findUserRow } from './get-user';
import { serializeUser } from './serialize';

/**
 * DELETE /user/{id}: an active user is archived (signed out everywhere); an archived user is deleted
 * for good, unless financial records point at them, which must stay.
 */
export async function deleteUser(ctx: AppContext, actor: AuthUser, id: number) {
  if (id === actor.id) throw AppError.conflict(MESSAGES.cannotDeleteSelf);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const existing = await findUserRow(tx, id);
    if (!existing) throw AppError.notFound('User not found.');
    if (!existing.user.deletedAt) {
      const [archived] = await tx
        .update(users)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      await revokeAllTokensOf(tx, id, now);
      await recordAudit(tx, { actorId: actor.id, action: 'archive', entityType: 'user', entityId: id });
      return { ...serializeUser(archived, existing.profile), deleted: false };
    }
    // Balance history names the user by id only (no foreign key), so it is checked here.
    const [history] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(inArray(journalEntries.account, ['user_fund', 'user_unreimbursed']), eq(journalEntries.accountId, id)))
      .limit(1);
    if (history) throw AppError.conflict(MESSAGES.userHasRecords);
    try {
      // A savepoint, so a refused delete leaves the transaction usable.
      await tx.transaction(async (inner) => {
        await inner.delete(users).where(eq(users.id, id));
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw AppError.conflict(MESSAGES.userHasRecords);
      }
      throw error;
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entityType: 'user',
      entityId: id,
      details: { email: existing.user.email },
    });
    return { ...serializeUser(existing.user, existing.profile), deleted: true };
  });
}

export async function restoreUser(ctx: AppContext, actor: AuthUser, id: number) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const existing = await findUserRow(tx, id);
    if (!existing) throw AppError.notFound('User not found.');
    if (!existing.user.deletedAt) throw AppError.conflict(MESSAGES.userNotArchived);
    const [restored] = await tx
      .update(users)
      .set({ deletedAt: null, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, { actorId: actor.id, action: 'restore', entityType: 'user', entityId: id });
    return serializeUser(restored, existing.profile);
  });
}
