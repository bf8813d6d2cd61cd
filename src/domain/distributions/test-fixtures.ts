import { type Cents, parseDecimal, parseDollars } from '../money';
import { DEFAULT_SETTINGS, type Settings, settingsFrom } from '../settings/settings';
import { buildManualTransaction, buildRecurringItems } from './recurring';
import type { DistributionInput, HoldAccountInput, PayrollProfile } from './types';

/**
 * Builders for the engine's tests: a neutral input (no payroll, no fees, nothing to pay) that each
 * test overrides with only the figures it is about, so the arithmetic in its comments stays short.
 */

/** "1,234.56" → 123456 cents; throws on anything that is not an exact dollar amount. */
export function usd(text: string): Cents {
  const cents = parseDollars(text.replaceAll(',', ''));
  if (cents === null) throw new Error(`not a dollar amount: ${text}`);
  return cents;
}

export function pct(text: string) {
  const decimal = parseDecimal(text);
  if (!decimal) throw new Error(`not a decimal: ${text}`);
  return decimal;
}

/** The default settings: admin fee 10 % capped at $500.00, social security 6.2 %, Medicare 1.45 %. */
export const SETTINGS: Settings = settingsFrom(DEFAULT_SETTINGS);

export function profile(overrides: Partial<PayrollProfile> = {}): PayrollProfile {
  return {
    taxStatus: 'W2',
    ficaTax: false,
    netSalary: 0,
    housingAllowance: 0,
    retirementAmount: 0,
    federalIncomeTax: 0,
    wireFee: 0,
    insuranceAmount: 0,
    socialSecurity: null,
    medicare: null,
    adminFeePercentage: null,
    adminFeeCap: null,
    fundBalance: 0,
    unreimbursedAmount: 0,
    ...overrides,
  };
}

export function account(overrides: Partial<HoldAccountInput> & { id: number }): HoldAccountInput {
  return {
    fundName: `Fund ${overrides.id}`,
    balance: 0,
    unreimbursedAmount: 0,
    recurringDeposit: 0,
    recurringTransfer: 0,
    recurringWithdrawal: 0,
    ...overrides,
  };
}

export function distributionInput(
  overrides: Partial<Omit<DistributionInput, 'profile'>> & { profile?: Partial<PayrollProfile> } = {},
): DistributionInput {
  const { profile: profileOverrides, ...rest } = overrides;
  return {
    user: { id: 1, name: 'Test Missionary', email: 'missionary@example.org' },
    startDate: '2024-05-01',
    endDate: '2024-05-31',
    donationUploadNames: ['May 2024'],
    settings: SETTINGS,
    donations: [],
    holdAccounts: [],
    transactions: [],
    expenseReports: [],
    advanceRequests: [],
    manual: { ministryReimbursement: 0, ministryAdvance: 0, midMonthDisbursement: 0 },
    comments: null,
    ...rest,
    profile: profile(profileOverrides),
  };
}

/** The worked example of docs/distribution.md ("Ruth, May 2024"): worked-example.test.ts, postings.test.ts. */
export function workedExampleInput(): DistributionInput {
  const vehicleFund = account({
    id: 7,
    fundName: 'Vehicle Fund',
    balance: usd('400.00'),
    unreimbursedAmount: usd('60.00'),
    recurringDeposit: usd('100.00'),
  });
  // Staff tick the recurring deposit and add a manual withdrawal of $600.00.
  const recurring = buildRecurringItems(vehicleFund).map((item) => ({ ...item, approved: true }));
  return distributionInput({
    user: { id: 12, name: 'Ruth Okafor', email: 'ruth@example.org' },
    startDate: '2024-05-01',
    endDate: '2024-05-31',
    donationUploadNames: ['May 2024'],
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
  });
}
