import { type Cents, sum } from '../money';
import type { GeneralFund } from './general-fund';
import type { AdvanceRequestInput, AdvanceRequestResult } from './types';
import type { Warnings } from './warnings';

export interface Advances {
  /** Every advance request given, by id (processedAdvanceRequests). */
  requests: AdvanceRequestResult[];
  /** Σ dist_amount_approved (ministry_advance). */
  paid: Cents;
  manualAdvance: Cents;
}

/**
 * The amount staff ask to grant for one advance (docs/product.md §5): the typed amount, else the requested
 * amount; a typed amount above the requested amount becomes 0.
 */
export function askedAdvance(advance: AdvanceRequestInput): Cents {
  if (advance.amountApproved === null) return advance.amountRequested;
  return advance.amountApproved > advance.amountRequested ? 0 : advance.amountApproved;
}

/**
 * Waterfall step 8 (docs/distribution.md), after the reimbursements: each ticked advance request (by id, oldest request
 * first) gets at most its asked amount and at most what is still distributable — 0 when nothing is.
 * Then the manual business advance, capped the same way. An advance cut short is not owed later: it
 * was never spent, so nothing accrues.
 */
export function payAdvances(args: {
  fund: GeneralFund;
  advances: readonly AdvanceRequestInput[];
  manualAdvance: Cents;
  warnings: Warnings;
}): Advances {
  const { fund, warnings } = args;
  const requests = [...args.advances]
    .sort((a, b) => a.id - b.id)
    .map((advance): AdvanceRequestResult => {
      const base = {
        id: advance.id,
        amount_requested: advance.amountRequested,
        amount_approved: advance.amountApproved,
        approved: advance.approved,
      };
      if (!advance.approved) return { ...base, dist_amount_approved: 0 };
      const asked = askedAdvance(advance);
      if (advance.amountApproved !== null && advance.amountApproved > advance.amountRequested) {
        warnings.limited(
          'advance_typed_above_requested',
          `Advance request ${advance.id}`,
          advance.amountApproved,
          0,
          `a typed amount above the requested amount becomes 0`,
          { advanceRequestId: advance.id },
        );
      }
      const granted = fund.pay(asked);
      if (granted < asked) {
        warnings.limited(
          'advance_limited',
          `Advance request ${advance.id}`,
          asked,
          granted,
          'the distributable funds',
          {
            advanceRequestId: advance.id,
          },
        );
      }
      return { ...base, dist_amount_approved: granted };
    });

  const manualAdvance = fund.pay(args.manualAdvance);
  if (manualAdvance < args.manualAdvance) {
    warnings.limited(
      'manual_advance_limited',
      'Manual business advance',
      args.manualAdvance,
      manualAdvance,
      'the distributable funds',
    );
  }

  return { requests, paid: sum(requests.map((request) => request.dist_amount_approved)), manualAdvance };
}
