import type { Layout } from './layout';
import { amountOrBlank, text, usDate } from './layout';

/**
 * QuickBooks Online journal import (Settings → Import data → Journal Entries): rows with the same
 * JournalNo form one entry. AccountName is the account's name (QuickBooks matches names; account
 * numbers must be off while importing). Class carries the missionary. Name stays empty: it must be
 * an existing customer, vendor or employee, and the missionary is already the class.
 */
export const QBO: Layout = {
  format: 'qbo',
  extension: 'csv',
  separator: ',',
  bom: false,
  header: () => [['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name', 'Class']],
  rows: (entry) => {
    const [number, date] = [text(entry.number), usDate(entry.date)];
    return entry.lines.map((line) => [
      number,
      date,
      text(line.account.name),
      amountOrBlank(line.debit),
      amountOrBlank(line.credit),
      text(line.memo),
      '',
      text(line.dimension),
    ]);
  },
};
