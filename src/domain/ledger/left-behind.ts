import { daysInMonth, type IsoDate } from '../dates';
import { type Cents, formatUSD } from '../money';
import { violation } from './helpers';
import type { LedgerRows, LedgerViolation } from './types';

/**
 * Donations left behind (docs/distribution.md "Several uploads in a month"): every donation is
 * distributed exactly once and none is forgotten. A missionary's donations of one upload that no
 * distribution holds, while an approved distribution of that missionary already covered the
 * upload's month, were forgotten — a second file for the month, say, that no distribution named.
 * A warning, not a failure: the next distribution naming the upload still takes them.
 */

/** A missionary's undistributed donations of one upload, with what decides whether they were left behind. */
export interface LedgerLeftBehind {
  userId: number;
  name: string;
  uploadName: string;
  /** How many donations, and their sum. */
  donations: number;
  amount: Cents;
  /** The upload's month (YYYY-MM): the month most of its gifts are dated in, else the month it was imported. */
  month: string;
  /** The latest end date (MAT date) of the missionary's approved distributions, or null. */
  lastApprovedEnd: IsoDate | null;
}

/** The last day of a YYYY-MM month. */
export function lastDayOf(month: string): IsoDate {
  const day = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/**
 * An approved distribution covered a month when its dates reach the month's last day: it closed
 * that month (or a later one), so donations of the month should have been in it or before it.
 */
export function coversMonth(endDate: IsoDate, month: string): boolean {
  return endDate >= lastDayOf(month);
}

/**
 * The upload's month from the months its gifts are dated in (YYYY-MM → how many gifts) and the day
 * it was imported: the month with the most gifts (a tie: the earlier), else the import's month.
 */
export function uploadMonth(giftMonths: ReadonlyMap<string, number>, importedOn: IsoDate): string {
  let best: [string, number] | null = null;
  for (const [month, count] of [...giftMonths].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (best === null || count > best[1]) best = [month, count];
  }
  return best?.[0] ?? importedOn.slice(0, 7);
}

export function checkLeftBehind(rows: Pick<LedgerRows, 'leftBehind'>): LedgerViolation[] {
  return (rows.leftBehind ?? [])
    .filter((left) => left.lastApprovedEnd !== null && coversMonth(left.lastApprovedEnd, left.month))
    .sort((a, b) => a.name.localeCompare(b.name) || a.uploadName.localeCompare(b.uploadName))
    .map((left) =>
      violation(
        'donations_left_behind',
        `${left.name}: ${left.donations} donation${left.donations === 1 ? '' : 's'} of ${formatUSD(left.amount)} in the upload "${left.uploadName}" (${left.month}) are undistributed, though an approved distribution ending ${left.lastApprovedEnd} covered that month. Name the upload in ${left.name}'s next distribution.`,
        [
          { type: 'user', id: left.userId, label: left.name },
          { type: 'upload', id: null, label: left.uploadName },
        ],
      ),
    );
}
