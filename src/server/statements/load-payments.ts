import { eq } from 'drizzle-orm';
import { isoDateOf } from '../../domain/dates';
import type { PayoutMethod } from '../../domain/payments/bank-details';
import type { LineStatus } from '../../domain/payments/line-status';
import type { StatementPayment } from '../../domain/reports/statement-payments';
import type { DbOrTx } from '../db/client';
import { paymentBatches, paymentLineItems, paymentLines } from '../db/schema';

/**
 * The payment batch lines holding one distribution, for its statement's "How it was paid"
 * (docs/payments.md "On the statement"): method, masked account, dates, its part of the line, a
 * return. Null when the office has never released a payment batch: it pays outside Sheepfold, and
 * the statement cannot say how.
 */
export async function statementPayments(db: DbOrTx, distributionId: number): Promise<StatementPayment[] | null> {
  const rows = await db
    .select({ item: paymentLineItems, line: paymentLines, batch: paymentBatches })
    .from(paymentLineItems)
    .innerJoin(paymentLines, eq(paymentLines.id, paymentLineItems.lineId))
    .innerJoin(paymentBatches, eq(paymentBatches.id, paymentLines.batchId))
    .where(eq(paymentLineItems.distributionId, distributionId));
  if (rows.length === 0) {
    const [released] = await db
      .select({ id: paymentBatches.id })
      .from(paymentBatches)
      .where(eq(paymentBatches.status, 'released'))
      .limit(1);
    if (!released) return null;
  }
  return rows.map(({ item, line, batch }) => ({
    batchId: batch.id,
    batchStatus: batch.status === 'released' ? 'released' : 'draft',
    method: line.method as PayoutMethod,
    maskedAccount: line.maskedAccount,
    matDate: batch.matDate,
    releasedOn: batch.releasedAt ? isoDateOf(batch.releasedAt) : null,
    amount: item.amount,
    lineAmount: line.amount,
    status: line.status as LineStatus,
    returnCode: line.returnCode,
    returnDate: line.returnDate,
  }));
}
