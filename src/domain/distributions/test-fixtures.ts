import { type Cents, parseDecimal, parseDollars } from '../money';
import { DEFAULT_SETTINGS, type Settings, settingsFrom } from '../settings/settings';
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
    donationUploadName: 'May 2024',
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
