import { amount, type Layout, text, usDate } from './layout';

const COLUMNS = ['TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'CLASS', 'AMOUNT', 'DOCNUM', 'MEMO'];

/**
 * QuickBooks Desktop IIF (File → Utilities → Import → IIF Files): tab-separated; the `!` lines name
 * the columns; each entry is a TRNS line (its first split), SPL lines, then ENDTRNS. Amounts are
 * signed, debits positive, and sum to zero per entry. ACCNT is the account name, CLASS the
 * missionary, DOCNUM the entry's number.
 */
export const IIF: Layout = {
  format: 'iif',
  extension: 'iif',
  separator: '\t',
  bom: false,
  header: () => [['!TRNS', 'TRNSID', ...COLUMNS], ['!SPL', 'SPLID', ...COLUMNS], ['!ENDTRNS']],
  rows: (entry) => {
    const [date, number] = [usDate(entry.date), text(entry.number)];
    return [
      ...entry.lines.map((line, index) => [
        index === 0 ? 'TRNS' : 'SPL',
        '',
        'GENERAL JOURNAL',
        date,
        text(line.account.name),
        '',
        text(line.dimension),
        amount(line.debit - line.credit),
        number,
        text(line.memo),
      ]),
      ['ENDTRNS'],
    ];
  },
};
