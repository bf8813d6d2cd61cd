import { earliest, type IsoDate, latest } from '../dates';
import { MESSAGES } from '../messages';
import { type Cents, type Decimal, decimalToString, divRound, parseDecimal, pow10, sum } from '../money';

/**
 * The arithmetic of an expense report (docs/product.md §5, §9), exact: amounts in cents, rates and distances
 * as decimals, one rounding (divRound) per amount. The web shows live previews with these same
 * functions; the server recomputes every stored amount with them.
 */

/** The largest USD amount one expense may come to ($1,000,000,000.00). */
export const MAX_EXPENSE_CENTS: Cents = 100_000_000_000;

/**
 * usd_amount = field_currency / exchange_rate to the cent; 0.00 when that is not a finite number
 * (a blank, unreadable or zero rate, an unreadable amount).
 */
export function usdAmount(fieldCurrency: string | number, exchangeRate: string | number): Cents {
  const amount = parseDecimal(fieldCurrency);
  const rate = parseDecimal(exchangeRate);
  if (!amount || !rate || rate.value === 0n) return 0;
  // (a / 10^as) / (r / 10^rs) dollars = a × 10^rs × 100 / (r × 10^as) cents
  return divRound(amount.value * pow10(rate.scale) * 100n, rate.value * pow10(amount.scale));
}

export const DISTANCE_TYPES = ['km', 'mi', 'none'] as const;
export type DistanceType = (typeof DISTANCE_TYPES)[number];
export const DISTANCE_LABELS: Record<DistanceType, string> = { km: 'Kilometers', mi: 'Miles', none: 'None' };

/** docs/product.md §9: kilometres are converted to miles by 0.621371. */
export const MILES_PER_KM: Decimal = { value: 621371n, scale: 6 };

/** The distance of a trip in miles, exact (km × 0.621371 keeps every digit). */
export function milesOf(distance: Decimal, unit: 'km' | 'mi'): Decimal {
  if (unit === 'mi') return distance;
  return { value: distance.value * MILES_PER_KM.value, scale: distance.scale + MILES_PER_KM.scale };
}

/** cost = miles × mileage_reimbursement ($ per mile), rounded once to the cent. */
export function mileageCost(distance: Decimal, unit: 'km' | 'mi', ratePerMile: Decimal): Cents {
  const miles = milesOf(distance, unit);
  return divRound(miles.value * ratePerMile.value * 100n, pow10(miles.scale + ratePerMile.scale));
}

/** Miles for display, trimmed to at most `decimals` places (rounded half away from zero). */
export function formatMiles(distance: Decimal, unit: 'km' | 'mi', decimals = 2): string {
  const miles = milesOf(distance, unit);
  const scaled = divRound(miles.value * pow10(decimals), pow10(miles.scale));
  return trimZeros(decimalToString({ value: BigInt(scaled), scale: decimals }));
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

export interface TripReadings {
  odometer_start?: string;
  odometer_end?: string;
  total_distance?: string;
}

/**
 * The distance of a trip: odometer end − start when both readings are given (the typed distance is
 * then ignored), otherwise the typed distance. Null when neither gives a positive distance.
 */
export function tripDistance(readings: TripReadings): Decimal | null {
  if (readings.odometer_start !== undefined && readings.odometer_end !== undefined) {
    const start = parseDecimal(readings.odometer_start);
    const end = parseDecimal(readings.odometer_end);
    if (!start || !end) return null;
    const scale = Math.max(start.scale, end.scale);
    const value = end.value * pow10(scale - end.scale) - start.value * pow10(scale - start.scale);
    return value > 0n ? { value, scale } : null;
  }
  if (readings.total_distance === undefined) return null;
  const distance = parseDecimal(readings.total_distance);
  return distance && distance.value > 0n ? distance : null;
}

export interface ReportItem {
  date: IsoDate;
  amount: Cents;
}

export interface ReportTotals {
  totalAmount: Cents;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
}

/**
 * A report's total is the sum of its expenses (usd_amount) and mileage trips (total_cost); its start
 * and end dates are the earliest and latest of those items (mileage trips are expenses too).
 */
export function reportTotals(expenses: readonly ReportItem[], mileage: readonly ReportItem[]): ReportTotals {
  const items = [...expenses, ...mileage];
  const dates = items.map((item) => item.date);
  return { totalAmount: sum(items.map((item) => item.amount)), startDate: earliest(dates), endDate: latest(dates) };
}

/** What is still owed on a report: all of it until it is processed, then total − payout (advances: 0). */
export function unreimbursedOf(report: { type: 'reimbursement' | 'advance'; totalAmount: Cents }): Cents {
  return report.type === 'advance' ? 0 : report.totalAmount;
}

/** docs/product.md §9: an advance report may be submitted within one dollar of the approved amount. */
export const ADVANCE_TOLERANCE: Cents = 100;

/**
 * null when the expenses plus the cash given back (decision 34) are within $1 of the approved
 * amount, else docs/product.md §5's message.
 */
export function advanceReportProblem(total: Cents, approved: Cents, cashReturned: Cents = 0): string | null {
  const accounted = total + cashReturned;
  if (accounted < approved - ADVANCE_TOLERANCE) return MESSAGES.advanceReportTooLow;
  if (accounted > approved + ADVANCE_TOLERANCE) return MESSAGES.advanceReportTooHigh;
  return null;
}

export const CASH_RETURNED_MESSAGES = {
  aboveApproved: 'Cash returned cannot be more than the amount approved.',
  notAdvance: 'Only an advance report has cash returned.',
} as const;

/** Decision 34: the cash returned of an advance report; null when it may be kept. */
export function cashReturnedProblem(cashReturned: Cents, approved: Cents, type: 'advance' | 'reimbursement') {
  if (cashReturned === 0) return null;
  if (type !== 'advance') return CASH_RETURNED_MESSAGES.notAdvance;
  return cashReturned > approved ? CASH_RETURNED_MESSAGES.aboveApproved : null;
}

/**
 * What an advance report still needs before it can be submitted (decision 34), in the order the
 * missionary fixes them: the receipt, then the amounts. The form shows these before Submit, so
 * Submit is never enabled only to fail; the server refuses the same things.
 */
export function advanceSubmitBlockers(facts: {
  total: Cents;
  approved: Cents;
  cashReturned: Cents;
  receipts: number;
}): string[] {
  const blockers: string[] = [];
  if (facts.receipts === 0) blockers.push(ADVANCE_NEEDS_RECEIPT);
  const problem = advanceReportProblem(facts.total, facts.approved, facts.cashReturned);
  if (problem) blockers.push(problem);
  return blockers;
}

export const ADVANCE_NEEDS_RECEIPT = 'Add a receipt: an advance report needs at least one.';

export type PayoutResult =
  | { ok: true; payout: Cents; unreimbursed: Cents }
  | { ok: false; field: string; message: string };

/**
 * Processing a reimbursement (docs/product.md §5): the payout made now, and the new unreimbursed total =
 * reimbursement due − payout. The client may send either or both; when both, they must agree.
 */
export function resolvePayout(due: Cents, input: { payout?: Cents; newUnreimbursedTotal?: Cents }): PayoutResult {
  const { payout, newUnreimbursedTotal } = input;
  if (payout === undefined && newUnreimbursedTotal === undefined) {
    return { ok: false, field: 'payout', message: 'Payout is required.' };
  }
  const paid = payout ?? due - (newUnreimbursedTotal as Cents);
  if (paid < 0) return { ok: false, field: 'payout', message: 'Payout cannot be negative.' };
  if (paid > due) {
    return { ok: false, field: 'payout', message: 'Payout cannot be more than the reimbursement due.' };
  }
  if (newUnreimbursedTotal !== undefined && newUnreimbursedTotal !== due - paid) {
    return {
      ok: false,
      field: 'new_unreimbursed_total',
      message: 'The new unreimbursed total must equal the reimbursement due minus the payout.',
    };
  }
  return { ok: true, payout: paid, unreimbursed: due - paid };
}
