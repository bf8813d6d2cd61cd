import { formatUSDate, type IsoDate } from '../dates';

/** How many MAT dates the accounting download offers when the chosen one has no distribution. */
export const MAT_DATES_SHOWN = 6;

/**
 * Why the accounting download of a MAT date has nothing in it, and which dates would (a
 * header-only file says nothing). `dates` are the MAT dates that have distributions of `status`,
 * newest first.
 */
export function noDistributionMessage(
  matDate: IsoDate,
  status: 'approved' | 'pending',
  dates: readonly IsoDate[],
): string {
  const none = `No ${status} distribution has the MAT date ${formatUSDate(matDate)}.`;
  if (dates.length === 0) return `${none} There are no ${status} distributions yet.`;
  const shown = dates.slice(0, MAT_DATES_SHOWN).map(formatUSDate).join(', ');
  const more = dates.length > MAT_DATES_SHOWN ? ` and ${dates.length - MAT_DATES_SHOWN} earlier` : '';
  return `${none} MAT dates with ${status} distributions: ${shown}${more}.`;
}
