import type { IsoDate } from '../dates';
import { type Cents, toDecimalString } from '../money';
import type { Terms } from '../terms';
import type { ReportTable } from './table';

/**
 * The field-worker expense report (GET /reports/field-worker-expenses): every expense and mileage
 * line dated in the chosen range, of every submitted report, with who, which report, the category,
 * the foreign amount and rate, the USD amount and the hold account it is charged to.
 */
export interface ExpenseLine {
  kind: 'expense' | 'mileage';
  id: number;
  reportId: number;
  reportType: 'reimbursement' | 'advance';
  /** Submitted, Processed or Archived (docs/product.md §3 flags in words). */
  reportStatus: string;
  dateSubmitted: IsoDate | null;
  userName: string;
  missionaryNumber: string | null;
  date: IsoDate;
  category: string | null;
  description: string | null;
  /** Foreign-currency amount in hundredths (expenses only). */
  fieldCurrency: Cents | null;
  /** Exact decimal text, e.g. "0.913200" (expenses only). */
  exchangeRate: string | null;
  /** ISO 4217 code of the currency amount (decision 22); null when unknown or for mileage. */
  currency: string | null;
  /** Exact decimal text in the report's unit (mileage only). */
  distance: string | null;
  distanceUnit: 'km' | 'mi' | null;
  usdAmount: Cents;
  holdAccount: string | null;
}

const TYPE_LABELS = { reimbursement: 'Reimbursement', advance: 'Advance' } as const;
const UNIT_LABELS = { km: 'Kilometers', mi: 'Miles' } as const;

/** Trailing zeros of a stored rate dropped ("0.913200" → "0.9132", "1.000000" → "1"). */
export function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

export function fieldWorkerExpensesTable(lines: readonly ExpenseLine[], terms: Terms): ReportTable {
  return {
    sheetName: 'Expenses',
    frozenColumns: 2,
    columns: [
      { header: terms.missionary, kind: 'text', width: 26 },
      { header: `${terms.missionary} #`, kind: 'text', width: 14 },
      { header: 'Report ID', kind: 'integer', width: 10 },
      { header: 'Report Type', kind: 'text', width: 14 },
      { header: 'Report Status', kind: 'text', width: 13 },
      { header: 'Date Submitted', kind: 'date', width: 14 },
      { header: 'Line Type', kind: 'text', width: 10 },
      { header: 'Line ID', kind: 'integer', width: 9 },
      { header: 'Date', kind: 'date', width: 12 },
      { header: 'Category', kind: 'text', width: 22 },
      { header: 'Description', kind: 'text', width: 32 },
      { header: 'Currency Amount', kind: 'decimal', width: 16 },
      { header: 'Exchange Rate', kind: 'decimal', width: 14 },
      { header: 'Distance', kind: 'decimal', width: 10 },
      { header: 'Distance Unit', kind: 'text', width: 13 },
      { header: 'USD Amount', kind: 'money', total: true, width: 14 },
      { header: 'Hold Account', kind: 'text', width: 22 },
      // Decision 22: the code of the currency amount, so the office can check a rate against a receipt.
      { header: 'Currency', kind: 'text', width: 10 },
    ],
    rows: lines.map((line) => [
      line.userName,
      line.missionaryNumber,
      line.reportId,
      TYPE_LABELS[line.reportType],
      line.reportStatus,
      line.dateSubmitted,
      line.kind === 'expense' ? 'Expense' : 'Mileage',
      line.id,
      line.date,
      line.category,
      line.description,
      line.fieldCurrency === null ? null : toDecimalString(line.fieldCurrency),
      line.exchangeRate === null ? null : trimDecimal(line.exchangeRate),
      line.distance === null ? null : trimDecimal(line.distance),
      line.distanceUnit ? UNIT_LABELS[line.distanceUnit] : null,
      line.usdAmount,
      line.holdAccount,
      line.currency,
    ]),
  };
}
