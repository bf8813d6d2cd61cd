import type { IsoDate } from '../dates';
import { type Cents, sum, toDecimalString } from '../money';

/**
 * A downloadable report as plain values, before it becomes CSV or Excel. Builders in this folder
 * produce it from plain inputs; the server writes it (src/server/reports/write-*.ts).
 *
 * Cell values by column kind:
 * - `text`: a string (escaped against formula injection when written, see `escapeFormula`);
 * - `money`: integer cents (written as a real number, never escaped: `-12.34` stays a number);
 * - `date`: a `YYYY-MM-DD` string (a real date in Excel);
 * - `integer`: a whole number (ids);
 * - `decimal`: an exact decimal as text, e.g. an exchange rate "0.913200" (a number in Excel).
 * `null` is an empty cell in every kind.
 */
export type ColumnKind = 'text' | 'money' | 'date' | 'integer' | 'decimal';

export interface Column {
  header: string;
  kind: ColumnKind;
  /** Money columns with a total in the totals row. */
  total?: boolean;
  /** Width in characters for Excel. */
  width?: number;
}

export type Cell = string | number | null;

export interface ReportTable {
  /** Sheet name in Excel (at most 31 characters, no []:*?/\). */
  sheetName: string;
  columns: Column[];
  rows: Cell[][];
  /** Columns kept in view when scrolling right in Excel (the header row always is). */
  frozenColumns?: number;
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

/**
 * A text cell that starts with `=`, `+`, `-`, `@`, tab or carriage return gets a leading single
 * quote, so Excel, LibreOffice and Google Sheets show it as text instead of running it. Only text
 * cells are escaped; numbers are written as numbers (so negative amounts stay numbers).
 */
export function escapeFormula(text: string): string {
  return TRIGGER_CODES.has(text.charCodeAt(0)) ? `'${text}` : text;
}

/** The triggers' character codes: one look-up per cell (the journal export escapes millions). */
const TRIGGER_CODES = new Set<number>(FORMULA_TRIGGERS.map((trigger) => trigger.charCodeAt(0)));

/** The sums of the columns marked `total` (cents), null for the others. */
export function columnTotals(table: ReportTable): Array<Cents | null> {
  return table.columns.map((column, index) => {
    if (!column.total) return null;
    return sum(table.rows.map((row) => (typeof row[index] === 'number' ? (row[index] as number) : 0)));
  });
}

/** One cell as CSV text: money as "1234.50", dates as YYYY-MM-DD, text escaped. */
export function csvText(column: Column, value: Cell): string {
  if (value === null) return '';
  switch (column.kind) {
    case 'money':
      return toDecimalString(value as Cents);
    case 'integer':
      return String(value);
    case 'date':
    case 'decimal':
      return String(value);
    case 'text':
      return escapeFormula(String(value));
  }
}

/** Checks a builder's rows: each cell matches its column's kind (used by tests and the writers). */
export function cellProblem(column: Column, value: Cell): string | null {
  if (value === null) return null;
  switch (column.kind) {
    case 'money':
    case 'integer':
      return Number.isSafeInteger(value) ? null : `${column.header}: ${value} is not a whole number`;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : `${column.header}: not a date`;
    case 'decimal':
      return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? null : `${column.header}: not a decimal`;
    case 'text':
      return typeof value === 'string' ? null : `${column.header}: not text`;
  }
}

/** A date cell from a value that may be blank or the legacy "0000-00-00". */
export function dateCell(value: IsoDate | null | undefined): string | null {
  return value && !value.startsWith('0000') ? value.slice(0, 10) : null;
}
