import { AppError } from '../errors';
import { MESSAGES } from '../messages';
import { type Cents, type Decimal, divRound, percentOf, pow10, sum } from '../money';
import type { Settings } from '../settings/settings';
import { ficaApplies } from '../users/tax-status';
import type { PayrollProfile } from './types';

/** Waterfall step 3 (docs/distribution.md): admin_fee = min(percentage × total_donations, cap), never negative. */
export function adminFee(totalDonations: Cents, profile: PayrollProfile, settings: Settings): Cents {
  // A profile's percentage and cap, when set, override the settings (decision 9, docs/decisions.md).
  const percentage = profile.adminFeePercentage ?? settings.adminFeePercentage;
  const cap = profile.adminFeeCap ?? settings.adminFeeCap;
  // A month whose donations net to zero or less (reversals) carries no fee rather than a refund.
  if (totalDonations <= 0) return 0;
  return Math.max(0, Math.min(percentOf(totalDonations, percentage), cap));
}

export interface Payroll {
  /** Whether FICA was withheld: the box ticked and a tax status that owes it (decision 25). */
  ficaTax: boolean;
  /** S, the net salary (net_payroll). */
  netPayroll: Cents;
  employeeSs: Cents;
  employeeMc: Cents;
  employerSs: Cents;
  employerMc: Cents;
  federalIncomeTax: Cents;
  grossPayroll: Cents;
  totalPayroll: Cents;
  housingAllowance: Cents;
  retirement: Cents;
  payrollDisbursement: Cents;
  insurancePayment: Cents;
  wireFee: Cents;
  /** What the general fund pays for payroll: total_payroll + housing + insurance + wire fee. */
  payrollCost: Cents;
}

/** The social security and Medicare percentages in force (profile over settings). */
export function ficaRates(profile: PayrollProfile, settings: Settings): { ss: Decimal; mc: Decimal } {
  return {
    ss: profile.socialSecurity ?? settings.socialSecurityPercentage,
    mc: profile.medicare ?? settings.medicarePercentage,
  };
}

/**
 * The FICA shares of the grossed-up salary, each rounded once from the exact rational.
 *
 * With rates ss and mc (fractions), G = S / (1 − ss − mc) and a share is G × rate. Writing the
 * percents over one power of ten (ss = a / (100·10^k), mc = b / (100·10^k)) the share is exactly
 * S × a / (100·10^k − a − b): one bigint division, one rounding, no intermediate G.
 */
export function ficaShares(salary: Cents, ss: Decimal, mc: Decimal): { ss: Cents; mc: Cents } {
  const scale = Math.max(ss.scale, mc.scale);
  const a = ss.value * pow10(scale - ss.scale);
  const b = mc.value * pow10(scale - mc.scale);
  const denominator = 100n * pow10(scale) - a - b;
  if (a < 0n || b < 0n || denominator <= 0n) throw AppError.field('social_security', MESSAGES.ficaRatesInvalid);
  const s = BigInt(salary);
  return { ss: divRound(s * a, denominator), mc: divRound(s * b, denominator) };
}

/** Waterfall step 4 (docs/distribution.md; the payroll formulas of docs/product.md §9). */
export function computePayroll(profile: PayrollProfile, settings: Settings): Payroll {
  const salary = profile.netSalary;
  // Gross-up only with the profile's fica_tax (docs/product.md §5), and never for W2 Exempt or 1099
  // (decision 25, docs/decisions.md); otherwise G = S and no FICA shares.
  const rates = ficaRates(profile, settings);
  const withheld = ficaApplies(profile.taxStatus, profile.ficaTax);
  const shares = withheld ? ficaShares(salary, rates.ss, rates.mc) : { ss: 0, mc: 0 };
  // Employee and employer shares are equal (docs/product.md §9).
  const grossPayroll = sum([salary, shares.ss, shares.mc, profile.federalIncomeTax]);
  const totalPayroll = sum([grossPayroll, shares.ss, shares.mc]);
  const payrollDisbursement = salary + profile.housingAllowance - profile.retirementAmount;
  if (payrollDisbursement < 0) throw AppError.field('retirement', MESSAGES.retirementTooLarge);
  return {
    ficaTax: withheld,
    netPayroll: salary,
    employeeSs: shares.ss,
    employeeMc: shares.mc,
    employerSs: shares.ss,
    employerMc: shares.mc,
    federalIncomeTax: profile.federalIncomeTax,
    grossPayroll,
    totalPayroll,
    housingAllowance: profile.housingAllowance,
    retirement: profile.retirementAmount,
    payrollDisbursement,
    insurancePayment: profile.insuranceAmount,
    wireFee: profile.wireFee,
    // The retirement amount is inside S + housing: it goes to the 403(b) instead of the missionary,
    // so it is not a cost of its own.
    payrollCost: sum([totalPayroll, profile.housingAllowance, profile.insuranceAmount, profile.wireFee]),
  };
}
