import type { Cents } from '../money';
import type { HoldAccountInput, TransactionRequest, TransactionType } from './types';

/** docs/product.md §2.4: a manual transaction is described "Mat Day Manual {type}". */
export function manualDescription(type: TransactionType): string {
  return `Mat Day Manual ${type}`;
}

export function recurringDescription(type: TransactionType): string {
  return `Mat Day Recurring ${type}`;
}

export const UNREIMBURSED_REIMBURSEMENT = 'Unreimbursed Reimbursement';

/** The account's recurring amount of one type (0 = none). */
export function recurringAmount(account: HoldAccountInput, type: TransactionType): Cents {
  switch (type) {
    case 'Deposit':
      return account.recurringDeposit;
    case 'Transfer':
      return account.recurringTransfer;
    case 'Withdrawal':
      return account.recurringWithdrawal;
  }
}

/**
 * The recurring MAT Day items of one account: one per non-zero recurring amount, not yet approved.
 * They count only once staff tick them (docs/product.md §4, §9); the approval table shows them unticked.
 */
export function buildRecurringItems(account: HoldAccountInput): TransactionRequest[] {
  const types: TransactionType[] = ['Deposit', 'Transfer', 'Withdrawal'];
  return types
    .filter((type) => recurringAmount(account, type) > 0)
    .map((type) => ({
      accountId: account.id,
      type,
      amount: recurringAmount(account, type),
      amountApproved: null,
      approved: false,
      recurring: true,
      description: recurringDescription(type),
    }));
}

/** A row of the Add Transaction dialog: approved as soon as staff add it. */
export function buildManualTransaction(accountId: number, type: TransactionType, amount: Cents): TransactionRequest {
  return {
    accountId,
    type,
    amount,
    amountApproved: null,
    approved: true,
    recurring: false,
    description: manualDescription(type),
  };
}
