import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { payoutPaidProblem } from '../../domain/expense-reports/payout-paid';
import type { PayoutPaidMethod, payoutPaidSchema } from '../../domain/expense-reports/schemas';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import { expenseReports, paymentLineItems, paymentLines } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { REPORT_NOT_FOUND } from './access';
import { getFullReport } from './list-reports';

/**
 * POST /expense-report/{id}/payout-paid (admin): the payout made at processing was paid by check or
 * in cash, with its reference; a payment batch leaves it out. Moves no balance (processing already
 * journaled the payout), so an audit row records who said so. 409 when there is no payout or it is
 * already recorded (src/domain/expense-reports/payout-paid.ts).
 */
export async function recordPayoutPaid(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: z.output<typeof payoutPaidSchema>,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(expenseReports).where(eq(expenseReports.id, id)).for('update');
    if (!row) throw AppError.notFound(REPORT_NOT_FOUND);
    const [batched] = await tx
      .select({ batchId: paymentLines.batchId })
      .from(paymentLineItems)
      .innerJoin(paymentLines, eq(paymentLines.id, paymentLineItems.lineId))
      .where(eq(paymentLineItems.expenseReportId, id));
    const problem = payoutPaidProblem({
      batchId: batched?.batchId ?? null,
      id: row.id,
      type: row.type,
      processed: row.processed,
      distributionId: row.distributionId,
      payout: row.payout,
      paidMethod: row.payoutPaidMethod as PayoutPaidMethod | null,
      paidReference: row.payoutPaidReference,
    });
    if (problem) throw AppError.conflict(problem);
    await tx
      .update(expenseReports)
      .set({
        payoutPaidMethod: input.method,
        payoutPaidReference: input.reference,
        payoutPaidAt: now,
        payoutPaidBy: actor.id,
        updatedAt: now,
      })
      .where(eq(expenseReports.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payout_paid',
      entityType: 'expense_report',
      entityId: id,
      details: { method: input.method, reference: input.reference, payout: row.payout },
    });
  });
  return getFullReport(ctx.db, id);
}
