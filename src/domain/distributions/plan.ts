import { compareDates } from '../dates';
import type { Cents } from '../money';
import type {
  DistributionInput,
  ExpenseReportInput,
  TransactionRequest,
  TransactionSource,
  TransactionType,
} from './types';
import type { Warnings } from './warnings';

/** One hold-account movement to grant, with the amount staff asked for after the typed-amount rule. */
export interface PlannedTransaction {
  accountId: number;
  type: TransactionType;
  source: Exclude<TransactionSource, 'unreimbursed_reimbursement'>;
  description: string;
  /** Amount requested (transaction_amount). */
  requested: Cents;
  /** What staff want granted: the typed amount, else the requested one. Caps apply to this. */
  target: Cents;
  recurring: boolean;
  expenseId: number | null;
  expenseReportId: number | null;
  donationId: number | null;
}

export interface TransactionPlan {
  transfers: PlannedTransaction[];
  deposits: PlannedTransaction[];
  withdrawals: PlannedTransaction[];
}

/** Reports oldest first (waterfall step 7, docs/distribution.md): by date, then id so equal dates are deterministic. */
export function reportsOldestFirst(reports: readonly ExpenseReportInput[]): ExpenseReportInput[] {
  return [...reports].sort((a, b) => compareDates(a.date, b.date) || a.id - b.id);
}

/**
 * Every hold-account movement of the distribution, in the order the caps are applied. The order
 * decides who gets less when a balance or the distributable funds run short, so it never depends
 * on the order rows were loaded in:
 * - deposits: designated donations (by donation id, honouring the donor first), then recurring
 *   deposits (by account id), then manual ones (in the order staff added them);
 * - transfers and withdrawals: recurring first (by account id), then manual; withdrawals start with
 *   the expenses charged to the account (reports oldest first, then expense id), because those are
 *   money the missionary has already spent.
 */
export function planTransactions(input: DistributionInput, warnings: Warnings): TransactionPlan {
  const approved = input.transactions.filter((row) => row.approved);
  const fundNames = new Map(input.holdAccounts.map((account) => [account.id, account.fundName]));
  const requested = (type: TransactionType) =>
    [
      ...approved
        .filter((row) => row.type === type && row.recurring)
        .sort((a, b) => (a.accountId ?? 0) - (b.accountId ?? 0)),
      ...approved.filter((row) => row.type === type && !row.recurring),
    ].map((row) => planRequest(row, fundNames.get(row.accountId!) ?? '', warnings));

  const donationDeposits = [...input.donations]
    .filter((donation) => donation.holdAccountId !== null && donation.approved)
    .sort((a, b) => a.id - b.id)
    .flatMap((donation): PlannedTransaction[] => {
      if (donation.amount <= 0) {
        // A reversal cannot be "deposited"; it simply stays in total_donations (general fund).
        warnings.add(
          'designated_donation_not_deposited',
          `Donation ${donation.id} is not positive and stays in the general fund.`,
          { donationId: donation.id },
        );
        return [];
      }
      return [
        {
          accountId: donation.holdAccountId!,
          type: 'Deposit',
          source: 'donation',
          description: `Designated donation ${donation.id}`,
          requested: donation.amount,
          target: donation.amount,
          recurring: false,
          expenseId: null,
          expenseReportId: null,
          donationId: donation.id,
        },
      ];
    });

  const expenseWithdrawals = reportsOldestFirst(input.expenseReports).flatMap((report) =>
    [...report.holdAccountCharges]
      .sort((a, b) => a.expenseId - b.expenseId)
      .map(
        (charge): PlannedTransaction => ({
          accountId: charge.holdAccountId,
          type: 'Withdrawal',
          source: 'expense',
          description: `Expense ${charge.expenseId} (report ${report.id})`,
          requested: charge.amount,
          target: charge.amount,
          recurring: false,
          expenseId: charge.expenseId,
          expenseReportId: report.id,
          donationId: null,
        }),
      ),
  );

  return {
    transfers: requested('Transfer'),
    deposits: [...donationDeposits, ...requested('Deposit')],
    withdrawals: [...expenseWithdrawals, ...requested('Withdrawal')],
  };
}

/**
 * The typed-amount rule of docs/product.md §5 (stated for advances) applied to hold-account rows too: a
 * typed amount above the requested amount is a mistake and grants 0, never more than was asked.
 */
function planRequest(row: TransactionRequest, fundName: string, warnings: Warnings): PlannedTransaction {
  let target = row.amountApproved ?? row.amount;
  if (row.amountApproved !== null && row.amountApproved > row.amount) {
    warnings.limited(
      'transaction_typed_above_requested',
      `${row.description || row.type} (${fundName})`,
      row.amountApproved,
      0,
      'a typed amount above the requested amount is not granted',
      { holdAccountId: row.accountId! },
    );
    target = 0;
  }
  return {
    accountId: row.accountId!,
    type: row.type!,
    source: row.recurring ? 'recurring' : 'manual',
    description: row.description,
    requested: row.amount,
    target,
    recurring: row.recurring,
    expenseId: null,
    expenseReportId: null,
    donationId: null,
  };
}
