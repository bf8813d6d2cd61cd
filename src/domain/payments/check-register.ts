import type { IsoDate } from '../dates';
import type { Cents } from '../money';
import type { ReportTable } from '../reports/table';

/**
 * The check register of a payment batch (decision 31, docs/decisions.md): the payees whose payout
 * method is check, one row each, for the office to write or print the checks and record their
 * numbers. It is a report table like the others, so the server writes it with the same CSV writer
 * (RFC 4180, text cells escaped against formula injection: a payee named "=HYPERLINK(…)" stays
 * text) or as Excel.
 */
export interface CheckPayment {
  /** The date to write on the check: the batch's payment date. */
  date: IsoDate;
  payee_name: string;
  /** The missionary's account number or the organisation's id, for the office's own records. */
  payee_id: string;
  amount: Cents;
  /** The memo line, e.g. "Support November 2026". */
  memo: string;
}

/** Rows by payee name (as the office files them); a blank "Check #" column for the numbers used. */
export function checkRegisterTable(payments: readonly CheckPayment[]): ReportTable {
  const rows = [...payments]
    .sort((a, b) => a.payee_name.localeCompare(b.payee_name, 'en') || a.payee_id.localeCompare(b.payee_id, 'en'))
    .map((payment) => [payment.date, null, payment.payee_name, payment.payee_id, payment.amount, payment.memo]);
  for (const payment of payments) {
    if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
      throw new RangeError(`a check pays a positive whole number of cents, not ${payment.amount}`);
    }
  }
  return {
    sheetName: 'Check register',
    columns: [
      { header: 'Date', kind: 'date', width: 12 },
      { header: 'Check #', kind: 'text', width: 10 },
      { header: 'Payee', kind: 'text', width: 32 },
      { header: 'Payee ID', kind: 'text', width: 12 },
      { header: 'Amount', kind: 'money', total: true, width: 14 },
      { header: 'Memo', kind: 'text', width: 40 },
    ],
    rows,
    frozenColumns: 3,
  };
}
