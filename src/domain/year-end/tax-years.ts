import { z } from 'zod';
import { moneyField } from '../fields';
import type { TaxYearFigures } from './figures';

/**
 * Tax figures that change by calendar year, kept as settings per year (docs/tax.md names the IRS
 * and SSA sources). 2026 is filled in by the migration that made them.
 */
export const TAX_YEAR_2026: TaxYearFigures = {
  // SSA, 2026 Social Security wage base.
  socialSecurityWageBase: 18_450_000,
  // One Big Beautiful Bill Act §70433: payments after 2025-12-31 are reported from $2,000.
  necThreshold: 200_000,
  // IRS Notice 2025-67: the 2026 403(b) elective deferral limit.
  electiveDeferralLimit: 2_450_000,
};

export const MIN_TAX_YEAR = 2000;
export const MAX_TAX_YEAR = 2100;

export const taxYearParamSchema = z.object({
  year: z.coerce
    .number({ message: 'Year must be a number.' })
    .int('Year must be a whole number.')
    .min(MIN_TAX_YEAR, `Year must be ${MIN_TAX_YEAR} or later.`)
    .max(MAX_TAX_YEAR, `Year must be ${MAX_TAX_YEAR} or earlier.`),
});

/** PUT /settings/tax-years/{year}: all three figures, in dollars. */
export const taxYearBodySchema = z.object({
  social_security_wage_base: moneyField('Social Security wage base').refine(
    (v) => v > 0,
    'Social Security wage base must be above zero.',
  ),
  nec_threshold: moneyField('1099-NEC threshold'),
  elective_deferral_limit: moneyField('403(b) elective deferral limit'),
});
