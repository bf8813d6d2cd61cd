import { computeDistribution } from '../distributions/engine';
import { usd, workedExampleInput } from '../distributions/test-fixtures';
import { type DistributionResult, STORED_MONEY_FIELDS } from '../distributions/types';
import { DEFAULT_TERMS } from '../terms';
import type { DistributionFigures, ReportDistribution } from './accounting';
import { type FundMovement, fundMovements } from './journal';
import type { StatementSource } from './statement';

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

/**
 * The worked example as a statement's source (what the server loads for distribution #501): the
 * statement and the pay stub are both built from it, so their tests read the same month. The
 * report took 180.00 from the Vehicle Fund (965.40 spent, 785.40 reimbursed); the fund's
 * transactions are the example's own.
 */
export function workedStatementSource(overrides: Partial<StatementSource> = {}): StatementSource {
  const example = workedExample();
  return {
    siteTitle: 'Sheepfold',
    terms: DEFAULT_TERMS,
    distribution: { ...asReportDistribution(example, { id: 501 }), comments: 'May MAT Day', approved_on: '2024-06-02' },
    donations: [
      { fundName: 'General Fund', designated: false, gifts: 2, amount: usd('4200.00') },
      { fundName: 'Vehicle Fund', designated: true, gifts: 1, amount: usd('250.00') },
    ],
    reports: [
      {
        id: 31,
        date: '2024-05-03',
        total: usd('965.40'),
        reimbursed: usd('785.40'),
        fromHoldAccounts: usd('180.00'),
        owed: 0,
      },
    ],
    advances: [{ id: 41, requested: usd('300.00'), paid: usd('300.00') }],
    funds: [
      {
        holdAccountId: 7,
        fundName: 'Vehicle Fund',
        starting: usd('400.00'),
        deposits: usd('350.00'),
        transfers: 0,
        withdrawals: usd('750.00'),
        ending: 0,
        startingUnreimbursed: usd('60.00'),
        endingUnreimbursed: usd('90.00'),
        transactions: example.distribution.hold_account_transactions.map((t) => ({
          type: t.transaction_type,
          description: t.description,
          requested: t.transaction_amount,
          granted: t.amount_approved,
          unpaid: t.added_unreimbursed_amount,
        })),
      },
    ],
    ...overrides,
  };
}
