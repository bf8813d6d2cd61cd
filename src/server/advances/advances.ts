import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { advanceRequestSchema, processAdvanceSchema } from '../../domain/advances/schemas';
import { duplicateRequestMessage } from '../../domain/advances/states';
import { isoDateOf } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { advanceRequests } from '../db/schema';
import { checkCategory, checkOwnHoldAccount } from '../expense-reports/recompute';
import { recordAudit } from '../journal/journal';
import { advanceApprovedMail } from '../notifications/notifications';
import { queueSubmissionNotices } from '../notifications/office-notices';
import { queueNotification } from '../notifications/queue-mail';
import { advanceFor } from './access';
import { findAdvance } from './list-advances';

export const ADVANCE_RULE_MESSAGES = {
  aboveRequested: 'Approved amount cannot be more than the amount requested.',
} as const;

/**
 * Decision 34: a second request for the same amount on the same day is most often a double tap or
 * a forgotten first one, so it is asked about (409 naming confirm_duplicate) rather than kept twice.
 */
async function refuseUnconfirmedDuplicate(tx: Tx, userId: number, amount: number, today: string) {
  const [same] = await tx
    .select({ id: advanceRequests.id })
    .from(advanceRequests)
    .where(
      and(
        eq(advanceRequests.userId, userId),
        eq(advanceRequests.amountRequested, amount),
        eq(advanceRequests.dateSubmitted, today),
      ),
    )
    .limit(1);
  if (same) {
    const message = duplicateRequestMessage(amount);
    throw new AppError('conflict', message, { confirm_duplicate: [message] });
  }
}

/** POST /advance-request: a missionary asks for an advance; it starts as requested, dated today. */
export async function createAdvance(ctx: AppContext, actor: AuthUser, input: z.output<typeof advanceRequestSchema>) {
  if (input.user_id !== undefined && input.user_id !== actor.id) throw AppError.forbidden();
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    await checkCategory(tx, 'type', input.type, 'advance');
    await checkOwnHoldAccount(tx, input.hold_account_id, actor.id);
    if (!input.confirm_duplicate)
      await refuseUnconfirmedDuplicate(tx, actor.id, input.amount_requested, isoDateOf(now));
    const [row] = await tx
      .insert(advanceRequests)
      .values({
        userId: actor.id,
        status: 'requested',
        amountRequested: input.amount_requested,
        type: input.type ?? null,
        holdAccountId: input.hold_account_id ?? null,
        purpose: input.purpose ?? null,
        neededBy: input.needed_by ?? null,
        dateSubmitted: isoDateOf(now),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: advanceRequests.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'create',
      entityType: 'advance_request',
      entityId: row.id,
      details: { amount_requested: input.amount_requested, needed_by: input.needed_by ?? null },
    });
    await queueSubmissionNotices(tx, ctx, {
      kind: 'advance_request',
      id: row.id,
      userId: actor.id,
      amount: input.amount_requested,
      at: now,
    });
    return row.id;
  });
  return findAdvance(ctx.db, id);
}

/**
 * PATCH /advance-request/{id} (admin): approve an amount above zero and at most the amount
 * requested (docs/product.md §5), optionally with the MAT date the advance is to be received.
 */
export async function processAdvance(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: z.output<typeof processAdvanceSchema>,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const advance = await advanceFor(tx, id, 'approve', actor, { lock: true });
    if (input.amount_approved > advance.amountRequested) {
      throw AppError.field('amount_approved', ADVANCE_RULE_MESSAGES.aboveRequested);
    }
    await tx
      .update(advanceRequests)
      .set({
        status: 'approved',
        approved: true,
        amountApproved: input.amount_approved,
        ...(input.mat_date !== undefined && { matDate: input.mat_date }),
        updatedAt: now,
      })
      .where(eq(advanceRequests.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'approve',
      entityType: 'advance_request',
      entityId: id,
      details: { amount_requested: advance.amountRequested, amount_approved: input.amount_approved },
    });
    await queueNotification(
      tx,
      ctx.config,
      advanceApprovedMail({
        id,
        userId: advance.userId,
        amountApproved: input.amount_approved,
        matDate: input.mat_date ?? advance.matDate,
      }),
      now,
    );
  });
  return findAdvance(ctx.db, id);
}

/** DELETE /advance-request/{id}: the owner or an admin, while requested (or approved without a report). */
export async function deleteAdvance(ctx: AppContext, actor: AuthUser, id: number) {
  await ctx.db.transaction(async (tx) => {
    const advance = await advanceFor(tx, id, 'delete', actor, { lock: true });
    await tx.delete(advanceRequests).where(eq(advanceRequests.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entityType: 'advance_request',
      entityId: id,
      details: { user_id: advance.userId, status: advance.status, amount_requested: advance.amountRequested },
    });
  });
  return { id, success: true, message: MESSAGES.advanceDeleted };
}

/** DELETE /advance-request/closed/{id} (admin): archive a closed advance; it stays on record. */
export async function archiveAdvance(ctx: AppContext, actor: AuthUser, id: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await advanceFor(tx, id, 'archive', actor, { lock: true });
    await tx.update(advanceRequests).set({ archivedAt: now, updatedAt: now }).where(eq(advanceRequests.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'archive', entityType: 'advance_request', entityId: id });
  });
  return { ...(await findAdvance(ctx.db, id)), message: MESSAGES.advanceArchived };
}
