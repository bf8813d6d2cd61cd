import { formatUSDate, type IsoDate } from '../dates';
import { type Cents, formatUSD } from '../money';
import type { YearToDate } from './payroll-year';

/**
 * The notes a distribution carries about the year's tax limits (decision 33, docs/decisions.md;
 * docs/tax.md "What the distribution and the statement say"): the Social Security wage base reached,
 * and a minister's housing allowance paid as taxable pay. The distribution screen shows them under
 * the payroll and the monthly statement under its taxes, worded the same, from the distribution's
 * own figures and the year-to-date it was computed with.
 */

/** The figures of one distribution (previewed or stored) the notes read, in cents. */
export interface YearNoteFigures {
  end_date: IsoDate;
  tax_status: string | null;
  /** Whether FICA was withheld: the payroll's, not the profile's box. */
  fica_tax: boolean;
  gross_payroll: Cents;
  social_security_wages: Cents;
  housing_allowance: Cents;
  housing_allowance_excluded: Cents;
}

/** What the distribution was computed with: the profile's minister flag and the year so far. */
export interface YearNoteContext {
  minister: boolean;
  yearToDate?: YearToDate | undefined;
}

export type YearNoteCode =
  | 'wage_base_reached'
  | 'wage_base_reached_before'
  | 'housing_not_designated'
  | 'housing_designated_late'
  | 'housing_above_designation'
  | 'housing_not_minister';

export interface YearNote {
  code: YearNoteCode;
  message: string;
}

/**
 * The Social Security wage base note: shown when FICA was withheld and part or all of the gross
 * payroll is above what was left under the year's base (its Social Security wages are less than
 * the gross payroll). Part above: the base was reached this month; all of it: it was reached before.
 */
export function wageBaseNote(d: YearNoteFigures, ytd: YearToDate): YearNote | null {
  const base = ytd.socialSecurityWageBase;
  const above = d.gross_payroll - d.social_security_wages;
  if (!d.fica_tax || base === null || above <= 0) return null;
  if (d.social_security_wages > 0) {
    return {
      code: 'wage_base_reached',
      message: `Social Security wage base of ${formatUSD(base)} reached this month: ${formatUSD(above)} of this month's wages are above it, so no Social Security tax is taken on them.`,
    };
  }
  return {
    code: 'wage_base_reached_before',
    message: `Social Security wage base of ${formatUSD(base)} already reached this year: no Social Security tax this month.`,
  };
}

/**
 * The housing allowance note: shown when part of the housing allowance was not excluded (it is
 * taxable pay) for a minister, or for a W2 Exempt person (a minister by that status) whose profile
 * is not marked as one. Anyone else's housing allowance is ordinary pay and needs no note.
 */
export function housingNote(d: YearNoteFigures, minister: boolean, ytd: YearToDate): YearNote | null {
  const taxable = d.housing_allowance - d.housing_allowance_excluded;
  if (taxable <= 0) return null;
  const what = `${formatUSD(taxable)} of housing allowance is ${d.tax_status === '1099' ? 'taxable compensation' : 'taxable wages'}`;
  if (!minister) {
    if (d.tax_status !== 'W2 Exempt') return null;
    return {
      code: 'housing_not_minister',
      message: `The profile is not marked as a minister, so ${what}: only a minister's housing allowance can be excluded under a designation.`,
    };
  }
  const designation = ytd.housingDesignation;
  if (!designation) {
    return {
      code: 'housing_not_designated',
      message: `No housing allowance was designated for ${ytd.year} before this payment, so ${what}.`,
    };
  }
  if (designation.approvedOn > d.end_date) {
    return {
      code: 'housing_designated_late',
      message: `The ${ytd.year} housing allowance designation was approved on ${formatUSDate(designation.approvedOn)}, after this payment's MAT date (${formatUSDate(d.end_date)}), so ${what}.`,
    };
  }
  // The engine refuses more than is left of a designation, so only a record changed by hand gets here.
  return {
    code: 'housing_above_designation',
    message: `${what}: it is more than was left of the ${ytd.year} housing allowance designation of ${formatUSD(designation.amount)}.`,
  };
}

/** The notes of one distribution, wage base first; none without a year-to-date (nothing to say from). */
export function yearNotes(d: YearNoteFigures, context: YearNoteContext): YearNote[] {
  const ytd = context.yearToDate;
  if (!ytd) return [];
  return [wageBaseNote(d, ytd), housingNote(d, context.minister, ytd)].filter((note) => note !== null);
}
