import { type Cents, formatUSD } from '../money';
import type { DistributionWarning, WarningCode } from './types';

/** Collects warnings in waterfall order; the form lists them, the server stores none of them. */
export class Warnings {
  readonly list: DistributionWarning[] = [];

  add(code: WarningCode, message: string, details: Omit<DistributionWarning, 'code' | 'message'> = {}): void {
    this.list.push({ code, message, ...details });
  }

  /** An amount reduced by a cap: "<what>: requested $x, granted $y (<why>)." */
  limited(
    code: WarningCode,
    what: string,
    requested: Cents,
    granted: Cents,
    why: string,
    details: Omit<DistributionWarning, 'code' | 'message' | 'requested' | 'granted'> = {},
  ): void {
    this.add(code, `${what}: requested ${formatUSD(requested)}, granted ${formatUSD(granted)} (${why}).`, {
      requested,
      granted,
      ...details,
    });
  }
}
