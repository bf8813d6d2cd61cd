import { type Cents, divRound, formatUSD } from '../money';
import type { DistributionFields } from './types';

export const REVIEW_FLAG_CODES = ['negative_ending_balance', 'donations_down', 'unreimbursed_growing'] as const;
export type ReviewFlagCode = (typeof REVIEW_FLAG_CODES)[number];

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
 * The MAT Day review flags: a negative ending balance; donations down more than 25 %
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

/** The flags of a distribution that the approver has not ticked as reviewed. */
export function unreviewedFlags(flags: readonly ReviewFlag[], reviewed: readonly string[]): ReviewFlag[] {
  return flags.filter((flag) => !reviewed.includes(flag.code));
}

/**
 * Why a flagged distribution was not approved: an approval cannot be undone, so each flag needs a
 * human look first (the Approve dialog ticks them; the API takes them in `reviewed`).
 */
export function notReviewedMessage(id: number, flags: readonly ReviewFlag[]): string {
  const list = flags.map((flag) => flag.message).join(' ');
  return `Distribution #${id} has ${flags.length === 1 ? 'a flag' : `${flags.length} flags`} to review before it can be approved: ${list}`;
}

/**
 * `reviewed` for POST /batch-approve saying every flag of these distributions was looked at: for
 * callers that have reviewed them some other way (the demo's office, benches, test set-ups).
 */
export function allFlagsReviewed(
  rows: ReadonlyArray<{ id: number; review_flags: ReadonlyArray<{ code: string }> }>,
): Array<{ id: number; flags: string[] }> {
  return rows
    .filter((row) => row.review_flags.length > 0)
    .map((row) => ({ id: row.id, flags: row.review_flags.map((flag) => flag.code) }));
}
