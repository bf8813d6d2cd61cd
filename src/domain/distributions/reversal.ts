import type { AdvanceStatus } from '../advances/states';
import { formatUSDate, type IsoDate } from '../dates';
import type { JournalAccountKind } from '../ledger/types';
import { type Cents, formatUSD, parseDollars, toDecimalString } from '../money';
import type { Paydown } from './postings';

/**
 * Reversing an approval (docs/distribution.md "Reversing an approval"), decided here and only
 * written by the server (src/server/distributions/reverse.ts). Pure: what the approval wrote and
 * the balances now go in; the reversing journal rows, the new balances and what becomes payable
 * again come out.
 */

/** A journal row the approval wrote, as read back (id order). */
export interface ApprovalJournalRow {
  id: number;
  account: JournalAccountKind;
  accountId: number;
  amount: Cents;
  reason: string;
  memo: string | null;
  refType: string | null;
  refId: number | null;
}

/** One reversing journal row: the opposite amount, linked to the row it undoes. */
export interface ReversingRow {
  reverses: number;
  account: JournalAccountKind;
  accountId: number;
  amount: Cents;
  balanceAfter: Cents;
  reason: 'distribution_reversal';
  memo: string;
  refType: string | null;
  refId: number | null;
}

/** An account's balance, keyed like the journal (`user_fund:12`, `hold_account:3`, …). */
export type BalanceKey = `${JournalAccountKind}:${number}`;
export const balanceKey = (account: JournalAccountKind, accountId: number): BalanceKey => `${account}:${accountId}`;

export interface ReversalJournal {
  journal: ReversingRow[];
  /** Every account the reversal moves, with its balance after it. */
  balances: Map<BalanceKey, Cents>;
}

/**
 * The opposite of every row the approval wrote, newest first, each account running on from its
 * balance now: after = before − original amount. So an account ends at its balance now minus what
 * the approval moved it by — exactly where it would be had the approval never happened, whatever
 * moved it since (an office payout, a manual adjustment).
 */
export function reversalJournal(
  distributionId: number,
  originals: readonly ApprovalJournalRow[],
  balancesNow: ReadonlyMap<BalanceKey, Cents>,
): ReversalJournal {
  const balances = new Map<BalanceKey, Cents>();
  const journal: ReversingRow[] = [];
  for (const row of [...originals].sort((a, b) => b.id - a.id)) {
    const key = balanceKey(row.account, row.accountId);
    const before = balances.get(key) ?? balancesNow.get(key);
    if (before === undefined) throw new Error(`no balance for ${key}`);
    const after = before - row.amount;
    balances.set(key, after);
    journal.push({
      reverses: row.id,
      account: row.account,
      accountId: row.accountId,
      amount: 0 - row.amount,
      balanceAfter: after,
      reason: 'distribution_reversal',
      memo: `Reversal of distribution #${distributionId}: ${row.memo ?? row.reason}`,
      refType: row.refType,
      refId: row.refId,
    });
  }
  return { journal, balances };
}

/** Why a distribution cannot be reversed (409), or null when it can. */
export function reversalRefusal(
  distribution: { id: number; status: string },
  laterApproved: { id: number; startDate: IsoDate; endDate: IsoDate } | null,
): string | null {
  if (distribution.status === 'pending') return REVERSAL_MESSAGES.pending;
  if (distribution.status === 'reversed') return REVERSAL_MESSAGES.alreadyReversed;
  if (laterApproved) {
    return `Only the latest approved distribution of a missionary can be reversed: reverse distribution #${laterApproved.id} (${formatUSDate(laterApproved.startDate)} – ${formatUSDate(laterApproved.endDate)}) first.`;
  }
  return null;
}

export const REVERSAL_MESSAGES = {
  pending: 'This distribution is pending: only an approved distribution can be reversed. Delete it or edit it instead.',
  alreadyReversed: 'This distribution has already been reversed.',
  reasonRequired: 'Say why this distribution is reversed.',
  staleSecondFactor:
    'Confirm your second factor again before reversing a distribution: enter a code from your authenticator app (it must have been verified within the last 15 minutes).',
  noSnapshot:
    'This distribution was approved before Sheepfold kept what an approval changes, so it cannot be reversed here. Correct it with manual adjustments.',
  advanceMovedOn: (id: number, status: string) =>
    `Advance #${id}, paid by this distribution, is ${status} since: it can no longer be made payable again. Reverse is not possible; correct it with manual adjustments.`,
} as const;

/** What the confirmation dialog and the preview say the reversal will do, in money. */
export interface ReversalSummary {
  /** What the fund moves by (positive: money goes back to the fund). */
  fundChange: Cents;
  fundAfter: Cents;
  unreimbursedChange: Cents;
  unreimbursedAfter: Cents;
  holdAccounts: Array<{ id: number; change: Cents; balanceAfter: Cents }>;
  reports: number;
  advances: number;
  donations: number;
}

/** Sums the reversing rows per kind of account. */
export function reversalSummary(
  userId: number,
  reversal: ReversalJournal,
  balancesNow: ReadonlyMap<BalanceKey, Cents>,
  payable: { reports: number; advances: number; donations: number },
): ReversalSummary {
  const changeOf = (key: BalanceKey) =>
    reversal.journal
      .filter((row) => balanceKey(row.account, row.accountId) === key)
      .reduce((total, row) => total + row.amount, 0);
  const fundKey = balanceKey('user_fund', userId);
  const owedKey = balanceKey('user_unreimbursed', userId);
  const holdIds = [
    ...new Set(reversal.journal.filter((row) => row.account === 'hold_account').map((row) => row.accountId)),
  ].sort((a, b) => a - b);
  return {
    fundChange: changeOf(fundKey),
    fundAfter: reversal.balances.get(fundKey) ?? balancesNow.get(fundKey) ?? 0,
    unreimbursedChange: changeOf(owedKey),
    unreimbursedAfter: reversal.balances.get(owedKey) ?? balancesNow.get(owedKey) ?? 0,
    holdAccounts: holdIds.map((id) => ({
      id,
      change: changeOf(balanceKey('hold_account', id)),
      balanceAfter: reversal.balances.get(balanceKey('hold_account', id)) ?? 0,
    })),
    ...payable,
  };
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "November" when the range is one calendar month, else "11/01/2026 – 11/15/2026". */
export function distributionPeriod(startDate: IsoDate, endDate: IsoDate): string {
  const [y, m] = startDate.split('-');
  const [y2, m2] = endDate.split('-');
  if (y !== y2 || m !== m2) return `${formatUSDate(startDate)} – ${formatUSDate(endDate)}`;
  return new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
}

/**
 * The confirmation's sentence, e.g. "Reverse Lydia Mensah's November distribution? $2,850.00 goes
 * back to the fund, leaving $2,578.65; 2 reports and 1 advance become payable again."
 */
export function reversalSentence(
  name: string,
  period: string,
  summary: Pick<ReversalSummary, 'fundChange' | 'fundAfter' | 'reports' | 'advances' | 'donations'>,
): string {
  const money =
    summary.fundChange >= 0
      ? `${formatUSD(summary.fundChange)} goes back to the fund, leaving ${formatUSD(summary.fundAfter)}`
      : `${formatUSD(-summary.fundChange)} comes out of the fund (what the approval added to it), leaving ${formatUSD(summary.fundAfter)}`;
  const parts = [
    summary.reports > 0 ? counted(summary.reports, 'report', 'reports') : null,
    summary.advances > 0 ? counted(summary.advances, 'advance', 'advances') : null,
  ].filter((part): part is string => part !== null);
  const one = summary.reports + summary.advances === 1;
  const payable = parts.length === 0 ? '' : `; ${parts.join(' and ')} ${one ? 'becomes' : 'become'} payable again`;
  const donations =
    summary.donations > 0
      ? `; ${counted(summary.donations, 'donation goes', 'donations go')} back to be distributed`
      : '';
  return `Reverse ${name}'s ${period} distribution? ${money}${payable}${donations}.`;
}

/** An advance as the approval's frozen context saw it (before it was paid). */
export interface AdvanceBefore {
  id: number;
  status: AdvanceStatus;
  amountApproved: Cents | null;
  matDate: IsoDate | null;
}

/** An advance put back as it was before the approval paid it (payable again). */
export interface AdvanceRestored extends AdvanceBefore {
  approved: boolean;
}

/**
 * The advances the approval paid, put back as they were: its status, approved amount and MAT date
 * before, unpaid and free for the next distribution. An advance that moved on since (its report
 * submitted or closed after the payment) cannot be put back: the reversal is refused (409).
 */
export function advancesRestored(
  paid: ReadonlyArray<{ id: number; status: AdvanceStatus }>,
  before: readonly AdvanceBefore[],
): { restored: AdvanceRestored[] } | { refusal: string } {
  const was = new Map(before.map((a) => [a.id, a]));
  const restored: AdvanceRestored[] = [];
  for (const advance of paid) {
    const prior = was.get(advance.id);
    if (!prior) return { refusal: REVERSAL_MESSAGES.noSnapshot };
    // What approval left: a requested advance became approved; any other kept its status.
    const leftAs = prior.status === 'requested' ? 'approved' : prior.status;
    if (advance.status !== leftAs) return { refusal: REVERSAL_MESSAGES.advanceMovedOn(advance.id, advance.status) };
    restored.push({ ...prior, approved: prior.status !== 'requested' });
  }
  return { restored };
}

/**
 * What the server knows when asked to reverse a distribution: its status, a later approved
 * distribution of the missionary, whether the approval kept its snapshot, and the advances it paid
 * as they stand now beside how the snapshot saw them.
 */
export interface ReversalFacts {
  distribution: { id: number; status: string };
  laterApproved: { id: number; startDate: IsoDate; endDate: IsoDate } | null;
  /** The approval froze its context (and its paydown, when it paid older reports down). */
  snapshotKept: boolean;
  advancesPaid: ReadonlyArray<{ id: number; status: AdvanceStatus }>;
  advancesBefore: readonly AdvanceBefore[];
  /** The payment batch holding this distribution, if any (docs/payments.md "Returns"). */
  paymentBatch?: { id: number; status: string } | null;
}

/**
 * Money that left the bank is not undone by a reversal: once a released payment batch holds the
 * distribution, the way back is a payment return. A draft batch must let the line go first, so a
 * batch never pays a distribution that no longer stands.
 */
export function paymentBatchRefusal(batch: { id: number; status: string } | null | undefined): string | null {
  if (!batch) return null;
  return batch.status === 'released'
    ? `Payment batch #${batch.id} has released the payment of this distribution, so it can no longer be reversed: if the money came back, record a payment return on batch #${batch.id} (Payments); it puts the amount back on the fund.`
    : `Draft payment batch #${batch.id} holds this distribution: leave its line out of that batch (or discard the batch) first, then reverse.`;
}

export interface ReversalDecision {
  /** Why it cannot be reversed now (409), or null. The first rule that refuses wins. */
  refusal: string | null;
  /** The advances put back as they were (empty when refused because of one). */
  advances: AdvanceRestored[];
}

/**
 * Every rule of whether a reversal may happen, in the order they are told: pending or already
 * reversed, not the missionary's latest approval, no snapshot kept, an advance that moved on. A new
 * rule (say, a released payment batch holding the distribution) is one more fact and one more line.
 */
export function decideReversal(facts: ReversalFacts): ReversalDecision {
  const restored = advancesRestored(facts.advancesPaid, facts.advancesBefore);
  const advances = 'restored' in restored ? restored.restored : [];
  const refusal =
    reversalRefusal(facts.distribution, facts.laterApproved) ??
    paymentBatchRefusal(facts.paymentBatch) ??
    (facts.snapshotKept ? null : REVERSAL_MESSAGES.noSnapshot) ??
    ('refusal' in restored ? restored.refusal : null);
  return { refusal, advances };
}

/** The paydown as `distributions.approval_paydown` keeps it (money as exact decimal text). */
export type PaydownWire = Array<{ report_id: number; paid: string }>;

export function paydownToWire(paydown: readonly Paydown[]): PaydownWire {
  return paydown.map((p) => ({ report_id: p.reportId, paid: toDecimalString(p.paid) }));
}

export function paydownFromWire(wire: PaydownWire): Array<{ reportId: number; paid: Cents }> {
  return wire.map((p) => {
    const paid = parseDollars(p.paid);
    if (paid === null) throw new Error(`approval_paydown: not an amount: ${p.paid}`);
    return { reportId: p.report_id, paid };
  });
}
