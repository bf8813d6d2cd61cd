import { PAYROLL_MONEY_INPUTS } from '../../../domain/distributions/payroll-inputs';
import type { User } from '../../api/types';
import { twoDecimals } from '../../format';

/** The payroll amounts (the one list step 2 of the Distribution Form also edits), then the rest. */
export const MONEY_FIELDS = [
  ...PAYROLL_MONEY_INPUTS.map((input) => [input.profileWire, input.label] as const),
  ['admin_fee_cap', 'Admin Fee Cap'] as const,
  ['fund_balance', 'Fund Balance'] as const,
];

export const PERCENT_FIELDS = [
  ['social_security', 'Social Security %'],
  ['medicare', 'Medicare %'],
  ['admin_fee_percentage', 'Admin Fee %'],
] as const;

export type PayrollValues = Record<string, string | boolean>;

/** The form's values of a user's payroll profile: amounts with two decimals, blank where unset. */
export function payrollValuesOf(user: User): PayrollValues {
  const profile = user.profile;
  const values: PayrollValues = {
    tax_status: profile?.tax_status ?? '',
    fica_tax: profile?.fica_tax === 1,
    minister: profile?.minister === 1,
  };
  for (const [name] of MONEY_FIELDS) values[name] = twoDecimals(profile?.[name] ?? null);
  for (const [name] of PERCENT_FIELDS) values[name] = profile?.[name] === null || !profile ? '' : String(profile[name]);
  return values;
}
