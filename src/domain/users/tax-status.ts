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
 * Whether payroll withholds FICA (and grosses the salary up): the `fica_tax` box is ticked and the
 * tax status is not an exempt one. A profile with no tax status yet follows its box (docs/decisions.md
 * "FICA and a tax status not set"); a W2 Exempt or 1099 profile stored with the box ticked (before
 * decision 25) is computed without FICA.
 */
export function ficaApplies(taxStatus: TaxStatus | null | undefined, ficaTax: boolean): boolean {
  return ficaTax && !isFicaExempt(taxStatus);
}

/** Whether a tax status and FICA box may be stored together (the API refuses the rest with 422). */
export function ficaAllowed(taxStatus: TaxStatus | null | undefined, ficaTax: boolean): boolean {
  return !ficaTax || !isFicaExempt(taxStatus);
}
