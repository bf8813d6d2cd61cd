import { computeDistribution } from '../distributions/engine';
import { buildManualTransaction, buildRecurringItems } from '../distributions/recurring';
import { account, distributionInput, usd } from '../distributions/test-fixtures';
import { type DistributionResult, STORED_MONEY_FIELDS } from '../distributions/types';
import type { DistributionFigures, ReportDistribution } from './accounting';
import { type FundMovement, fundMovements } from './journal';

/** Builders for the report tests: engine results as the exports read them. */

export { usd };

/** The worked example of docs/distribution.md ("Ruth, May 2024"), computed by the engine. */
export function workedExample(): DistributionResult {
  const vehicleFund = account({
    id: 7,
    fundName: 'Vehicle Fund',
    balance: usd('400.00'),
    unreimbursedAmount: usd('60.00'),
    recurringDeposit: usd('100.00'),
  });
  const recurring = buildRecurringItems(vehicleFund).map((row) => ({ ...row, approved: true }));
  return computeDistribution(
    distributionInput({
      user: { id: 12, name: 'Ruth Okafor', email: 'ruth@example.org' },
      startDate: '2024-05-01',
      endDate: '2024-05-31',
      donationUploadName: 'May 2024',
      profile: {
        taxStatus: 'W2',
        ficaTax: true,
        netSalary: usd('2000.00'),
        housingAllowance: usd('800.00'),
        retirementAmount: usd('150.00'),
        federalIncomeTax: usd('120.00'),
        wireFee: usd('25.00'),
        insuranceAmount: usd('310.00'),
        fundBalance: usd('1250.00'),
        unreimbursedAmount: usd('140.00'),
      },
      donations: [
        { id: 1, amount: usd('3000.00'), holdAccountId: null, approved: false },
        { id: 2, amount: usd('1200.00'), holdAccountId: null, approved: false },
        { id: 3, amount: usd('250.00'), holdAccountId: 7, approved: true },
      ],
      holdAccounts: [vehicleFund],
      transactions: [...recurring, buildManualTransaction(7, 'Withdrawal', usd('600.00'))],
      expenseReports: [
        {
          id: 31,
          date: '2024-05-03',
          totalAmount: usd('965.40'),
          holdAccountCharges: [{ expenseId: 311, holdAccountId: 7, amount: usd('180.00') }],
        },
      ],
      advanceRequests: [{ id: 41, amountRequested: usd('300.00'), amountApproved: null, approved: true }],
      comments: 'May MAT Day',
    }),
  );
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
