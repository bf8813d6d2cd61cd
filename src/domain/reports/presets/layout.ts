import type { IsoDate } from '../../dates';
import { type Cents, toDecimalString } from '../../money';
import { escapeFormula } from '../table';
import type { PresetEntry } from './entries';
import type { AccountingMapping } from './kinds';

/**
 * What every layout writer is: header rows once, then each entry's rows, as text cells. The server
 * serialises them as they come (CSV or, for IIF, tab-separated), so an export is never built whole.
 */
export const JOURNAL_FORMATS = ['csv', 'qbo', 'iif', 'xero', 'aplos', 'intacct'] as const;
export type JournalFormat = (typeof JOURNAL_FORMATS)[number];

export interface Layout {
  format: JournalFormat;
  /** The file's extension: csv, or iif for QuickBooks Desktop. */
  extension: 'csv' | 'iif';
  separator: ',' | '\t';
  /** Sheepfold's own CSV starts with a byte-order mark (Excel); import files do not (their headers are matched as typed). */
  bom: boolean;
  header(mapping: AccountingMapping): string[][];
  rows(entry: PresetEntry, mapping: AccountingMapping): string[][];
}

/** A text cell: formula triggers quoted (docs/reports.md "Formula injection"), never a number. */
export function text(value: string): string {
  return escapeFormula(value);
}

/** An amount as a plain number "1234.50"; blank for zero where the layout has debit and credit columns. */
export function amount(cents: Cents): string {
  return toDecimalString(cents);
}

export function amountOrBlank(cents: Cents): string {
  return cents === 0 ? '' : toDecimalString(cents);
}

/** MM/DD/YYYY (QuickBooks, Aplos, Sage Intacct in the United States). */
export function usDate(date: IsoDate): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

/** dd/mm/yyyy (Xero's import). */
export function dayFirstDate(date: IsoDate): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

const CSV_SPECIAL = /[",\r\n]/;
const TSV_SPECIAL = /[\t\r\n]/;

// The two record writers run for every line of an export (a million for a year of 5,000
// missionaries): plain loops, and a cell is rewritten only when a test finds something to change.

/** One CSV record (RFC 4180, CRLF): a cell with a comma, quote or line break is quoted. */
export function csvRecord(cells: readonly string[]): string {
  let line = '';
  let separator = '';
  for (const cell of cells) {
    line += separator + (CSV_SPECIAL.test(cell) ? `"${cell.includes('"') ? cell.replaceAll('"', '""') : cell}"` : cell);
    separator = ',';
  }
  return `${line}\r\n`;
}

/** One tab-separated record (IIF): tabs and line breaks inside a cell become spaces, as IIF has no quoting. */
export function tsvRecord(cells: readonly string[]): string {
  let line = '';
  let separator = '';
  for (const cell of cells) {
    line += separator + (TSV_SPECIAL.test(cell) ? cell.replace(/[\t\r\n]+/g, ' ') : cell);
    separator = '\t';
  }
  return `${line}\r\n`;
}

export function record(layout: Layout, cells: readonly string[]): string {
  return layout.separator === ',' ? csvRecord(cells) : tsvRecord(cells);
}
