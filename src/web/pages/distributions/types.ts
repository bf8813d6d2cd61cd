/** Wire shapes of the distributions API, inferred from its contract. */
import type { TDistributionSummary } from '../../../domain/distributions/contract';

export type { TDistributionSummary as DistributionRecord } from '../../../domain/distributions/contract';

export type DistributionStatus = TDistributionSummary['status'];
/** The order the status filter offers them in. */
export const DISTRIBUTION_STATUSES: readonly DistributionStatus[] = ['approved', 'pending', 'reversed'];
