import fc from 'fast-check';
import type { JournalLine } from '../src/domain/reports/journal';
import { presetEntry } from '../src/domain/reports/presets/entries';
import { intacctDimensionColumn } from '../src/domain/reports/presets/intacct';
import { ACCOUNT_KINDS, type AccountingMapping, NO_MAPPING } from '../src/domain/reports/presets/kinds';
import { JOURNAL_FORMATS, type JournalFormat } from '../src/domain/reports/presets/layout';
import { LAYOUTS } from '../src/domain/reports/presets/layouts';
import { startsNewPart, XERO_MAX_LINES } from '../src/domain/reports/presets/xero';
import { mappingOf, monthArbitrary, monthEntries, monthLines, writeAll } from './journal/month';
import {
  type ReadEntry,
  readAplos,
  readIif,
  readIntacct,
  readQbo,
  readSheepfoldCsv,
  readXero,
  totalsByAccount,
  unbalanced,
} from './journal/readers';

/**
 * Every accounting preset read back by an independent reader (test/journal/readers.ts) that groups
 * rows as the package does: each entry balances, and the totals per account equal the journal's.
 */

function read(format: JournalFormat, text: string, mapping: AccountingMapping): ReadEntry[] {
  switch (format) {
    case 'csv':
      return readSheepfoldCsv(text);
    case 'qbo':
      return readQbo(text);
    case 'iif':
      return readIif(text);
    case 'xero':
      return readXero(text);
    case 'aplos':
      return readAplos(text);
    case 'intacct':
      return readIntacct(text, intacctDimensionColumn(mapping));
  }
}

/** How each package names an account: by name (QuickBooks), code (Xero, Intacct), or "number - name" (Aplos). */
function accountKey(format: JournalFormat, account: { number: string; name: string }): string {
  if (format === 'qbo' || format === 'iif') return account.name;
  if (format === 'aplos') return `${account.number} - ${account.name}`;
  return account.number;
}

/** The journal's own totals per account, from its lines and the mapping (not through the writers). */
function journalTotals(lines: readonly JournalLine[], mapping: AccountingMapping, format: JournalFormat) {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const to = mapping.accounts[line.kind] ?? { number: line.account.code, name: line.account.name };
    const key = accountKey(format, to);
    totals.set(key, (totals.get(key) ?? 0) + line.debit - line.credit);
  }
  return totals;
}

/** Σ debits per entry number, to compare layouts with each other. */
function entrySizes(entries: readonly ReadEntry[]): Map<string, number> {
  return new Map(
    entries.map((e) => [e.number, e.lines.reduce((total, l) => total + Math.max(l.amount, 0), 0)] as const),
  );
}

const withoutZeros = (totals: Map<string, number>) => new Map([...totals].filter(([, value]) => value !== 0));

describe('accounting presets read back independently', () => {
  it('every layout of a random month balances per entry and agrees with the journal and the others', () => {
    fc.assert(
      fc.property(monthArbitrary, fc.subarray([...ACCOUNT_KINDS]), (month, kinds) => {
        const mapping = mappingOf(kinds);
        const lines = monthLines(month);
        const entries = monthEntries(month, mapping);
        let sizes: Map<string, number> | null = null;
        for (const format of JOURNAL_FORMATS) {
          const read_ = read(format, writeAll(LAYOUTS[format], mapping, entries), mapping);
          expect(unbalanced(read_), format).toEqual([]);
          expect(
            read_.map((e) => e.number),
            format,
          ).toEqual(entries.map((e) => e.number));
          expect(withoutZeros(totalsByAccount(read_)), format).toEqual(
            withoutZeros(journalTotals(lines.flat(), mapping, format)),
          );
          const these = entrySizes(read_);
          if (sizes) expect(these, format).toEqual(sizes);
          sizes = these;
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('carries the entry date in each package’s format and the missionary in the dimension', () => {
    fc.assert(
      fc.property(monthArbitrary, (month) => {
        const entries = monthEntries(month, mappingOf(['missionary_funds'], 'Class'));
        for (const format of ['qbo', 'iif', 'xero', 'aplos', 'intacct'] as const) {
          const mapping = mappingOf(['missionary_funds'], 'Class');
          const read_ = read(format, writeAll(LAYOUTS[format], mapping, entries), mapping);
          expect(read_.map((e) => e.date)).toEqual(entries.map((e) => e.date));
          for (const [i, entry] of read_.entries()) {
            const who = `${entries[i].missionaryName} (${entries[i].missionaryNumber})`;
            expect(
              entry.lines.every((l) => l.dimension === who),
              format,
            ).toBe(true);
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 30_000);
});

describe('a worked entry in every layout', () => {
  // An office payout of $120.50 from Ruth's fund (report 7, paid 11/03/2026); a memo starting with
  // "=" shows that text cells are escaped against formula injection, amounts never.
  const lines: JournalLine[] = [
    {
      date: '2026-11-03',
      entry: 'PAYOUT-7',
      kind: 'missionary_funds',
      account: { code: '2600-M-12', name: 'Missionary Fund Balance — Ruth', type: 'Liability' },
      debit: 12050,
      credit: 0,
      memo: '=SUM(A1) report',
      distributionId: null,
      missionaryNumber: 'M-12',
      missionaryName: 'Ruth',
    },
    {
      date: '2026-11-03',
      entry: 'PAYOUT-7',
      kind: 'reimbursements',
      account: { code: '1000', name: 'Operating Cash', type: 'Asset' },
      debit: 0,
      credit: 12050,
      memo: '=SUM(A1) report',
      distributionId: null,
      missionaryNumber: 'M-12',
      missionaryName: 'Ruth',
    },
  ];
  const mapping: AccountingMapping = {
    accounts: { reimbursements: { number: '2300', name: 'Reimbursements Payable' } },
    dimension: 'Missionary',
  };
  const entry = presetEntry(lines, mapping);
  const file = (format: JournalFormat) => writeAll(LAYOUTS[format], mapping, [entry]);

  it.each<[JournalFormat, string]>([
    [
      'qbo',
      'JournalNo,JournalDate,AccountName,Debits,Credits,Description,Name,Class\r\n' +
        "PAYOUT-7,11/03/2026,Missionary Fund Balance — Ruth,120.50,,'=SUM(A1) report,,Ruth (M-12)\r\n" +
        "PAYOUT-7,11/03/2026,Reimbursements Payable,,120.50,'=SUM(A1) report,,Ruth (M-12)\r\n",
    ],
    [
      'iif',
      '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tCLASS\tAMOUNT\tDOCNUM\tMEMO\r\n' +
        '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tCLASS\tAMOUNT\tDOCNUM\tMEMO\r\n!ENDTRNS\r\n' +
        "TRNS\t\tGENERAL JOURNAL\t11/03/2026\tMissionary Fund Balance — Ruth\t\tRuth (M-12)\t120.50\tPAYOUT-7\t'=SUM(A1) report\r\n" +
        "SPL\t\tGENERAL JOURNAL\t11/03/2026\tReimbursements Payable\t\tRuth (M-12)\t-120.50\tPAYOUT-7\t'=SUM(A1) report\r\n" +
        'ENDTRNS\r\n',
    ],
    [
      'xero',
      '*Narration,*Date,Description,*AccountCode,*TaxRate,*Amount,TrackingName1,TrackingOption1\r\n' +
        "PAYOUT-7 Paid at processing — Ruth (M-12),03/11/2026,'=SUM(A1) report,2600-M-12,Tax Exempt,120.50,Missionary,Ruth (M-12)\r\n" +
        "PAYOUT-7 Paid at processing — Ruth (M-12),03/11/2026,'=SUM(A1) report,2300,Tax Exempt,-120.50,Missionary,Ruth (M-12)\r\n",
    ],
    [
      'aplos',
      'Date,Memo,Account,Fund,Debit,Credit\r\n' +
        '11/03/2026,PAYOUT-7 Paid at processing — Ruth (M-12),2600-M-12 - Missionary Fund Balance — Ruth,Ruth (M-12),120.50,\r\n' +
        ',,2300 - Reimbursements Payable,Ruth (M-12),,120.50\r\n',
    ],
    [
      'intacct',
      'JOURNAL,DATE,DESCRIPTION,LINE_NO,ACCT_NO,DEBIT,CREDIT,MEMO,GLDIMMISSIONARY\r\n' +
        "GJ,11/03/2026,PAYOUT-7 Ruth,1,2600-M-12,120.50,,'=SUM(A1) report,Ruth (M-12)\r\n" +
        ",,,2,2300,,120.50,'=SUM(A1) report,Ruth (M-12)\r\n",
    ],
    [
      'csv',
      '\ufeffDate,Entry,Account,Account Name,Debit,Credit,Memo,Distribution ID,Missionary #,Missionary\r\n' +
        "2026-11-03,PAYOUT-7,2600-M-12,Missionary Fund Balance — Ruth,120.50,,'=SUM(A1) report,,M-12,Ruth\r\n" +
        "2026-11-03,PAYOUT-7,2300,Reimbursements Payable,,120.50,'=SUM(A1) report,,M-12,Ruth\r\n",
    ],
  ])('%s', (format, expected) => {
    expect(file(format)).toBe(expected);
  });

  it('names the Intacct dimension column as Intacct imports it', () => {
    expect(intacctDimensionColumn({ ...NO_MAPPING, dimension: 'Class' })).toBe('CLASSID');
    expect(intacctDimensionColumn({ ...NO_MAPPING, dimension: 'Department' })).toBe('DEPARTMENT_ID');
    expect(intacctDimensionColumn({ ...NO_MAPPING, dimension: 'Missionary fund' })).toBe('GLDIMMISSIONARY_FUND');
  });

  it.each([
    // [lines already in the part, lines of the next entry, starts a new part]
    [0, 400, false], // an entry longer than the limit fills a part alone
    [280, 20, false], // 280 + 20 = 300: still fits
    [280, 21, true], // 280 + 21 = 301: the next part
    [300, 1, true],
  ])('Xero: %i lines in the part, an entry of %i lines → new part %s', (inPart, entryLines, expected) => {
    expect(startsNewPart(inPart, entryLines)).toBe(expected);
    expect(XERO_MAX_LINES).toBe(300);
  });
});
