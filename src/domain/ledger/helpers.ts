import type { Cents } from '../money';
import type { LedgerCheckId, LedgerRecord, LedgerViolation } from './types';

/** Every invariant the ledger check runs (docs/distribution.md "Ledger invariants"), in order. */
export const LEDGER_CHECKS: ReadonlyArray<{ id: LedgerCheckId; title: string; severity: 'error' | 'warning' }> = [
  { id: 'fund_balance_journal', title: 'Every fund balance equals its journal', severity: 'error' },
  { id: 'unreimbursed_journal', title: "Every missionary's unreimbursed amount equals its journal", severity: 'error' },
  {
    id: 'unreimbursed_reports',
    title: "Every missionary's unreimbursed amount equals the unpaid parts of their processed reports",
    severity: 'error',
  },
  { id: 'hold_balance_journal', title: 'Every hold-account balance equals its journal', severity: 'error' },
  {
    id: 'hold_unreimbursed_journal',
    title: "Every hold account's unreimbursed amount equals its journal",
    severity: 'error',
  },
  { id: 'hold_balance_transactions', title: 'Every hold-account balance equals its transactions', severity: 'error' },
  {
    id: 'journal_running_balance',
    title: "Every journal row's balance follows from the one before",
    severity: 'error',
  },
  { id: 'advance_paid_once', title: 'Every advance is paid at most once', severity: 'error' },
  { id: 'advance_closed_payable', title: 'An approved advance stays payable until it is paid', severity: 'error' },
  { id: 'report_line_paid_once', title: 'Every report and report line is paid at most once', severity: 'error' },
  { id: 'money_conserved', title: 'No money appears or disappears', severity: 'error' },
  { id: 'fica_tax_status', title: 'FICA is ticked only for tax status W2', severity: 'warning' },
  {
    id: 'distribution_overlap',
    title: 'No two distributions of one missionary share a day (pending or approved)',
    severity: 'error',
  },
  {
    id: 'donations_left_behind',
    title: 'No donation is left undistributed after a distribution covered its month',
    severity: 'warning',
  },
];

export function sumBy<T>(items: readonly T[], key: (item: T) => number | string, value: (item: T) => Cents) {
  const sums = new Map<number | string, Cents>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
  return sums;
}

export function violation(check: LedgerCheckId, message: string, records: LedgerRecord[]): LedgerViolation {
  const severity = LEDGER_CHECKS.find((c) => c.id === check)?.severity ?? 'error';
  return { check, severity, message, records };
}
