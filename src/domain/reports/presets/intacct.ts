import type { AccountingMapping } from './kinds';
import { amountOrBlank, type Layout, text, usDate } from './layout';

/** The journal the entries go to: Sage Intacct's general journal symbol. */
export const INTACCT_JOURNAL = 'GJ';

/** Intacct's own dimensions are imported under fixed column names; any other is a user-defined GLDIM column. */
const STANDARD_DIMENSIONS: Record<string, string> = {
  location: 'LOCATION_ID',
  department: 'DEPARTMENT_ID',
  project: 'PROJECTID',
  customer: 'CUSTOMERID',
  vendor: 'VENDORID',
  employee: 'EMPLOYEEID',
  item: 'ITEMID',
  class: 'CLASSID',
};

export function intacctDimensionColumn(mapping: AccountingMapping): string {
  const key = mapping.dimension.trim().toLowerCase();
  return STANDARD_DIMENSIONS[key] ?? `GLDIM${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/**
 * Sage Intacct GL journal entry import: JOURNAL, DATE and DESCRIPTION (at most 30 characters, the
 * entry's number first) on an entry's first line only, which starts the entry; LINE_NO counts from
 * 1; ACCT_NO is the account number; the missionary goes in the dimension column.
 */
export const INTACCT: Layout = {
  format: 'intacct',
  extension: 'csv',
  separator: ',',
  bom: false,
  header: (mapping) => [
    [
      'JOURNAL',
      'DATE',
      'DESCRIPTION',
      'LINE_NO',
      'ACCT_NO',
      'DEBIT',
      'CREDIT',
      'MEMO',
      intacctDimensionColumn(mapping),
    ],
  ],
  rows: (entry) =>
    entry.lines.map((line, index) => [
      index === 0 ? INTACCT_JOURNAL : '',
      index === 0 ? usDate(entry.date) : '',
      index === 0 ? text(`${entry.number} ${entry.missionaryName}`.slice(0, 30)) : '',
      String(index + 1),
      text(line.account.number),
      amountOrBlank(line.debit),
      amountOrBlank(line.credit),
      text(line.memo),
      text(line.dimension),
    ]),
};
