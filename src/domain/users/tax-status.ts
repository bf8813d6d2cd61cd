import { MESSAGES } from '../messages';
import type { TAX_STATUSES } from './schemas';

export type TaxStatus = (typeof TAX_STATUSES)[number];

/**
 * Decision 25 (docs/decisions.md): W2 Exempt (ministers who pay self-employment tax or hold a Form 4361
 * exemption) and 1099 workers owe no FICA through the organisation: no employee or employer shares
 * and no gross-up, whatever their `fica_tax` box says.
 */
export const FICA_EXEMPT_TAX_STATUSES: readonly TaxStatus[] = ['W2 Exempt', '1099'];

/** Whether a tax status rules FICA out (W2 Exempt, 1099). */
export function isFicaExempt(taxStatus: TaxStatus | null | undefined): boolean {
  return taxStatus != null && FICA_EXEMPT_TAX_STATUSES.includes(taxStatus);
}

/**
 * Whether payroll withholds FICA (and grosses the salary up): only for tax status W2 with the
 * `fica_tax` box ticked (docs/decisions.md "Tax status and FICA"). A profile with no tax status is
 * computed without FICA whatever its box says, and so is a W2 Exempt or 1099 profile stored with the
 * box ticked before the API refused it; the ledger check lists both.
 */
export function ficaApplies(taxStatus: TaxStatus | null | undefined, ficaTax: boolean): boolean {
  return ficaTax && taxStatus === 'W2';
}

/**
 * Why a tax status and FICA box may not be stored together, or null when they may: FICA ticked needs
 * the tax status W2 ("FICA applies only to W2 employees." for W2 Exempt and 1099, "Choose the tax
 * status W2 to withhold FICA." when none is chosen). The API answers it with 422 under `fica_tax`.
 */
export function ficaRefusal(taxStatus: TaxStatus | null | undefined, ficaTax: boolean): string | null {
  if (!ficaTax || taxStatus === 'W2') return null;
  return isFicaExempt(taxStatus) ? MESSAGES.ficaOnlyW2 : MESSAGES.ficaNeedsW2;
}

/** Whether a tax status and FICA box may be stored together (the API refuses the rest with 422). */
export function ficaAllowed(taxStatus: TaxStatus | null | undefined, ficaTax: boolean): boolean {
  return ficaRefusal(taxStatus, ficaTax) === null;
}

/**
 * Payroll needs a tax status: a month that pays wages (net salary or housing allowance) to someone
 * whose tax status is not set cannot be distributed, since nobody can say whether FICA is owed.
 */
export function missingTaxStatus(profile: {
  taxStatus: TaxStatus | null | undefined;
  netSalary: number;
  housingAllowance: number;
}): boolean {
  return profile.taxStatus == null && (profile.netSalary !== 0 || profile.housingAllowance !== 0);
}
