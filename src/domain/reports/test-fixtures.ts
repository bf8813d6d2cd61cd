import { computeDistribution } from '../distributions/engine';
import { usd, workedExampleInput } from '../distributions/test-fixtures';
import { type DistributionResult, STORED_MONEY_FIELDS } from '../distributions/types';
import type { DistributionFigures, ReportDistribution } from './accounting';
import { type FundMovement, fundMovements } from './journal';

/** Builders for the report tests: engine results as the exports read them. */

export { usd };

/** The worked example of docs/distribution.md ("Ruth, May 2024"), computed by the engine. */
export function workedExample(): DistributionResult {
  return computeDistribution(workedExampleInput());
}

/** An engine result as the exports read a stored distribution. */
export function asReportDistribution(
  result: DistributionResult,
  meta: { id?: number; status?: 'pending' | 'approved'; missionaryNumber?: string | null } = {},
): ReportDistribution {
  const d = result.distribution;
  const figures = Object.fromEntries(STORED_MONEY_FIELDS.map((key) => [key, d[key]])) as DistributionFigures;
  return {
    ...figures,
    id: meta.id ?? 501,
    status: meta.status ?? 'approved',
    user_id: d.user_id,
    user_name: d.user_name,
    missionary_number: meta.missionaryNumber === undefined ? 'M-0012' : meta.missionaryNumber,
    start_date: d.start_date,
    end_date: d.end_date,
    donation_upload_name: d.donation_upload_name,
    tax_status: d.tax_status,
    fica_tax: d.fica_tax,
  };
}

/** The per-fund movements of an engine result's transactions. */
export function fundsOf(result: DistributionResult): FundMovement[] {
  return fundMovements(
    result.distribution.hold_account_transactions.map((t) => ({
      holdAccountId: t.hold_account_id,
      fundName: t.fund_name,
      type: t.transaction_type,
      amount: t.amount_approved,
    })),
  );
}
