import { type Cents, formatUSD } from '../money';
import type { PayoutPaidMethod } from './schemas';

/**
 * A payout made at processing is money the office owes the missionary until it is handed over. A
 * payment batch pays it, unless the office records that it paid it otherwise: by check or in cash,
 * with a reference (POST /expense-report/{id}/payout-paid). docs/distribution.md "Office payouts on
 * the books".
 */

/** "paid by check 1042", "paid in cash (receipt 77)": how the report and the statement say it. */
export function payoutPaidLabel(method: PayoutPaidMethod, reference: string): string {
  return method === 'check' ? `paid by check ${reference}` : `paid in cash (${reference})`;
}

export interface PayoutPaidState {
  id: number;
  type: string;
  processed: boolean;
  /** Set when a distribution paid the report: its payout was MAT Day's, not the office's. */
  distributionId: number | null;
  payout: Cents | null;
  paidMethod: PayoutPaidMethod | null;
  paidReference: string | null;
  /** The payment batch whose line pays this payout, if any (docs/payments.md "Batches"). */
  batchId?: number | null;
}

/** Why the payout cannot be recorded as paid (409), or null. */
export function payoutPaidProblem(report: PayoutPaidState): string | null {
  const atProcessing = report.type === 'reimbursement' && report.processed && report.distributionId === null;
  if (!atProcessing || report.payout === null || report.payout <= 0) {
    return `Report #${report.id} has no payout made at processing to record.`;
  }
  if (report.paidMethod !== null) {
    return `The ${formatUSD(report.payout)} payout of report #${report.id} is already recorded as ${payoutPaidLabel(report.paidMethod, report.paidReference ?? '')}.`;
  }
  // Paid twice otherwise: by the batch's file and by the check or cash recorded here.
  if (report.batchId) {
    return `Payment batch #${report.batchId} pays the payout of report #${report.id}: leave its line out of that batch first.`;
  }
  return null;
}
