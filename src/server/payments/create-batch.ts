import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { IsoDate } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { type BatchDistribution, type BatchPayout, planBatch } from '../../domain/payments/batch-plan';
import type { createBatchSchema } from '../../domain/payments/contract';
import { officePayoutTotal } from '../../domain/reports/office-payouts';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { distributions, payeeBankDetails, paymentBatches, paymentLineItems, paymentLines } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { unbatchedPayouts } from '../reports/load-office-payouts';
import { payeeStateOf } from './bank-details';
import { readBatch } from './read-batch';

export const BATCH_MESSAGES = {
  nothingToPay: 'Nothing to pay: every approved distribution of that MAT date is in a batch already, or pays nothing.',
  notApproved: (id: number, status: string) =>
    `Distribution #${id} is ${status}: only approved distributions are paid.`,
  inBatch: (id: number, batchId: number) => `Distribution #${id} is already in payment batch #${batchId}.`,
  race: 'Another batch took some of these distributions or payouts meanwhile: reload and try again.',
} as const;

/**
 * POST /payment-batches (docs/payments.md "Batches"): a draft with one line per payee, planned in the
 * domain (src/domain/payments/batch-plan.ts) from the approved distributions not yet in a batch and
 * the office payouts not yet paid. The unique indexes on the line items keep "in at most one batch"
 * even when two admins build batches at once: the loser gets 409.
 */
export async function createBatch(ctx: AppContext, actor: AuthUser, input: z.output<typeof createBatchSchema>) {
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const chosen = await chooseDistributions(tx, input);
      const matDate = input.mat_date ?? chosen.reduce((latest, d) => (d.endDate > latest ? d.endDate : latest), '');
      const userIds = input.mat_date ? null : [...new Set(chosen.map((d) => d.userId))];
      const payouts: BatchPayout[] = (await unbatchedPayouts(tx, matDate, userIds)).map((p) => ({
        reportId: p.reportId,
        userId: p.userId,
        amount: officePayoutTotal(p),
      }));
      const payeeIds = [...new Set([...chosen.map((d) => d.userId), ...payouts.map((p) => p.userId)])];
      const payeeRows = payeeIds.length
        ? await tx.select().from(payeeBankDetails).where(inArray(payeeBankDetails.userId, payeeIds))
        : [];
      const payees = new Map(payeeRows.map((row) => [row.userId, payeeStateOf(row)]));
      const lines = planBatch(chosen, payouts, payees);
      if (lines.length === 0) throw AppError.field('mat_date', BATCH_MESSAGES.nothingToPay);
      return writeBatch(tx, actor, matDate, lines);
    });
    return readBatch(ctx.db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(BATCH_MESSAGES.race);
    throw error;
  }
}

async function chooseDistributions(
  tx: Tx,
  input: z.output<typeof createBatchSchema>,
): Promise<Array<BatchDistribution & { endDate: IsoDate }>> {
  const columns = {
    id: distributions.id,
    userId: distributions.userId,
    status: distributions.status,
    endDate: distributions.endDate,
    total_funds_disbursed: distributions.totalFundsDisbursed,
    mid_month_disbursement: distributions.midMonthDisbursement,
    batchId: paymentLines.batchId,
  };
  const base = tx
    .select(columns)
    .from(distributions)
    .leftJoin(paymentLineItems, eq(paymentLineItems.distributionId, distributions.id))
    .leftJoin(paymentLines, eq(paymentLines.id, paymentLineItems.lineId));
  if (input.mat_date !== undefined) {
    const rows = await base.where(
      and(eq(distributions.endDate, input.mat_date), eq(distributions.status, 'approved'), isNull(paymentLineItems.id)),
    );
    return rows;
  }
  const ids = [...new Set(input.distribution_ids ?? [])];
  const rows = await base.where(inArray(distributions.id, ids));
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) {
    throw AppError.field('distribution_ids', `No distribution #${missing.join(', #')}.`);
  }
  for (const row of rows) {
    if (row.status !== 'approved') throw AppError.conflict(BATCH_MESSAGES.notApproved(row.id, row.status));
    if (row.batchId !== null) throw AppError.conflict(BATCH_MESSAGES.inBatch(row.id, row.batchId));
  }
  return rows;
}

async function writeBatch(
  tx: Tx,
  actor: AuthUser,
  matDate: IsoDate,
  lines: ReturnType<typeof planBatch>,
): Promise<number> {
  const [batch] = await tx
    .insert(paymentBatches)
    .values({ matDate, createdBy: actor.id })
    .returning({ id: paymentBatches.id });
  const inserted: Array<{ id: number; userId: number }> = [];
  // In chunks: a batch for thousands of payees stays within the driver's parameter limit.
  for (let i = 0; i < lines.length; i += 4000) {
    const chunk = lines.slice(i, i + 4000).map((line) => ({
      batchId: batch.id,
      userId: line.userId,
      amount: line.amount,
      method: line.method,
      currency: line.currency,
      maskedAccount: line.maskedAccount,
      status: line.status,
      heldCode: line.heldCode,
      detailsVersion: line.detailsVersion,
    }));
    inserted.push(
      ...(await tx.insert(paymentLines).values(chunk).returning({ id: paymentLines.id, userId: paymentLines.userId })),
    );
  }
  const lineOf = new Map(inserted.map((row) => [row.userId, row.id]));
  const items = lines.flatMap((line) =>
    line.items.map((item) => ({
      lineId: lineOf.get(line.userId) ?? 0,
      distributionId: item.distributionId,
      expenseReportId: item.reportId,
      amount: item.amount,
    })),
  );
  for (let i = 0; i < items.length; i += 5000) await tx.insert(paymentLineItems).values(items.slice(i, i + 5000));
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'create',
    entityType: 'payment_batch',
    entityId: batch.id,
    details: { mat_date: matDate, lines: lines.length },
  });
  return batch.id;
}
