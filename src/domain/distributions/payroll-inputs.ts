import { AppError } from '../errors';
import { type Cents, toDollars } from '../money';
import { ficaRefusal, type TaxStatus } from '../users/tax-status';
import type { PayrollProfile } from './types';

/**
 * Decision 13 (docs/decisions.md), "Customize payroll": this month's payroll inputs a distribution payload may
 * carry. The ONE list of them: the payload schema, the wire form, the engine input and the form's
 * step 2 are all built from it. Each entry names the payload field (the distribution's stored
 * column), the profile field it defaults to (engine name and wire name), and the label staff read.
 * Left out, an input is the profile's value; the profile itself never changes.
 */
export const PAYROLL_MONEY_INPUTS = [
  { name: 'net_payroll', profile: 'netSalary', profileWire: 'net_salary', label: 'Net Salary' },
  {
    name: 'housing_allowance',
    profile: 'housingAllowance',
    profileWire: 'housing_allowance',
    label: 'Housing Allowance',
  },
  { name: 'retirement', profile: 'retirementAmount', profileWire: 'retirement_amount', label: 'Retirement 403(b)' },
  {
    name: 'federal_income_tax',
    profile: 'federalIncomeTax',
    profileWire: 'federal_income_tax',
    label: 'Federal Income Tax',
  },
  { name: 'insurance_payment', profile: 'insuranceAmount', profileWire: 'insurance_amount', label: 'Insurance' },
  { name: 'wire_fee', profile: 'wireFee', profileWire: 'wire_fee', label: 'Wire Fee' },
] as const satisfies ReadonlyArray<{
  name: string;
  profile: keyof PayrollProfile;
  profileWire: string;
  label: string;
}>;

export type PayrollMoneyInput = (typeof PAYROLL_MONEY_INPUTS)[number]['name'];

/** The payroll inputs as parsed from a payload (cents; undefined = the profile's value). */
export type PayrollInputs = { tax_status?: TaxStatus; fica_tax?: boolean } & {
  [K in PayrollMoneyInput]?: Cents;
};

/** The same on the wire (dollars, 0/1): only the inputs the payload carries. */
export type PayrollInputsWire = { tax_status?: TaxStatus; fica_tax?: 0 | 1 } & {
  [K in PayrollMoneyInput]?: number;
};

/**
 * The profile the engine computes this month's payroll from: the field worker's Payroll Info with the
 * inputs the payload carries in place of its values. A tax status and FICA box that may not go
 * together (FICA only for W2) are refused when the payload sets either of them; a
 * profile stored that way earlier is left to the engine, which withholds no FICA for it.
 */
export function payrollProfileFor(profile: PayrollProfile, inputs: PayrollInputs): PayrollProfile {
  const taxStatus = inputs.tax_status ?? profile.taxStatus;
  const ficaTax = inputs.fica_tax ?? profile.ficaTax;
  const touched = inputs.tax_status !== undefined || inputs.fica_tax !== undefined;
  const refusal = touched ? ficaRefusal(taxStatus, ficaTax) : null;
  if (refusal) throw AppError.field('fica_tax', refusal);
  const result: PayrollProfile = { ...profile, taxStatus, ficaTax };
  for (const input of PAYROLL_MONEY_INPUTS) {
    const value = inputs[input.name];
    if (value !== undefined) result[input.profile] = value;
  }
  return result;
}

/** The payroll inputs a payload carries, back to the wire (dollars, 0/1); absent ones stay absent. */
export function payrollInputsToWire(inputs: PayrollInputs): PayrollInputsWire {
  const wire: PayrollInputsWire = {};
  if (inputs.tax_status !== undefined) wire.tax_status = inputs.tax_status;
  if (inputs.fica_tax !== undefined) wire.fica_tax = inputs.fica_tax ? 1 : 0;
  for (const input of PAYROLL_MONEY_INPUTS) {
    const value = inputs[input.name];
    if (value !== undefined) wire[input.name] = toDollars(value);
  }
  return wire;
}
