import type { TransactionResult, TransactionType } from '../../../../domain/distributions';
import type { Cents } from '../../../../domain/money';

export const HOLD_DIALOG_TITLES: Record<TransactionType, string> = {
  Deposit: 'Hold Account Deposits',
  Transfer: 'Hold Account Transfers',
  Withdrawal: 'Hold Account Withdrawals',
};

/** One row of the engine's result with the form row it came from (manual rows only). */
export interface HoldDialogRow {
  row: TransactionResult;
  /** The form's key of a manual row (the only rows staff can delete), else null. */
  manualKey: string | null;
}

/**
 * Whether a row gets the red minus: docs/product.md §2.4 — only rows staff added by hand (not recurring,
 * no expense id, not derived from a donation or an unreimbursed amount), and never in read-only mode.
 */
export function canDeleteRow(entry: HoldDialogRow, readOnly: boolean): boolean {
  return (
    !readOnly &&
    entry.manualKey !== null &&
    !entry.row.recurring &&
    entry.row.expense_id === null &&
    entry.row.source === 'manual'
  );
}

/**
 * The rows one dialog lists: the engine's posted rows of that type — every one of them approved, so a
 * recurring item shows only once it is ticked — including, for withdrawals, the "Unreimbursed
 * Reimbursement" row the engine adds per fund whose starting unreimbursed amount is not zero.
 */
export function rowsOfType(entries: readonly HoldDialogRow[], type: TransactionType): HoldDialogRow[] {
  return entries.filter((entry) => entry.row.transaction_type === type && entry.row.approved);
}

/** What a row leaves owed: the shortfall added to the account, or for the Unreimbursed Reimbursement the part still unpaid. */
export function unreimbursedOf(row: TransactionResult): Cents {
  if (row.source === 'unreimbursed_reimbursement') return row.transaction_amount - row.amount_approved;
  return row.added_unreimbursed_amount;
}
