import type { THoldAccount, THoldAccountTransaction } from '../../domain/hold-accounts/contract';
import type { TransactionType } from '../../domain/hold-accounts/schemas';
import { toDollars } from '../../domain/money';
import type { holdAccounts, holdAccountTransactions } from '../db/schema';

type HoldAccountRow = typeof holdAccounts.$inferSelect;
type TransactionRow = typeof holdAccountTransactions.$inferSelect;

export interface Owner {
  id: number;
  name: string;
  missionaryNumber: string | null;
}

/** docs/product.md §3 Hold account, with its owner's name; money in dollars. */
export function serializeHoldAccount(row: HoldAccountRow, owner: Owner | null): THoldAccount {
  return {
    id: row.id,
    user_id: row.userId,
    user: owner ? { id: owner.id, name: owner.name, missionary_number: owner.missionaryNumber } : null,
    user_name: owner?.name ?? null,
    fund_name: row.fundName,
    opening_balance: toDollars(row.openingBalance),
    balance: toDollars(row.balance),
    unreimbursed_amount: toDollars(row.unreimbursedAmount),
    mat_day_recurring_deposit: toDollars(row.matDayRecurringDeposit),
    mat_day_recurring_transfer: toDollars(row.matDayRecurringTransfer),
    mat_day_recurring_withdrawal: toDollars(row.matDayRecurringWithdrawal),
    status: row.archivedAt ? 'archived' : 'active',
    archived_at: row.archivedAt ? row.archivedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type SerializedHoldAccount = ReturnType<typeof serializeHoldAccount>;

const optionalDollars = (cents: number | null) => (cents === null ? null : toDollars(cents));

/** docs/product.md §3 Hold account transaction (stored form) plus who entered it and whether it may be deleted. */
export function serializeTransaction(
  row: TransactionRow,
  extra: { createdByName: string | null; deletable: boolean },
): THoldAccountTransaction {
  return {
    id: row.id,
    hold_account_id: row.holdAccountId,
    transaction_type: row.transactionType as TransactionType,
    transaction_amount: toDollars(row.transactionAmount),
    amount_approved: optionalDollars(row.amountApproved),
    added_unreimbursed_amount: toDollars(row.addedUnreimbursedAmount),
    description: row.description,
    expense_id: row.expenseId,
    advance_request_id: row.advanceRequestId,
    donation_id: row.donationId,
    distribution_id: row.distributionId,
    recurring: row.recurring ? 1 : 0,
    approved: row.approved ? 1 : 0,
    starting_balance: optionalDollars(row.startingBalance),
    starting_unreimbursed_amount: optionalDollars(row.startingUnreimbursedAmount),
    ending_balance: optionalDollars(row.endingBalance),
    mat_date: row.matDate,
    status: row.status,
    created_by: row.createdBy,
    created_by_name: extra.createdByName,
    created_at: row.createdAt.toISOString(),
    deletable: extra.deletable,
  };
}
