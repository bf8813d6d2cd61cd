import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isoDateOf } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { toDecimalString } from '../../domain/money';
import type { PayoutMethod } from '../../domain/payments/bank-details';
import type { LineStatus } from '../../domain/payments/line-status';
import { type recordReturnSchema, returnLabel, returnRefusal } from '../../domain/payments/returns';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import { payeeBankDetails, paymentBatches, paymentLines, profiles, users } from '../db/schema';
import { postJournal, recordAudit } from '../journal/journal';
import { queueNotification } from '../notifications/queue-mail';
import { LINE_NOT_FOUND } from './lines';
import { paymentReturnedMail } from './mails';
import { BATCH_NOT_FOUND, readBatch } from './read-batch';

/**
 * POST /payment-batches/{id}/returns (docs/payments.md "Returns"): a paid line came back. In one
 * transaction, with the user and profile locked in the order approvals take them: the amount goes
 * back on the missionary's fund with a journal row (reason payment_return, naming the line), the
 * line is marked returned with its code and date, the payee is held in later batches until their
 * details change, and the missionary is mailed.
 */
export async function recordReturn(
  ctx: AppContext,
  actor: AuthUser,
  batchId: number,
  input: z.output<typeof recordReturnSchema>,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(paymentBatches).where(eq(paymentBatches.id, batchId));
    if (!batch) throw AppError.notFound(BATCH_NOT_FOUND);
    const [line] = await tx
      .select()
      .from(paymentLines)
      .where(and(eq(paymentLines.id, input.line_id), eq(paymentLines.batchId, batchId)))
      .for('update');
    if (!line) throw AppError.notFound(LINE_NOT_FOUND);
    const refusal = returnRefusal(
      { status: line.status as LineStatus, method: line.method as PayoutMethod },
      { status: batch.status, releasedOn: batch.releasedAt ? isoDateOf(batch.releasedAt) : null },
      { code: input.code, date: input.date },
      // The server's day (UTC), as the release dates a batch: a US office's own date is never ahead of it.
      isoDateOf(now),
    );
    if (refusal?.field) throw AppError.field(refusal.field, refusal.message);
    if (refusal) throw AppError.conflict(refusal.message);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, line.userId)).for('no key update');
    const [profile] = await tx
      .insert(profiles)
      .values({ userId: line.userId, fundBalance: line.amount, updatedAt: now })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { fundBalance: sql`${profiles.fundBalance} + ${toDecimalString(line.amount)}::numeric`, updatedAt: now },
      })
      .returning({ fundBalance: profiles.fundBalance });
    const reason = returnLabel(input.code);
    await postJournal(tx, {
      account: 'user_fund',
      accountId: line.userId,
      amount: line.amount,
      balanceAfter: profile.fundBalance,
      reason: 'payment_return',
      refType: 'payment_line',
      refId: line.id,
      memo: `Payment batch #${batchId}: payment returned (${reason})`,
      actorId: actor.id,
      // Recorded now by the application's clock, like the line's returned_at; the journal exports
      // date the entry by the bank's return date (docs/reports.md), not by this moment.
      createdAt: now,
    });
    await tx
      .update(paymentLines)
      .set({ status: 'returned', returnCode: input.code, returnDate: input.date, returnedAt: now })
      .where(eq(paymentLines.id, line.id));
    await tx
      .update(payeeBankDetails)
      .set({ returnedVersion: line.detailsVersion, updatedAt: now })
      .where(and(eq(payeeBankDetails.userId, line.userId), eq(payeeBankDetails.version, line.detailsVersion)));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payment_return',
      entityType: 'payment_line',
      entityId: line.id,
      details: { batch_id: batchId, user_id: line.userId, code: input.code, date: input.date, amount: line.amount },
    });
    await queueNotification(
      tx,
      ctx.config,
      paymentReturnedMail({ userId: line.userId, lineId: line.id, amount: line.amount, reason, date: input.date }),
      now,
    );
  });
  return readBatch(ctx.db, batchId);
}
