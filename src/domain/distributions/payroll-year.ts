import { type IsoDate, isoDateParts } from '../dates';
import { AppError } from '../errors';
import { type Cents, divRound, formatUSD, percentOf, pow10, sum } from '../money';
import type { Settings } from '../settings/settings';
import { computePayroll, ficaRates, type Payroll } from './payroll';
import type { PayrollProfile } from './types';

/**
 * What the calendar year of a distribution's MAT date (its end date) already holds for its person:
 * the server sums the approved, non-reversed distributions of that year other than this one, so
 * the limits below hold whatever order months are approved in (docs/tax.md "During the year").
 */
export interface YearToDate {
  year: number;
  /** The year's Social Security wage base; null when no tax year is set up (no cap then). */
  socialSecurityWageBase: Cents | null;
  /** Social Security wages (W-2 box 3) of the year's other approved distributions. */
  socialSecurityWagesBefore: Cents;
  /** The board's housing allowance designation for the year, if any. */
  housingDesignation: { amount: Cents; approvedOn: IsoDate } | null;
  /** Housing allowance already excluded under that designation by the year's other distributions. */
  housingExcludedBefore: Cents;
}

export interface YearPayroll extends Payroll {
  /** W-2 box 3 wages of this distribution: gross payroll, up to what is left under the wage base. */
  socialSecurityWages: Cents;
  /** W-2 box 5 wages: the gross payroll (no cap). */
  medicareWages: Cents;
  /** The housing allowance excluded from income tax (W-2 box 14); the rest is taxable wages. */
  housingAllowanceExcluded: Cents;
  /** Whether, with this distribution, the year's Social Security wages reach the wage base. */
  wageBaseReached: boolean;
}

/** Whether this person's pay carries Social Security and Medicare wages: W2 employees who are not ministers. */
export function hasFicaWages(profile: PayrollProfile): boolean {
  return profile.taxStatus === 'W2' && !profile.minister;
}

/** The housing allowance left of a designation after what was already excluded (never below zero). */
export function housingAllowanceLeft(designation: Cents, excludedBefore: Cents): Cents {
  return Math.max(0, designation - excludedBefore);
}

/** "Only $1,500.00 is left of the 2026 housing allowance designation of $24,000.00." */
export function housingLeftMessage(year: number, left: Cents, designation: Cents): string {
  return `Only ${formatUSD(left)} is left of the ${year} housing allowance designation of ${formatUSD(designation)}.`;
}

/**
 * The part of this month's housing allowance excluded from income tax (IRC §107, Pub. 517): all of
 * it for a minister whose designation for the year was approved on or before the MAT date, none
 * otherwise (paid as taxable wages). A designated allowance above what is left of the designation
 * is refused: 422 under `housing_allowance` naming what is left.
 */
export function excludedHousingAllowance(
  profile: PayrollProfile,
  endDate: IsoDate,
  ytd: YearToDate | undefined,
): Cents {
  const designation = ytd?.housingDesignation;
  if (!profile.minister || !ytd || !designation || designation.approvedOn > endDate) return 0;
  const left = housingAllowanceLeft(designation.amount, ytd.housingExcludedBefore);
  if (profile.housingAllowance > left) {
    throw AppError.field('housing_allowance', housingLeftMessage(ytd.year, left, designation.amount));
  }
  return profile.housingAllowance;
}

/**
 * The Medicare share once the Social Security share is fixed below its grossed-up value: with the
 * net salary S and the Social Security share s fixed, G = (S + s) / (1 − mc), so the share is
 * (S + s) × b / (100·10^k − b), rounded once.
 */
function medicareAfterCap(salary: Cents, ssShare: Cents, settings: Settings, profile: PayrollProfile): Cents {
  const { mc } = ficaRates(profile, settings);
  const denominator = 100n * pow10(mc.scale) - mc.value;
  return divRound(BigInt(salary + ssShare) * mc.value, denominator);
}

/**
 * Waterfall step 4 with the year's limits (decision 33, docs/decisions.md): the payroll of
 * `computePayroll`, then
 *  - ministers owe no FICA through the organisation (as W2 Exempt);
 *  - the Social Security share stops at the year's wage base: it is at most the Social Security rate
 *    on the wages left under the base, and once it is cut the Medicare share is grossed up again on
 *    the smaller pay;
 *  - the housing allowance is excluded only under the year's designation, up to what is left of it.
 * Without a year-to-date (a preview with nothing loaded) nothing is capped: the plain payroll.
 */
export function yearPayroll(
  profile: PayrollProfile,
  settings: Settings,
  endDate: IsoDate,
  ytd: YearToDate | undefined,
): YearPayroll {
  const effective = profile.minister ? { ...profile, ficaTax: false } : profile;
  let payroll = computePayroll(effective, settings);
  const wageBase = ytd?.socialSecurityWageBase ?? null;
  const left = wageBase === null || !ytd ? null : Math.max(0, wageBase - ytd.socialSecurityWagesBefore);
  if (payroll.ficaTax && left !== null) {
    const capped = Math.min(payroll.employeeSs, percentOf(left, ficaRates(profile, settings).ss));
    if (capped < payroll.employeeSs) payroll = withShares(payroll, capped, settings, profile);
  }
  const ficaWages = hasFicaWages(profile);
  const socialSecurityWages = !ficaWages
    ? 0
    : left === null
      ? payroll.grossPayroll
      : Math.min(payroll.grossPayroll, left);
  return {
    ...payroll,
    socialSecurityWages,
    medicareWages: ficaWages ? payroll.grossPayroll : 0,
    housingAllowanceExcluded: excludedHousingAllowance(profile, endDate, ytd),
    wageBaseReached: ficaWages && left !== null && payroll.grossPayroll >= left,
  };
}

/** The payroll with the Social Security share fixed at `ss` and the Medicare share grossed up again. */
function withShares(payroll: Payroll, ss: Cents, settings: Settings, profile: PayrollProfile): Payroll {
  const mc = medicareAfterCap(payroll.netPayroll, ss, settings, profile);
  const grossPayroll = sum([payroll.netPayroll, ss, mc, payroll.federalIncomeTax]);
  const totalPayroll = sum([grossPayroll, ss, mc]);
  return {
    ...payroll,
    employeeSs: ss,
    employerSs: ss,
    employeeMc: mc,
    employerMc: mc,
    grossPayroll,
    totalPayroll,
    payrollCost: sum([totalPayroll, payroll.housingAllowance, payroll.insurancePayment, payroll.wireFee]),
  };
}

/** The calendar year of a MAT date. */
export function yearOf(date: IsoDate): number {
  return isoDateParts(date).year;
}
