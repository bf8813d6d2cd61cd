import type { DistributionWarning } from '../../../domain/distributions';
import type { Terms } from '../../../domain/terms';
import { usd } from './cents';

/**
 * The engine's warnings as the form shows them. The engine words them for the record; the two about
 * manual amounts are re-worded with the organisation's term for "business" (Ministry, …).
 */
export function warningText(warning: DistributionWarning, terms: Terms): string {
  const cut = (what: string) =>
    `${what}: requested ${usd(warning.requested)}, granted ${usd(warning.granted)} (the distributable funds).`;
  switch (warning.code) {
    case 'manual_reimbursement_limited':
      return cut(`Manual ${terms.ministry} reimbursement`);
    case 'manual_advance_limited':
      return cut(`Manual ${terms.ministry} advance`);
    default:
      return warning.message;
  }
}

/** A deficit month is an error-level fact; every other warning is an amount cut short. */
export function warningSeverity(warning: DistributionWarning): 'error' | 'warning' {
  return warning.code === 'deficit' ? 'error' : 'warning';
}
