/** Wire shapes of the distributions API, inferred from its contract. */
export type { TDistributionSummary as DistributionRecord } from '../../../domain/distributions/contract';

export type DistributionStatus = 'approved' | 'pending';
/** The order the status filter offers them in. */
export const DISTRIBUTION_STATUSES: readonly DistributionStatus[] = ['approved', 'pending'];
