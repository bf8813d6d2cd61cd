import { advancePaymentText } from '../../../domain/advances/payment';
import { fromDollars } from '../../../domain/money';
import type { Advance } from './types';

/** "Approved: $300.00, paid on MAT Day 11/30/2026" for an advance on the wire (null while only requested). */
export function advancePayment(advance: Advance): string | null {
  return advancePaymentText({
    amountApproved: advance.amount_approved === null ? null : fromDollars(advance.amount_approved),
    distAmountApproved: advance.dist_amount_approved === null ? null : fromDollars(advance.dist_amount_approved),
    matDate: advance.mat_date,
    paidOn: advance.paid_on,
  });
}
