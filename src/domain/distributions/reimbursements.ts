import { type Cents, sum } from '../money';
import type { GeneralFund } from './general-fund';
import { reportsOldestFirst } from './plan';
import type { ExpenseReportInput, ExpenseReportResult, TransactionResult } from './types';
import type { Warnings } from './warnings';

export interface Reimbursements {
  /** Paid towards the user's starting unreimbursed amount (unreimbursed_reimbursement). */
  unreimbursedReimbursement: Cents;
  /** Per report, oldest first (processedExpenseReports). */
  reports: ExpenseReportResult[];
  /** Σ dist_amount_reimbursed of the reports. */
  reportsReimbursed: Cents;
  /** Σ dist_amount_unreimbursed: what accrues to the user's unreimbursed amount. */
  accrued: Cents;
  /** Σ report totals (total_expenses). */
  totalExpenses: Cents;
  manualReimbursement: Cents;
}

/**
 * Waterfall step 7 (docs/distribution.md): reimbursements oldest first from what is still distributable. First the
 * user's starting unreimbursed amount (the oldest debt), then each report by date: its expenses
 * charged to hold accounts were already paid by withdrawals (step 5c); the rest of the report is
 * paid from the general fund as far as it goes, and what cannot be paid accrues. Last the manual
 * business reimbursement, capped by what is left (it has no report behind it, so nothing accrues).
 */
export function payReimbursements(args: {
  fund: GeneralFund;
  startingUnreimbursed: Cents;
  reports: readonly ExpenseReportInput[];
  /** The ledger's transactions; the expense withdrawals among them say what hold accounts paid. */
  transactions: readonly TransactionResult[];
  manualReimbursement: Cents;
  warnings: Warnings;
}): Reimbursements {
  const { fund, warnings } = args;
  const unreimbursedReimbursement = fund.pay(args.startingUnreimbursed);
  if (unreimbursedReimbursement < args.startingUnreimbursed) {
    warnings.limited(
      'reimbursement_limited',
      'Starting unreimbursed amount',
      args.startingUnreimbursed,
      unreimbursedReimbursement,
      'the distributable funds; the rest stays owed',
    );
  }

  const reports = reportsOldestFirst(args.reports).map((report): ExpenseReportResult => {
    const withdrawals = args.transactions.filter((row) => row.expense_report_id === report.id);
    const charged = sum(report.holdAccountCharges.map((charge) => charge.amount));
    const generalPart = report.totalAmount - charged;
    const reimbursed = fund.pay(generalPart);
    if (reimbursed < generalPart) {
      warnings.limited(
        'reimbursement_limited',
        `Expense report ${report.id}`,
        generalPart,
        reimbursed,
        'the distributable funds; the rest accrues to the unreimbursed amount',
        { expenseReportId: report.id },
      );
    }
    return {
      id: report.id,
      date: report.date,
      total_amount: report.totalAmount,
      dist_amount_reimbursed: reimbursed,
      dist_hold_account_withdrawals: sum(withdrawals.map((row) => row.amount_approved)),
      dist_amount_unreimbursed: generalPart - reimbursed,
      hold_account_unreimbursed: sum(withdrawals.map((row) => row.added_unreimbursed_amount)),
    };
  });

  const manualReimbursement = fund.pay(args.manualReimbursement);
  if (manualReimbursement < args.manualReimbursement) {
    warnings.limited(
      'manual_reimbursement_limited',
      'Manual business reimbursement',
      args.manualReimbursement,
      manualReimbursement,
      'the distributable funds',
    );
  }

  return {
    unreimbursedReimbursement,
    reports,
    reportsReimbursed: sum(reports.map((report) => report.dist_amount_reimbursed)),
    accrued: sum(reports.map((report) => report.dist_amount_unreimbursed)),
    totalExpenses: sum(reports.map((report) => report.total_amount)),
    manualReimbursement,
  };
}
