import { and, eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { PayoutMethod } from '../../domain/payments/bank-details';
import { clearLine, type HoldCode } from '../../domain/payments/batch-plan';
import type { LineStatus } from '../../domain/payments/line-status';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { payeeBankDetails, paymentBatches, paymentLines } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { payeeStateOf } from './bank-details';
import { BATCH_NOT_FOUND, readBatch } from './read-batch';

export const LINE_NOT_FOUND = 'Payment line not found in this batch.';
export const RELEASED_MESSAGE = 'This batch is released: it can no longer change. Record a return instead.';

/** The draft batch (locked) and one of its lines; 404 for either, 409 once released. */
async function lockedDraftLine(tx: Tx, batchId: number, lineId: number) {
  const [batch] = await tx.select().from(paymentBatches).where(eq(paymentBatches.id, batchId)).for('update');
  if (!batch) throw AppError.notFound(BATCH_NOT_FOUND);
  const [line] = await tx
    .select()
    .from(paymentLines)
    .where(and(eq(paymentLines.id, lineId), eq(paymentLines.batchId, batchId)));
  if (!line) throw AppError.notFound(LINE_NOT_FOUND);
  if (batch.status !== 'draft') throw AppError.conflict(RELEASED_MESSAGE);
  return line;
}

/** POST /payment-batches/{id}/lines/{line_id}/clear: a held line reviewed, or a prenote skipped. */
export async function clearBatchLine(ctx: AppContext, actor: AuthUser, batchId: number, lineId: number) {
  await ctx.db.transaction(async (tx) => {
    const line = await lockedDraftLine(tx, batchId, lineId);
    const [payee] = await tx.select().from(payeeBankDetails).where(eq(payeeBankDetails.userId, line.userId));
    const outcome = clearLine(
      {
        status: line.status as LineStatus,
        heldCode: line.heldCode as HoldCode | null,
        method: line.method as PayoutMethod,
      },
      payeeStateOf(payee),
    );
    if ('refusal' in outcome) throw AppError.conflict(outcome.refusal);
    await tx
      .update(paymentLines)
      .set({ status: outcome.status, heldCode: null, clearedBy: actor.id })
      .where(eq(paymentLines.id, lineId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: line.status === 'prenote' ? 'skip_prenote' : 'clear_hold',
      entityType: 'payment_line',
      entityId: lineId,
      details: { batch_id: batchId, user_id: line.userId, held: line.heldCode, now: outcome.status },
    });
  });
  return readBatch(ctx.db, batchId);
}

/** DELETE /payment-batches/{id}/lines/{line_id}: the line and its items go; a later batch pays them. */
export async function leaveOutLine(ctx: AppContext, actor: AuthUser, batchId: number, lineId: number) {
  await ctx.db.transaction(async (tx) => {
    const line = await lockedDraftLine(tx, batchId, lineId);
    await tx.delete(paymentLines).where(eq(paymentLines.id, lineId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'leave_out',
      entityType: 'payment_line',
      entityId: lineId,
      details: { batch_id: batchId, user_id: line.userId, amount: line.amount, status: line.status },
    });
  });
  return readBatch(ctx.db, batchId);
}

/** DELETE /payment-batches/{id}: a draft is discarded with its lines; everything in it is free again. */
export async function deleteBatch(ctx: AppContext, actor: AuthUser, batchId: number) {
  await ctx.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(paymentBatches).where(eq(paymentBatches.id, batchId)).for('update');
    if (!batch) throw AppError.notFound(BATCH_NOT_FOUND);
    if (batch.status !== 'draft') throw AppError.conflict(RELEASED_MESSAGE);
    await tx.delete(paymentBatches).where(eq(paymentBatches.id, batchId));
    await recordAudit(tx, { actorId: actor.id, action: 'delete', entityType: 'payment_batch', entityId: batchId });
  });
  return { id: batchId, success: true, message: 'The draft batch was discarded.' };
}
