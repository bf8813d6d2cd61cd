import { type Cents, divRound, formatUSD } from '../money';
import type { DistributionFields } from './types';

export type ReviewFlagCode = 'negative_ending_balance' | 'donations_down' | 'unreimbursed_growing';

/** A reason a MAT Day distribution needs a human look before approval (stored in review_flags). */
export interface ReviewFlag {
  code: ReviewFlagCode;
  message: string;
}

export type ReviewedFigures = Pick<
  DistributionFields,
  'ending_balance' | 'total_donations' | 'unreimbursed_amount_starting' | 'unreimbursed_amount_ending'
>;

/** The figures of the user's previous approved distribution (null when there is none). */
export type PreviousFigures = Pick<DistributionFields, 'total_donations' | 'unreimbursed_amount_ending'>;

/**
 * The MAT Day review flags (issue 5): a negative ending balance; donations down more than 25 %
 * from the previous approved distribution; an unreimbursed amount that grows — either within this
 * distribution (ending above starting) or since the previous approved one (ending above its ending).
 * Integer arithmetic only: "down more than 25 %" is 4 × (previous − current) > previous.
 */
export function reviewFlags(current: ReviewedFigures, previous: PreviousFigures | null): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  if (current.ending_balance < 0) {
    flags.push({
      code: 'negative_ending_balance',
      message: `Ending balance is negative: ${formatUSD(current.ending_balance)}.`,
    });
  }
  if (previous && previous.total_donations > 0) {
    const drop = previous.total_donations - current.total_donations;
    if (4 * drop > previous.total_donations) {
      flags.push({
        code: 'donations_down',
        message: `Donations down ${percentDown(drop, previous.total_donations)} % from the previous distribution (${formatUSD(previous.total_donations)} to ${formatUSD(current.total_donations)}).`,
      });
    }
  }
  const ending = current.unreimbursed_amount_ending;
  const baseline = Math.min(
    current.unreimbursed_amount_starting,
    previous ? previous.unreimbursed_amount_ending : current.unreimbursed_amount_starting,
  );
  if (ending > baseline) {
    flags.push({
      code: 'unreimbursed_growing',
      message: `Unreimbursed amount is growing: ${formatUSD(baseline)} to ${formatUSD(ending)}.`,
    });
  }
  return flags;
}

function percentDown(drop: Cents, previous: Cents): number {
  return divRound(BigInt(drop) * 100n, BigInt(previous));
}
