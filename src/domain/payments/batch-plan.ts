import { type Cents, sum } from '../money';
import { paidToYou } from '../reports/statement';
import type { PayoutMethod } from './bank-details';
import type { LineStatus } from './line-status';

/**
 * Planning a payment batch (docs/payments.md "Batches"), pure: the approved distributions and the
 * unpaid office payouts go in with what is known of each payee's bank details; one line per payee
 * comes out, with its amount, method, and whether it is held or preceded by a prenote.
 */

/** Why a line is held. Only `details_changed` can be cleared; the others wait for the profile to change. */
export const HOLD_CODES = ['no_details', 'returned', 'details_changed'] as const;
export type HoldCode = (typeof HOLD_CODES)[number];

export const HOLD_REASONS: Record<HoldCode, string> = {
  no_details: 'No bank details: enter a payout method on the profile, or leave this line out.',
  returned: 'A payment to these bank details was returned: held until the details change.',
  details_changed: 'Bank details are new or changed since the last released batch: check them, then clear the line.',
};

export interface BatchDistribution {
  id: number;
  userId: number;
  total_funds_disbursed: Cents;
  mid_month_disbursement: Cents;
}

export interface BatchPayout {
  /** The expense report whose processing made the payout. */
  reportId: number;
  userId: number;
  amount: Cents;
}

/** What a batch needs to know of a payee's details (never the numbers themselves). */
export interface PayeeState {
  method: PayoutMethod;
  currency: string | null;
  maskedAccount: string | null;
  version: number;
  reviewedVersion: number;
  provenVersion: number | null;
  returnedVersion: number | null;
}

export interface PlannedItem {
  distributionId: number | null;
  reportId: number | null;
  amount: Cents;
}

export interface PlannedLine {
  userId: number;
  amount: Cents;
  method: PayoutMethod;
  currency: string | null;
  maskedAccount: string | null;
  status: 'pending' | 'held' | 'prenote';
  heldCode: HoldCode | null;
  detailsVersion: number;
  items: PlannedItem[];
}

export const NO_PAYEE: PayeeState = {
  method: 'none',
  currency: null,
  maskedAccount: null,
  version: 0,
  reviewedVersion: 0,
  provenVersion: null,
  returnedVersion: null,
};

/** Held (and why), or not: missing details first, then a return, then new details. */
export function holdOf(payee: PayeeState): HoldCode | null {
  if (payee.method === 'none') return 'no_details';
  if (payee.returnedVersion !== null && payee.returnedVersion === payee.version) return 'returned';
  if (payee.version !== payee.reviewedVersion) return 'details_changed';
  return null;
}

/** An ACH payee's first payment to new details is preceded by a zero-dollar prenote. */
export function needsPrenote(payee: PayeeState): boolean {
  return payee.method === 'ach' && payee.provenVersion !== payee.version;
}

/** A line's status from its payee's state (held first, then prenote, else pending). */
export function lineStatusOf(payee: PayeeState): { status: PlannedLine['status']; heldCode: HoldCode | null } {
  const held = holdOf(payee);
  if (held) return { status: 'held', heldCode: held };
  return { status: needsPrenote(payee) ? 'prenote' : 'pending', heldCode: null };
}

/**
 * One line per payee, in user id order: the statement's "paid to you" of each distribution plus each
 * unpaid office payout. Items that pay nothing (zero or less) are left out, and a payee whose items
 * add up to nothing gets no line: there is nothing to send, and the items stay free for later.
 */
export function planBatch(
  distributions: readonly BatchDistribution[],
  payouts: readonly BatchPayout[],
  payees: ReadonlyMap<number, PayeeState>,
): PlannedLine[] {
  const items = new Map<number, PlannedItem[]>();
  const add = (userId: number, item: PlannedItem) => {
    if (item.amount <= 0) return;
    const list = items.get(userId) ?? [];
    list.push(item);
    items.set(userId, list);
  };
  for (const d of distributions) add(d.userId, { distributionId: d.id, reportId: null, amount: paidToYou(d) });
  for (const p of payouts) add(p.userId, { distributionId: null, reportId: p.reportId, amount: p.amount });
  const lines: PlannedLine[] = [];
  for (const userId of [...items.keys()].sort((a, b) => a - b)) {
    const own = items.get(userId) ?? [];
    const payee = payees.get(userId) ?? NO_PAYEE;
    lines.push({
      userId,
      amount: sum(own.map((item) => item.amount)),
      method: payee.method,
      currency: payee.currency,
      maskedAccount: payee.maskedAccount,
      ...lineStatusOf(payee),
      detailsVersion: payee.version,
      items: own,
    });
  }
  return lines;
}

export const CLEAR_REFUSALS = {
  notHeld: 'This line is neither held nor waiting for a prenote: there is nothing to clear.',
  released: 'This batch is released: its lines can no longer change. Record a return instead.',
  noDetails: 'This payee has no bank details to pay to: enter them on the profile, or leave the line out.',
  returned:
    'A payment to these bank details was returned: the payee must change their bank details first, or leave the line out.',
} as const;

/**
 * Clearing a line: a held line whose details changed becomes payable (or waits for its prenote,
 * for ACH); a prenote line pays at once. Held for missing details or a return: refused.
 */
export function clearLine(
  line: { status: LineStatus; heldCode: HoldCode | null; method: PayoutMethod },
  payee: PayeeState,
): { status: 'pending' | 'prenote' } | { refusal: string } {
  if (line.status === 'prenote') return { status: 'pending' };
  if (line.status !== 'held') return { refusal: CLEAR_REFUSALS.notHeld };
  if (line.heldCode === 'no_details') return { refusal: CLEAR_REFUSALS.noDetails };
  if (line.heldCode === 'returned') return { refusal: CLEAR_REFUSALS.returned };
  return { status: needsPrenote(payee) ? 'prenote' : 'pending' };
}

/** Totals per method and currency of what a release pays (pending lines; prenotes move no money). */
export function batchTotals(
  lines: ReadonlyArray<{ method: PayoutMethod; currency: string | null; amount: Cents; status: LineStatus }>,
): Array<{ method: PayoutMethod; currency: string; count: number; amount: Cents }> {
  const totals = new Map<string, { method: PayoutMethod; currency: string; count: number; amount: Cents }>();
  for (const line of lines) {
    if (line.status !== 'pending' && line.status !== 'paid' && line.status !== 'returned') continue;
    const currency = line.currency ?? 'USD';
    const key = `${line.method}:${currency}`;
    const total = totals.get(key) ?? { method: line.method, currency, count: 0, amount: 0 };
    total.count += 1;
    total.amount += line.amount;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => `${a.method}:${a.currency}`.localeCompare(`${b.method}:${b.currency}`));
}
