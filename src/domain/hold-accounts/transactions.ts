import { type Cents, formatUSD } from '../money';
import type { TransactionType } from './schemas';

/**
 * What a manual hold-account transaction moves (decision 4, docs/decisions.md):
 * - Deposit: from the missionary's general fund into the hold account;
 * - Transfer: from the hold account into the missionary's general fund;
 * - Withdrawal: paid out of the hold account.
 * Amounts are positive; the deltas carry the sign.
 */
export interface TransactionEffect {
  holdDelta: Cents;
  fundDelta: Cents;
}

export function transactionEffect(type: TransactionType, amount: Cents): TransactionEffect {
  switch (type) {
    case 'Deposit':
      return { holdDelta: amount, fundDelta: -amount };
    case 'Transfer':
      return { holdDelta: -amount, fundDelta: amount };
    case 'Withdrawal':
      return { holdDelta: -amount, fundDelta: 0 };
  }
}

/** Deleting a transaction undoes exactly its effect. */
export function reversalEffect(type: TransactionType, amount: Cents): TransactionEffect {
  const effect = transactionEffect(type, amount);
  return { holdDelta: -effect.holdDelta, fundDelta: -effect.fundDelta };
}

/** A withdrawal or transfer may not take the balance below zero; returns the field message or null. */
export function overdrawProblem(type: TransactionType, amount: Cents, balance: Cents): string | null {
  const { holdDelta } = transactionEffect(type, amount);
  if (holdDelta >= 0 || balance + holdDelta >= 0) return null;
  const what = type === 'Transfer' ? 'transfer' : 'withdrawal';
  return `The ${what} of ${formatUSD(amount)} is more than the account balance of ${formatUSD(balance)}.`;
}

export interface DeletableTransaction {
  transactionType: TransactionType;
  transactionAmount: Cents;
  recurring: boolean;
  expenseId: number | null;
  distributionId: number | null;
  status: string;
}

/**
 * Only manual transactions can be deleted: not recurring, not paying an expense, not part of a
 * distribution, and not one whose reversal would overdraw the account (a deposit already spent).
 */
export function deleteProblem(transaction: DeletableTransaction, balance: Cents): string | null {
  if (transaction.recurring) return 'Recurring MAT Day transactions cannot be deleted here.';
  if (transaction.expenseId !== null) return 'Transactions that pay an expense cannot be deleted.';
  if (transaction.distributionId !== null || transaction.status !== 'posted') {
    return 'This transaction is part of a distribution. Please delete or modify the distribution first.';
  }
  const { holdDelta } = reversalEffect(transaction.transactionType, transaction.transactionAmount);
  if (balance + holdDelta < 0) {
    return `Deleting this deposit would take the balance of ${formatUSD(balance)} below zero.`;
  }
  return null;
}

/** "Manual Deposit" when no description is given. */
export function defaultDescription(type: TransactionType): string {
  return `Manual ${type}`;
}
