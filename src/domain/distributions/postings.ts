import type { AdvanceStatus } from '../advances/states';
import type { IsoDate } from '../dates';
import type { JournalAccountKind } from '../ledger/types';
import type { Cents } from '../money';
import type { DistributionFields, DistributionResult, ExpenseReportResult, TransactionResult } from './types';

/**
 * What approving a distribution writes (docs/distribution.md "What approval posts"), decided here
 * and only written by the server (src/server/distributions/approve.ts): the journal rows of every
 * balance it moves, the hold accounts' and the profile's new balances, the reports it processes,
 * the older reports' unpaid parts it pays down oldest first, the advances it pays or releases and
 * the donations it deposits. Pure: the engine's result and the reports still owed go in, rows come out.
 */

/** One journal row. `transaction` is the 1-based position of its hold-account transaction, else null. */
export interface Posting {
  transaction: number | null;
  account: JournalAccountKind;
  accountId: number;
  amount: Cents;
  balanceAfter: Cents;
  reason: string;
  memo: string;
}

/** A processed report of the user with an unpaid part (`date`: start date, else submitted, else created). */
export interface OwedReport {
  id: number;
  date: IsoDate;
  unreimbursed: Cents;
}

/** A report paid down: what it owed, what is paid now and what it still owes. */
export interface Paydown {
  reportId: number;
  owed: Cents;
  paid: Cents;
  unreimbursedAfter: Cents;
}

/** A report the approval processes: the engine's figures and what it pays out in all. */
export interface ProcessedReport extends ExpenseReportResult {
  /** Paid from the general fund plus paid by hold-account withdrawals. */
  payout: Cents;
}

/** An advance as it stood before the approval, and as the approval leaves it when it pays it. */
export interface AdvanceState {
  id: number;
  status: AdvanceStatus;
  matDate: IsoDate | null;
}

/** A paid advance's new state: its amount approved and paid, its status and MAT date. */
export interface PaidAdvance extends AdvanceState {
  amount: Cents;
}

/**
 * The paid advances as approval leaves them: a requested advance becomes approved (one approved
 * outside the distribution keeps its later state, decision 14 in docs/decisions.md), and one
 * without a MAT date is paid on the approval's date (an advance missing from `before` counts as
 * requested without one).
 */
export function paidAdvances(
  paid: ApprovalWrites['advancesPaid'],
  before: readonly AdvanceState[],
  approvedOn: IsoDate,
): PaidAdvance[] {
  return paid.map(({ id, amount }) => {
    const was = before.find((advance) => advance.id === id);
    const status: AdvanceStatus = was === undefined || was.status === 'requested' ? 'approved' : was.status;
    return { id, amount, status, matDate: was?.matDate ?? approvedOn };
  });
}

/** A hold-account transaction the approval posts (its id is drawn when it is written). */
export interface PostedTransaction {
  holdAccountId: number;
  transactionType: TransactionResult['transaction_type'];
  transactionAmount: Cents;
  amountApproved: Cents;
  addedUnreimbursedAmount: Cents;
  description: string;
  expenseId: number | null;
  donationId: number | null;
  recurring: boolean;
  startingBalance: Cents;
  startingUnreimbursedAmount: Cents;
  endingBalance: Cents;
}

export interface ApprovalWrites {
  /** The engine's hold-account transactions, posted in this order (journal rows name them by 1-based position). */
  transactions: PostedTransaction[];
  journal: Posting[];
  /** Hold accounts whose balance or unreimbursed amount moved, with the new figures. */
  holdAccounts: Array<{ id: number; balance: Cents; unreimbursedAmount: Cents }>;
  /** Decision 8 (docs/decisions.md): the ending figures carry forward onto the profile. */
  profile: { fundBalance: Cents; unreimbursedAmount: Cents };
  /** The reports the distribution includes, processed with their dist amounts and payout. */
  reports: ProcessedReport[];
  paydown: Paydown[];
  /** Ticked advances paid something: approved with dist_amount_approved = amount. */
  advancesPaid: Array<{ id: number; amount: Cents }>;
  /** Ticked advances paid nothing: released for a later month. */
  advancesReleased: number[];
  /** Donations deposited into their hold account (`approved`); the others are not. */
  donationsDeposited: number[];
  /** Every donation the distribution takes, each flagged deposited or not. */
  donations: number[];
}

/**
 * Pays `amount` down over the reports still owed, oldest first (by date, then id), never more than
 * a report owes. Rows that owe nothing are skipped; what the reports cannot absorb is not paid (the
 * engine pays at most the starting unreimbursed amount, which is the sum of what they owe).
 */
export function payOldestFirst(owed: readonly OwedReport[], amount: Cents): Paydown[] {
  const oldestFirst = [...owed].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  const paydown: Paydown[] = [];
  let left = amount;
  for (const report of oldestFirst) {
    if (left <= 0) break;
    if (report.unreimbursed <= 0) continue;
    const paid = Math.min(report.unreimbursed, left);
    left -= paid;
    paydown.push({
      reportId: report.id,
      owed: report.unreimbursed,
      paid,
      unreimbursedAfter: report.unreimbursed - paid,
    });
  }
  return paydown;
}

/**
 * The user's general fund journalled step by step from starting_balance to ending_balance, then
 * the unreimbursed amount (accrued, reimbursed). Rows that move nothing are left out.
 */
export function userPostings(d: DistributionFields, payrollCost: Cents): Posting[] {
  const steps: Array<[reason: string, amount: Cents, memo: string]> = [
    ['distribution_donations', d.total_donations, 'Donations'],
    ['distribution_admin_fee', -d.admin_fee, 'Admin fee'],
    ['distribution_payroll', -payrollCost, 'Payroll, housing, insurance and wire fee'],
    ['distribution_transfer', d.transfer_from_held, 'Transfers from hold accounts'],
    ['distribution_deposit', -d.held_liability_account_deposit, 'Deposits into hold accounts'],
    [
      'distribution_reimbursement',
      -(d.ministry_reimbursement + d.manual_ministry_reimbursement),
      'Business expense reimbursement',
    ],
    ['distribution_advance', -(d.ministry_advance + d.manual_ministry_advance), 'Business expense advance'],
  ];
  const posting = (account: JournalAccountKind, amount: Cents, balanceAfter: Cents, reason: string, memo: string) =>
    ({ transaction: null, account, accountId: d.user_id, amount, balanceAfter, reason, memo }) satisfies Posting;
  const journal: Posting[] = [];
  let fund = d.starting_balance;
  for (const [reason, amount, memo] of steps) {
    fund += amount;
    journal.push(posting('user_fund', amount, fund, reason, memo));
  }
  if (fund !== d.ending_balance) {
    // The engine's conservation (waterfall step 10, docs/distribution.md) guarantees this; refuse rather than post a gap.
    throw new Error(`distribution fund journal ends at ${fund}, not ${d.ending_balance}`);
  }
  const accrued = d.unreimbursed_amount_starting + d.unreimbursed_amount_accrued;
  journal.push(
    posting(
      'user_unreimbursed',
      d.unreimbursed_amount_accrued,
      accrued,
      'distribution_accrued',
      'Report amounts not paid this month',
    ),
    posting(
      'user_unreimbursed',
      -d.unreimbursed_reimbursement,
      d.unreimbursed_amount_ending,
      'distribution_reimbursed',
      'Unreimbursed amount paid',
    ),
  );
  return journal.filter((entry) => entry.amount !== 0);
}

/** Each hold-account transaction's rows: its balance, and its unreimbursed amount when that moved. */
export function holdAccountPostings(distributionId: number, d: DistributionFields): Posting[] {
  return d.hold_account_transactions.flatMap((t, index): Posting[] => {
    const memo = `Distribution #${distributionId}: ${t.description}`;
    const sign = t.transaction_type === 'Deposit' ? 1 : -1;
    const rows: Posting[] = [
      {
        transaction: index + 1,
        account: 'hold_account',
        accountId: t.hold_account_id,
        amount: sign * t.amount_approved,
        balanceAfter: t.ending_balance,
        reason: `distribution_${t.transaction_type.toLowerCase()}`,
        memo,
      },
      {
        transaction: index + 1,
        account: 'hold_account_unreimbursed',
        accountId: t.hold_account_id,
        amount: t.ending_unreimbursed_amount - t.starting_unreimbursed_amount,
        balanceAfter: t.ending_unreimbursed_amount,
        reason:
          t.source === 'unreimbursed_reimbursement'
            ? 'distribution_unreimbursed_reimbursement'
            : 'distribution_shortfall',
        memo,
      },
    ];
    return rows.filter((entry) => entry.amount !== 0);
  });
}

/** Everything approving distribution `distributionId` writes, from the engine's recomputed result. */
export function approvalWrites(
  distributionId: number,
  result: DistributionResult,
  owed: readonly OwedReport[],
): ApprovalWrites {
  const d = result.distribution;
  const ticked = d.processedAdvanceRequests.filter((a) => a.approved);
  return {
    transactions: d.hold_account_transactions.map((t) => ({
      holdAccountId: t.hold_account_id,
      transactionType: t.transaction_type,
      transactionAmount: t.transaction_amount,
      amountApproved: t.amount_approved,
      addedUnreimbursedAmount: t.added_unreimbursed_amount,
      description: t.description,
      expenseId: t.expense_id,
      donationId: t.donation_id,
      recurring: t.recurring,
      startingBalance: t.starting_balance,
      startingUnreimbursedAmount: t.starting_unreimbursed_amount,
      endingBalance: t.ending_balance,
    })),
    journal: [...holdAccountPostings(distributionId, d), ...userPostings(d, result.figures.payrollCost)],
    holdAccounts: result.holdAccounts
      .filter(
        (a) => a.endingBalance !== a.startingBalance || a.endingUnreimbursedAmount !== a.startingUnreimbursedAmount,
      )
      .map((a) => ({ id: a.id, balance: a.endingBalance, unreimbursedAmount: a.endingUnreimbursedAmount })),
    profile: { fundBalance: d.ending_balance, unreimbursedAmount: d.unreimbursed_amount_ending },
    reports: d.processedExpenseReports.map((report) => ({
      ...report,
      payout: report.dist_amount_reimbursed + report.dist_hold_account_withdrawals,
    })),
    paydown: payOldestFirst(owed, d.unreimbursed_reimbursement),
    advancesPaid: ticked
      .filter((a) => a.dist_amount_approved > 0)
      .map((a) => ({ id: a.id, amount: a.dist_amount_approved })),
    advancesReleased: ticked.filter((a) => a.dist_amount_approved === 0).map((a) => a.id),
    donationsDeposited: result.donations.filter((donation) => donation.approved).map((donation) => donation.id),
    donations: result.donations.map((donation) => donation.id),
  };
}
