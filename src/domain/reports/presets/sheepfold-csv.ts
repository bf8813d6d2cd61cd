import { amountOrBlank, type Layout, text } from './layout';

/**
 * Sheepfold's own journal CSV (the layout of GET /reports/accounting-journal, docs/reports.md): ISO
 * dates, the entry, account number and name (mapped where settings map them), debit, credit, memo,
 * the distribution and the missionary.
 */
export const SHEEPFOLD_CSV: Layout = {
  format: 'csv',
  extension: 'csv',
  separator: ',',
  bom: true,
  header: (mapping) => [
    [
      'Date',
      'Entry',
      'Account',
      'Account Name',
      'Debit',
      'Credit',
      'Memo',
      'Distribution ID',
      text(`${mapping.dimension} #`),
      text(mapping.dimension),
    ],
  ],
  rows: (entry) => {
    const [number, distribution, missionaryNumber, missionaryName] = [
      text(entry.number),
      entry.distributionId === null ? '' : String(entry.distributionId),
      text(entry.missionaryNumber ?? ''),
      text(entry.missionaryName),
    ];
    return entry.lines.map((line) => [
      entry.date,
      number,
      text(line.account.number),
      text(line.account.name),
      amountOrBlank(line.debit),
      amountOrBlank(line.credit),
      text(line.memo),
      distribution,
      missionaryNumber,
      missionaryName,
    ]);
  },
};
