import { z } from 'zod';
import { ZDate, ZDollars, ZFlag } from '../contract';
import { isIsoDate } from '../dates';
import { moneyField } from '../fields';
import { toDollars } from '../money';
import type { YearToDate } from './payroll-year';
import type { PayrollProfile } from './types';
import type { YearNoteContext } from './year-notes';

/**
 * The year-to-date part of GET /api/distribution-context (payroll-year.ts), so the form's preview
 * caps the Social Security share and the housing allowance as the server will. It carries the
 * profile's minister flag too: both only matter together.
 */
export const yearToDateWireSchema = z
  .object({
    year: z.number().int(),
    minister: z.literal([0, 1]),
    social_security_wage_base: moneyField('Wage base').nullable(),
    social_security_wages_before: moneyField('Social Security wages'),
    housing_designation: z
      .object({
        amount: moneyField('Designation'),
        approved_on: z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD).'),
      })
      .nullable(),
    housing_excluded_before: moneyField('Housing allowance excluded'),
  })
  .optional();

/**
 * The same part in the answer's contract (ZDistributionContextResponseSchema): without it the answer
 * would leave the server without it, and the form would preview without the year's limits.
 */
export const ZYearToDateSchema = z
  .object({
    year: z.number().int(),
    minister: ZFlag,
    social_security_wage_base: ZDollars.nullable(),
    social_security_wages_before: ZDollars,
    housing_designation: z.object({ amount: ZDollars, approved_on: ZDate }).nullable(),
    housing_excluded_before: ZDollars,
  })
  .optional();

export type YearToDateWire = NonNullable<z.input<typeof ZYearToDateSchema>>;

export function yearToDateToWire(profile: PayrollProfile, ytd: YearToDate | undefined): YearToDateWire | undefined {
  if (!ytd) return undefined;
  return {
    year: ytd.year,
    minister: profile.minister ? 1 : 0,
    social_security_wage_base: ytd.socialSecurityWageBase === null ? null : toDollars(ytd.socialSecurityWageBase),
    social_security_wages_before: toDollars(ytd.socialSecurityWagesBefore),
    housing_designation: ytd.housingDesignation && {
      amount: toDollars(ytd.housingDesignation.amount),
      approved_on: ytd.housingDesignation.approvedOn,
    },
    housing_excluded_before: toDollars(ytd.housingExcludedBefore),
  };
}

/** The parsed wire back to the model: the year-to-date and the profile's minister flag. */
export function yearToDateFromWire(wire: z.output<typeof yearToDateWireSchema>): {
  yearToDate?: YearToDate;
  minister: boolean;
} {
  if (!wire) return { minister: false };
  return {
    minister: wire.minister === 1,
    yearToDate: {
      year: wire.year,
      socialSecurityWageBase: wire.social_security_wage_base,
      socialSecurityWagesBefore: wire.social_security_wages_before,
      housingDesignation: wire.housing_designation && {
        amount: wire.housing_designation.amount,
        approvedOn: wire.housing_designation.approved_on,
      },
      housingExcludedBefore: wire.housing_excluded_before,
    },
  };
}

/**
 * The minister flag and year-to-date an approval froze with its context (the wire form of
 * GET /distribution-context), or null for a context frozen before they were kept.
 */
export function frozenYearOf(approvedContext: unknown): YearNoteContext | null {
  const parsed = z.object({ year_to_date: yearToDateWireSchema }).safeParse(approvedContext);
  if (!parsed.success || !parsed.data.year_to_date) return null;
  return yearToDateFromWire(parsed.data.year_to_date);
}
