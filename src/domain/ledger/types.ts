import type { Cents } from '../money';
import type { TaxStatus } from '../users/tax-status';
import type { LedgerLeftBehind } from './left-behind';

/**
 * The rows the ledger check reads (docs/distribution.md "Ledger invariants"), money in cents. The
 * server reader (src/server/ledger/read-ledger.ts) loads them from a live database; the check itself
 * (check.ts) is pure.
 */
export type JournalAccountKind = 'user_fund' | 'user_unreimbursed' | 'hold_account' | 'hold_account_unreimbursed';

export interface LedgerProfile {
  userId: number;
  name: string;
  fundBalance: Cents;
  unreimbursedAmount: Cents;
  taxStatus: TaxStatus | null;
  ficaTax: boolean;
}

export interface LedgerHoldAccount {
  id: number;
  userId: number;
  fundName: string;
  openingBalance: Cents;
  balance: Cents;
  unreimbursedAmount: Cents;
}

export interface LedgerJournalRow {
  id: number;
  account: JournalAccountKind;
  accountId: number;
  amount: Cents;
  balanceAfter: Cents;
  reason: string;
  /**
   * When it was written (ms). Rows of one posting share it; one statement may give them ids in any
   * order (PostgreSQL), so their running balances are checked as a set.
   */
  postedAt: number;
}

export interface LedgerHoldTransaction {
  id: number;
  holdAccountId: number;
  type: 'Deposit' | 'Transfer' | 'Withdrawal';
  /** What moved (amount_approved; the typed amount when none was recorded). */
  amount: Cents;
  status: 'pending' | 'posted' | 'reversed';
  expenseId: number | null;
  distributionId: number | null;
}

export interface LedgerReport {
  id: number;
  userId: number;
  type: 'reimbursement' | 'advance';
  totalAmount: Cents;
  unreimbursedAmount: Cents;
  payout: Cents | null;
  processed: boolean;
  distributionId: number | null;
  advanceRequestId: number | null;
}

/** A report line: an expense (maybe charged to a hold account) or a mileage trip (never charged). */
export interface LedgerLine {
  id: number;
  kind: 'expense' | 'mileage';
  reportId: number;
  amount: Cents;
  holdAccountId: number | null;
}

export interface LedgerAdvance {
  id: number;
  userId: number;
  status: 'requested' | 'approved' | 'submitted' | 'closed';
  approved: boolean;
  amountRequested: Cents;
  amountApproved: Cents | null;
  distAmountApproved: Cents | null;
  distributionId: number | null;
  archived: boolean;
}

export interface LedgerDistribution {
  id: number;
  userId: number;
  status: 'pending' | 'approved' | 'reversed';
  /** Its days, both included (one missionary's distributions never share one). */
  startDate: string;
  endDate: string;
  totalDonations: Cents;
  adminFee: Cents;
  totalPayroll: Cents;
  housingAllowance: Cents;
  insurancePayment: Cents;
  wireFee: Cents;
  ministryReimbursement: Cents;
  manualMinistryReimbursement: Cents;
  ministryAdvance: Cents;
  manualMinistryAdvance: Cents;
  /** processed_advance_requests entries that paid something (ticked, dist_amount_approved > 0). */
  paidAdvances: Array<{ id: number; amount: Cents }>;
  /** processed_expense_reports ids (the reports it included and processed). */
  reportIds: number[];
}

export interface LedgerRows {
  profiles: LedgerProfile[];
  holdAccounts: LedgerHoldAccount[];
  journal: LedgerJournalRow[];
  holdTransactions: LedgerHoldTransaction[];
  reports: LedgerReport[];
  lines: LedgerLine[];
  advances: LedgerAdvance[];
  distributions: LedgerDistribution[];
  /** Undistributed donations per missionary and upload (left-behind.ts); absent = none read. */
  leftBehind?: LedgerLeftBehind[];
  /** Payment batch lines recorded as returned (docs/payments.md "Returns"); absent = none read. */
  paymentReturns?: Array<{ lineId: number; userId: number; amount: Cents }>;
}

export type LedgerCheckId =
  | 'fund_balance_journal'
  | 'unreimbursed_journal'
  | 'unreimbursed_reports'
  | 'hold_balance_journal'
  | 'hold_unreimbursed_journal'
  | 'hold_balance_transactions'
  | 'journal_running_balance'
  | 'advance_paid_once'
  | 'advance_closed_payable'
  | 'report_line_paid_once'
  | 'money_conserved'
  | 'fica_tax_status'
  | 'distribution_overlap'
  | 'donations_left_behind';

/** One record a finding is about: `{ type: 'hold_account', id: 7, label: 'Okafor Vehicle Fund' }`. */
export interface LedgerRecord {
  type:
    | 'user'
    | 'hold_account'
    | 'journal_entry'
    | 'hold_account_transaction'
    | 'expense_report'
    | 'expense'
    | 'advance_request'
    | 'distribution'
    | 'upload'
    | 'office';
  id: number | null;
  label?: string;
}

export interface LedgerViolation {
  check: LedgerCheckId;
  severity: 'error' | 'warning';
  message: string;
  records: LedgerRecord[];
}

export interface LedgerCheckResult {
  /** Every check that ran, in order, with the number of findings of each. */
  checks: Array<{ id: LedgerCheckId; title: string; severity: 'error' | 'warning'; findings: number }>;
  violations: LedgerViolation[];
  /** The conservation figures (cents), for the report. */
  totals: LedgerTotals;
}

export interface LedgerTotals {
  /** Σ fund balances + Σ hold-account balances. */
  money: Cents;
  /** Σ hold-account opening balances + Σ user_fund journal rows of reason opening_balance / manual_adjustment. */
  openings: Cents;
  /** Σ total_donations of approved distributions. */
  donations: Cents;
  /** Everything paid out, from the payment records. */
  paidOut: Cents;
}
