import { amount, dayFirstDate, type Layout, text } from './layout';

/** Xero imports at most this many lines from one file; more go into further files (a zip of parts). */
export const XERO_MAX_LINES = 300;

/** The tax rate journals carry: no tax on a transfer between funds (Xero's US rate name). */
export const XERO_TAX_RATE = 'Tax Exempt';

/**
 * Xero manual journal import (Accounting → Manual journals → Import): rows with the same Narration
 * and Date form one journal (the narration starts with the entry's number, so no two entries share
 * one). AccountCode is the account's code; Amount is positive for a debit, negative for a credit;
 * the missionary is an option of the tracking category named in settings. Imported journals are
 * drafts the bookkeeper posts in Xero.
 */
export const XERO: Layout = {
  format: 'xero',
  extension: 'csv',
  separator: ',',
  bom: false,
  header: () => [
    ['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount', 'TrackingName1', 'TrackingOption1'],
  ],
  rows: (entry, mapping) => {
    // The same on every line of the entry: made once (a year's export writes a million lines).
    const [narration, date, category] = [
      text(`${entry.number} ${entry.description}`),
      dayFirstDate(entry.date),
      text(mapping.dimension),
    ];
    return entry.lines.map((line) => [
      narration,
      date,
      text(line.memo),
      text(line.account.number),
      XERO_TAX_RATE,
      amount(line.debit - line.credit),
      category,
      text(line.dimension),
    ]);
  },
};

/**
 * Whether an entry of `entryLines` lines starts a new file: a journal is never split between files,
 * so a part closes before the entry that would take it past the limit (an entry longer than the
 * limit fills a part alone).
 */
export function startsNewPart(linesInPart: number, entryLines: number): boolean {
  return linesInPart > 0 && linesInPart + entryLines > XERO_MAX_LINES;
}
