import { formatUSDate } from '../dates';
import { overlappingPairs } from '../distributions/overlap';
import { type Cents, formatUSD, sum } from '../money';
import { CASH_RETURNED_REASON } from '../reports/cash-returned';
import { ficaAllowed } from '../users/tax-status';

export { LEDGER_CHECKS } from './helpers';

import { LEDGER_CHECKS, sumBy, violation } from './helpers';
import { checkLeftBehind } from './left-behind';
import { checkAdvances, checkReportLines } from './paid-once';
import type {
  LedgerCheckId,
  LedgerCheckResult,
  LedgerDistribution,
  LedgerJournalRow,
  LedgerRecord,
  LedgerRows,
  LedgerTotals,
  LedgerViolation,
} from './types';

/**
 * The ledger check (docs/distribution.md "Ledger invariants"): given every balance-bearing row of the
 * office, lists each invariant that does not hold with the records involved. Pure: the server reader
 * (src/server/ledger/read-ledger.ts) loads the rows; `npm run check:ledger`, the admin dashboard's
 * "Ledger check" card and the model-based test all call this one function.
 */
export function checkLedger(rows: LedgerRows): LedgerCheckResult {
  const { violations: conservation, totals } = checkConservation(rows);
  const violations = [
    ...checkBalances(rows),
    ...checkRunningBalances(rows),
    ...checkAdvances(rows),
    ...checkReportLines(rows),
    ...conservation,
    ...checkFicaStatus(rows),
    ...checkOverlaps(rows),
    ...checkLeftBehind(rows),
  ];
  const checks = LEDGER_CHECKS.map((check) => ({
    ...check,
    findings: violations.filter((violation) => violation.check === check.id).length,
  }));
  return { checks, violations, totals };
}

/** True when no error-level invariant fails (warnings do not fail the check). */
export function ledgerHolds(result: LedgerCheckResult): boolean {
  return result.violations.every((violation) => violation.severity !== 'error');
}

function journalSums(journal: readonly LedgerJournalRow[], account: LedgerJournalRow['account']) {
  return sumBy(
    journal.filter((row) => row.account === account),
    (row) => row.accountId,
    (row) => row.amount,
  );
}

const mismatch = (what: string, stored: Cents, expected: Cents, source: string) =>
  `${what} is ${formatUSD(stored)} but ${source} add up to ${formatUSD(expected)} (difference ${formatUSD(stored - expected)}).`;

function checkBalances(rows: LedgerRows): LedgerViolation[] {
  const found: LedgerViolation[] = [];
  const fund = journalSums(rows.journal, 'user_fund');
  const owed = journalSums(rows.journal, 'user_unreimbursed');
  const held = journalSums(rows.journal, 'hold_account');
  const heldOwed = journalSums(rows.journal, 'hold_account_unreimbursed');
  const reportsOwed = sumBy(
    rows.reports.filter((r) => r.type === 'reimbursement' && r.processed),
    (r) => r.userId,
    (r) => r.unreimbursedAmount,
  );
  const posted = sumBy(
    rows.holdTransactions.filter((t) => t.status === 'posted'),
    (t) => t.holdAccountId,
    (t) => (t.type === 'Deposit' ? t.amount : -t.amount),
  );
  for (const p of rows.profiles) {
    const user: LedgerRecord = { type: 'user', id: p.userId, label: p.name };
    const who = `${p.name}'s`;
    const pairs: Array<[LedgerCheckId, string, Cents, Cents, string]> = [
      [
        'fund_balance_journal',
        `${who} fund balance`,
        p.fundBalance,
        fund.get(p.userId) ?? 0,
        'the user_fund journal rows',
      ],
      [
        'unreimbursed_journal',
        `${who} unreimbursed amount`,
        p.unreimbursedAmount,
        owed.get(p.userId) ?? 0,
        'the user_unreimbursed journal rows',
      ],
      [
        'unreimbursed_reports',
        `${who} unreimbursed amount`,
        p.unreimbursedAmount,
        reportsOwed.get(p.userId) ?? 0,
        'the unpaid parts of the processed reports',
      ],
    ];
    for (const [check, what, stored, expected, source] of pairs) {
      if (stored !== expected) found.push(violation(check, mismatch(what, stored, expected, source), [user]));
    }
  }
  for (const h of rows.holdAccounts) {
    const account: LedgerRecord = { type: 'hold_account', id: h.id, label: h.fundName };
    const pairs: Array<[LedgerCheckId, string, Cents, Cents, string]> = [
      [
        'hold_balance_journal',
        `The balance of ${h.fundName}`,
        h.balance,
        h.openingBalance + (held.get(h.id) ?? 0),
        'its opening balance and journal rows',
      ],
      [
        'hold_unreimbursed_journal',
        `The unreimbursed amount of ${h.fundName}`,
        h.unreimbursedAmount,
        heldOwed.get(h.id) ?? 0,
        'its journal rows',
      ],
      [
        'hold_balance_transactions',
        `The balance of ${h.fundName}`,
        h.balance,
        h.openingBalance + (posted.get(h.id) ?? 0),
        'its opening balance and posted transactions',
      ],
    ];
    for (const [check, what, stored, expected, source] of pairs) {
      if (stored !== expected) found.push(violation(check, mismatch(what, stored, expected, source), [account]));
    }
  }
  found.push(...orphanJournals(rows, [fund, owed, held, heldOwed]));
  return found;
}

/** Journal rows of an account whose record is gone must add up to zero: no money leaves with a record. */
function orphanJournals(rows: LedgerRows, sums: Array<Map<number | string, Cents>>): LedgerViolation[] {
  const users = new Set(rows.profiles.map((p) => p.userId));
  const accounts = new Set(rows.holdAccounts.map((h) => h.id));
  const kinds: Array<[LedgerCheckId, string, Set<number>, LedgerRecord['type']]> = [
    ['fund_balance_journal', 'user_fund', users, 'user'],
    ['unreimbursed_journal', 'user_unreimbursed', users, 'user'],
    ['hold_balance_journal', 'hold_account', accounts, 'hold_account'],
    ['hold_unreimbursed_journal', 'hold_account_unreimbursed', accounts, 'hold_account'],
  ];
  const found: LedgerViolation[] = [];
  kinds.forEach(([check, account, existing, type], index) => {
    for (const [id, total] of sums[index] ?? []) {
      if (existing.has(Number(id)) || total === 0) continue;
      found.push(
        violation(
          check,
          `The ${account} journal rows of ${type} #${id}, which no longer exists, add up to ${formatUSD(total)}.`,
          [{ type, id: Number(id) }],
        ),
      );
    }
  });
  return found;
}

/**
 * Each account's journal rows run from its opening value (a hold account's opening balance, else 0):
 * after = before + amount. Rows written by one posting (neighbours in id order with the same
 * `postedAt`) may carry ids in any order, so within such a group the next row is the lowest-id one
 * that follows on.
 */
function checkRunningBalances(rows: LedgerRows): LedgerViolation[] {
  const opening = new Map(rows.holdAccounts.map((h) => [h.id, h.openingBalance]));
  const byAccount = new Map<string, LedgerJournalRow[]>();
  for (const row of [...rows.journal].sort((a, b) => a.id - b.id)) {
    const key = `${row.account}:${row.accountId}`;
    byAccount.set(key, [...(byAccount.get(key) ?? []), row]);
  }
  const found: LedgerViolation[] = [];
  for (const accountRows of byAccount.values()) {
    const [first] = accountRows;
    if (!first) continue;
    const start = first.account === 'hold_account' ? (opening.get(first.accountId) ?? 0) : 0;
    const problem = firstBrokenRow(accountRows, start);
    if (!problem) continue;
    const { row, before } = problem;
    found.push(
      violation(
        'journal_running_balance',
        `Journal row #${row.id} (${row.account} ${row.accountId}, ${row.reason}) moves ${formatUSD(row.amount)} from ${formatUSD(before)} but records ${formatUSD(row.balanceAfter)} after it.`,
        [{ type: 'journal_entry', id: row.id, label: row.reason }],
      ),
    );
  }
  return found;
}

/**
 * One account's rows in id order, neighbours with one postedAt taken as a set: the first row that
 * does not follow on, with the balance before it.
 */
function firstBrokenRow(accountRows: LedgerJournalRow[], start: Cents) {
  let before = start;
  let group: LedgerJournalRow[] = [];
  for (const [i, current] of accountRows.entries()) {
    group.push(current);
    if (accountRows[i + 1]?.postedAt === current.postedAt) continue;
    for (let head = group[0]; head !== undefined; head = group[0]) {
      const next = group.find((row) => before + row.amount === row.balanceAfter);
      if (!next) return { row: head, before };
      before = next.balanceAfter;
      group = group.filter((row) => row !== next);
    }
  }
  return null;
}

/** A payroll cost as approval debits it (src/domain/distributions/payroll.ts). */
export function payrollCostOf(d: LedgerRows['distributions'][number]): Cents {
  return sum([d.totalPayroll, d.housingAllowance, d.insurancePayment, d.wireFee]);
}

/**
 * Balances set by hand (openings), and paid-out money coming home, which nets against paid out: cash
 * given back from an advance (decision 34) and a payment the bank returned (it never reached the
 * missionary and is on the fund again).
 */
function openingsAndComingHome(rows: LedgerRows): Array<[number, Partial<LedgerTotals>]> {
  const parts: Array<[number, Partial<LedgerTotals>]> = [];
  for (const j of rows.journal) {
    if (j.account !== 'user_fund') continue;
    if (j.reason === 'opening_balance' || j.reason === 'manual_adjustment')
      parts.push([j.accountId, { openings: j.amount }]);
    if (j.reason === CASH_RETURNED_REASON) parts.push([j.accountId, { paidOut: -j.amount }]);
  }
  for (const r of rows.paymentReturns ?? []) parts.push([r.userId, { paidOut: -r.amount }]);
  return parts;
}

/**
 * Money = Σ fund balances + Σ hold-account balances. For every missionary (and so for the office):
 * money − openings − donations + paid out = 0, where openings are hold accounts' opening balances and
 * fund balances set by hand, donations are what approved distributions counted, and paid out is read
 * from the payment records: each approved distribution's admin fee, payroll cost, reimbursements and
 * advances, each posted hold-account withdrawal, and each payout made when processing a report
 * outside a distribution (its general-fund part); less what came home: cash given back from an
 * advance and each payment batch line the bank returned (its amount is back on the fund).
 */
function checkConservation(rows: LedgerRows): { violations: LedgerViolation[]; totals: LedgerTotals } {
  const generalLines = sumBy(
    rows.lines.filter((line) => line.holdAccountId === null),
    (line) => line.reportId,
    (line) => line.amount,
  );
  const holdOwner = new Map(rows.holdAccounts.map((h) => [h.id, h.userId]));
  const add = (map: Map<number, LedgerTotals>, userId: number, part: Partial<LedgerTotals>) => {
    const entry = map.get(userId) ?? { money: 0, openings: 0, donations: 0, paidOut: 0 };
    for (const [key, value] of Object.entries(part) as Array<[keyof LedgerTotals, Cents]>) entry[key] += value;
    map.set(userId, entry);
  };
  const byUser = new Map<number, LedgerTotals>();
  for (const p of rows.profiles) add(byUser, p.userId, { money: p.fundBalance });
  for (const h of rows.holdAccounts) add(byUser, h.userId, { money: h.balance, openings: h.openingBalance });
  for (const [userId, part] of openingsAndComingHome(rows)) add(byUser, userId, part);
  for (const d of rows.distributions) {
    if (d.status !== 'approved') continue;
    const paidOut = sum([
      d.adminFee,
      payrollCostOf(d),
      d.ministryReimbursement,
      d.manualMinistryReimbursement,
      d.ministryAdvance,
      d.manualMinistryAdvance,
    ]);
    add(byUser, d.userId, { donations: d.totalDonations, paidOut });
  }
  for (const t of rows.holdTransactions) {
    if (t.status === 'posted' && t.type === 'Withdrawal')
      add(byUser, holdOwner.get(t.holdAccountId) ?? 0, { paidOut: t.amount });
  }
  for (const r of rows.reports) {
    if (r.type !== 'reimbursement' || !r.processed || r.distributionId !== null || r.payout === null) continue;
    add(byUser, r.userId, { paidOut: Math.min(r.payout, generalLines.get(r.id) ?? 0) });
  }
  const names = new Map(rows.profiles.map((p) => [p.userId, p.name]));
  const totals: LedgerTotals = { money: 0, openings: 0, donations: 0, paidOut: 0 };
  const violations: LedgerViolation[] = [];
  for (const [userId, t] of [...byUser].sort((a, b) => a[0] - b[0])) {
    for (const key of Object.keys(totals) as Array<keyof LedgerTotals>) totals[key] += t[key];
    const gap = t.money - t.openings - t.donations + t.paidOut;
    if (gap === 0) continue;
    violations.push(
      violation(
        'money_conserved',
        `${names.get(userId) ?? `User #${userId}`} holds ${formatUSD(t.money)} (fund and hold accounts), but opening balances ${formatUSD(t.openings)} + donations ${formatUSD(t.donations)} − paid out ${formatUSD(t.paidOut)} = ${formatUSD(t.openings + t.donations - t.paidOut)}: ${formatUSD(Math.abs(gap))} ${gap > 0 ? 'appeared' : 'disappeared'}.`,
        [{ type: 'user', id: userId, label: names.get(userId) }],
      ),
    );
  }
  return { violations, totals };
}

function checkFicaStatus(rows: LedgerRows): LedgerViolation[] {
  return rows.profiles
    .filter((p) => !ficaAllowed(p.taxStatus, p.ficaTax))
    .map((p) =>
      violation(
        'fica_tax_status',
        p.taxStatus === null
          ? `${p.name} has FICA ticked and no tax status; FICA is withheld only for W2 employees, so distributions compute without it. Choose the tax status W2 (or untick FICA) on the profile.`
          : `${p.name} is stored as ${p.taxStatus} with FICA ticked; FICA applies only to W2 employees, so distributions compute without it. Untick FICA on the profile.`,
        [{ type: 'user', id: p.userId, label: p.name }],
      ),
    );
}

/** One missionary, one distribution per day: every pair (pending or approved) that shares a day. */
function checkOverlaps(rows: LedgerRows): LedgerViolation[] {
  const names = new Map(rows.profiles.map((p) => [p.userId, p.name]));
  const days = (d: LedgerDistribution) => `${formatUSDate(d.startDate)}–${formatUSDate(d.endDate)}`;
  return overlappingPairs(rows.distributions).map(([a, b]) => {
    const name = names.get(a.userId) ?? `User #${a.userId}`;
    return violation(
      'distribution_overlap',
      `${name}'s ${a.status} distribution ${a.id} (${days(a)}) and ${b.status} distribution ${b.id} (${days(b)}) share days${a.status === 'approved' && b.status === 'approved' ? ': those days were paid twice' : ''}.`,
      [
        { type: 'user', id: a.userId, label: name },
        { type: 'distribution', id: a.id },
        { type: 'distribution', id: b.id },
      ],
    );
  });
}
