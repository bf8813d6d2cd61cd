import { formatUSDate, type IsoDate } from '../dates';
import { type Cents, formatUSD } from '../money';

/** What the screens need to say when an advance is paid (decision 14, docs/decisions.md). */
export interface AdvancePayment {
  amountApproved: Cents | null;
  /** What the distribution that paid it paid (null while unpaid). */
  distAmountApproved: Cents | null;
  /** The MAT date it is to be received on (null = not set). */
  matDate: IsoDate | null;
  /** The day the distribution that paid it was approved, when known. */
  paidOn: IsoDate | null;
}

/**
 * One line that says when an approved advance is paid: a distribution pays it, so until one has,
 * "Approved: $300.00, paid on MAT Day 11/30/2026" (or "…, paid by the next distribution" without a MAT
 * date); once paid, "Approved: $300.00, paid on 12/01/2026" (with the amount when the distribution
 * paid a different one). Null while nothing is approved.
 */
export function advancePaymentText(advance: AdvancePayment): string | null {
  if (advance.amountApproved === null) return null;
  const approved = `Approved: ${formatUSD(advance.amountApproved)}`;
  if (advance.distAmountApproved !== null) {
    const amount =
      advance.distAmountApproved === advance.amountApproved ? '' : ` ${formatUSD(advance.distAmountApproved)}`;
    return advance.paidOn === null
      ? `${approved}, paid${amount} by a distribution`
      : `${approved}, paid${amount} on ${formatUSDate(advance.paidOn)}`;
  }
  return advance.matDate === null
    ? `${approved}, paid by the next distribution`
    : `${approved}, paid on MAT Day ${formatUSDate(advance.matDate)}`;
}
