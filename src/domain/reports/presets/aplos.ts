import { amountOrBlank, type Layout, text, usDate } from './layout';

/**
 * Aplos journal entry import: Date and Memo only on the first row of an entry — that pair starts the
 * next entry, so repeating it would split one entry into unbalanced ones. Account is "number - name";
 * Fund is the missionary (Aplos keeps funds natively).
 */
export const APLOS: Layout = {
  format: 'aplos',
  extension: 'csv',
  separator: ',',
  bom: false,
  header: () => [['Date', 'Memo', 'Account', 'Fund', 'Debit', 'Credit']],
  rows: (entry) =>
    entry.lines.map((line, index) => [
      index === 0 ? usDate(entry.date) : '',
      index === 0 ? text(`${entry.number} ${entry.description}`) : '',
      text(`${line.account.number} - ${line.account.name}`),
      text(line.dimension),
      amountOrBlank(line.debit),
      amountOrBlank(line.credit),
    ]),
};
