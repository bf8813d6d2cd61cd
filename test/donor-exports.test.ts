import fs from 'node:fs';
import path from 'node:path';
import {
  type ColumnRole,
  headerSignature,
  normalizeMapping,
  planColumns,
  suggestedMapping,
} from '../src/domain/donations/columns';
import { parseDelimited } from '../src/domain/donations/csv';
import { dateWarning, readGiftDate, skipReason, uploadMonth } from '../src/domain/donations/gift-fields';
import { canonicalRows, readDonationTable, type SourceRow } from '../src/domain/donations/import-file';
import { buildPreview, type Directory } from '../src/domain/donations/import-preview';
import { decodeText, detectDelimiter } from '../src/domain/donations/text';

/**
 * Decision 24 (docs/decisions.md): donor-system exports as they come (test/fixtures/donor-exports, modelled on
 * the column sets Denari, Realm, Subsplash and Planning Center document for their gift exports, and
 * the two presets of docs/samples). Missionaries and funds are the demo's.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
function table(file: string): SourceRow[] {
  const { text } = decodeText(fs.readFileSync(path.join(ROOT, file)));
  return parseDelimited(text, detectDelimiter(text));
}

const directory: Directory = {
  missionaries: [
    { id: 1, name: 'Ruth Okafor', missionaryNumber: '1001', archived: false },
    { id: 2, name: 'Daniel Kim', missionaryNumber: '1002', archived: false },
    { id: 3, name: 'Maria Santos', missionaryNumber: '1003', archived: false },
    { id: 8, name: 'Peter Novak', missionaryNumber: '1008', archived: false },
  ],
  holdAccounts: [
    { id: 10, fundName: 'Okafor Vehicle Fund', userId: 1, archived: false },
    { id: 30, fundName: 'Santos Ministry Projects', userId: 3, archived: false },
  ],
};

const PC_MAPPING: Record<string, ColumnRole> = {
  'Donation ID': 'ignore',
  'Received On': 'date',
  'Fund Amount': 'amount',
  'Payment Source': 'ignore',
};

interface Case {
  file: string;
  mapping?: Record<string, ColumnRole>;
  amountColumn?: string;
  /** userId → [gifts, total cents] */
  byMissionary: Record<number, [number, number]>;
  skipped: Array<[number, string]>;
  skippedTotal: number;
  warnings: number[];
  donors: number;
}

const CASES: Case[] = [
  {
    file: 'test/fixtures/donor-exports/denari.csv',
    // Ruth: 1,250.00 (Okafor Vehicle Fund) + 75.00 (fund "1001") = 1,325.00
    // Maria: 200.00 (fund "Maria Santos") + 2,000.50 (Santos Ministry Projects) = 2,200.50
    // Peter: (25.00) (fund "1008") = -25.00
    byMissionary: { 1: [2, 132500], 3: [2, 220050], 8: [1, -2500] },
    skipped: [],
    skippedTotal: 0,
    warnings: [5], // 10/30/2026 is in October
    donors: 3, // D-0042, D-0107, D-0311
  },
  {
    file: 'test/fixtures/donor-exports/realm.csv',
    // Ruth: 100.00 + 1,000.00 (both Okafor Vehicle Fund; donor "Daniel Kim" is not the missionary) = 1,100.00
    // Maria: 50.00 (fund "1003"; donor "Ruth Okafor" is not the missionary); 300.00 voided
    // Peter: 2,500.00 (fund "Peter Novak")
    byMissionary: { 1: [2, 110000], 3: [1, 5000], 8: [1, 250000] },
    skipped: [[5, 'Voided']],
    skippedTotal: 30000,
    warnings: [6], // 12/01/2026 is in December
    donors: 4, // Peter Brown, Daniel Kim, Ruth Okafor, Susan Lee
  },
  {
    file: 'test/fixtures/donor-exports/subsplash.csv',
    // Ruth: 500.00 (Okafor Vehicle Fund) + 1,200.00 (fund "1001") = 1,700.00; Peter: 40.00
    byMissionary: { 1: [2, 170000], 8: [1, 4000] },
    // 75.25 + 40.00 + 60.00 = 175.25
    skipped: [
      [4, 'Refunded'],
      [6, 'Failed'],
      [7, 'Disputed'],
    ],
    skippedTotal: 17525,
    warnings: [],
    donors: 3, // SS-1001, SS-1002, SS-1004
  },
  {
    file: 'test/fixtures/donor-exports/subsplash-fees.csv',
    amountColumn: 'Net amount',
    // Ruth: 485.20 + 1,200.00 = 1,685.20 (net of fees); Tom's 72.77 refunded
    byMissionary: { 1: [2, 168520] },
    skipped: [[4, 'Refunded']],
    skippedTotal: 7277,
    warnings: [],
    donors: 2,
  },
  {
    file: 'test/fixtures/donor-exports/planning-center.csv',
    mapping: PC_MAPPING,
    // Ruth: 1,000.00 (Okafor Vehicle Fund); Maria: 150.00 (fund "1003") + 45.50 (Santos Ministry Projects) = 195.50
    byMissionary: { 1: [1, 100000], 3: [2, 19550] },
    skipped: [[4, 'Refunded']], // 80.00 to Peter Novak, refunded
    skippedTotal: 8000,
    warnings: [5], // 2026-10-28
    donors: 2, // Person IDs 5550101, 5550102
  },
  {
    file: 'docs/samples/per-fund-totals.csv',
    // Ruth: 3,420.00 (41 gifts) + 150.00 (2) = 3,570.00, 43 gifts; Maria 1,500.00 (2); Peter (50.00) (0)
    byMissionary: { 1: [43, 357000], 3: [2, 150000], 8: [0, -5000] },
    skipped: [],
    skippedTotal: 0,
    warnings: [],
    donors: 0,
  },
  {
    file: 'docs/samples/per-gift.csv',
    // Ruth: 1,000.00 + 75.00 = 1,075.00; Maria 125.50; Peter 40.00 (60.00 refunded)
    byMissionary: { 1: [2, 107500], 3: [1, 12550], 8: [1, 4000] },
    skipped: [[5, 'Refunded']],
    skippedTotal: 6000,
    warnings: [6], // 2026-10-31
    donors: 3,
  },
];

describe('donor exports, as they come', () => {
  it.each(CASES)('$file', (c) => {
    const read = readDonationTable(table(c.file), {
      mapping: c.mapping ? normalizeMapping(c.mapping) : null,
      amountColumn: c.amountColumn ?? null,
      month: '2026-11',
    });
    expect(read.errors).toEqual([]);
    const preview = buildPreview(read, directory);
    expect(preview.problems).toEqual([]);
    expect(preview.canImport).toBe(true);
    const totals = Object.fromEntries(preview.byMissionary.map((m) => [m.userId, [m.count, m.total]]));
    expect(totals).toEqual(c.byMissionary);
    expect(preview.skipped.map((s) => [s.rowNumber, s.reason])).toEqual(c.skipped);
    expect(preview.grand.skippedTotal).toBe(c.skippedTotal);
    expect(preview.warnings.map((w) => w.rowNumber)).toEqual(c.warnings);
    expect(preview.grand.donors).toBe(c.donors);
    // The control figure: the file's total is what was matched plus what was skipped.
    expect(preview.grand.fileTotal).toBe(preview.grand.matchedTotal + preview.grand.skippedTotal);
  });

  it('keeps the donor on each gift and never reads a donor as a missionary', () => {
    const preview = buildPreview(readDonationTable(table('test/fixtures/donor-exports/realm.csv')), directory);
    // Row 3: donor "Daniel Kim" (a missionary's name) gives to Ruth's vehicle fund.
    expect(preview.matched.find((m) => m.rowNumber === 3)).toMatchObject({
      userId: 1,
      holdAccountId: 10,
      donorName: 'Daniel Kim',
      giftDate: '2026-11-05',
    });
  });

  it('asks for a mapping when the columns are not recognised, with the first rows beside it', () => {
    const read = readDonationTable(table('test/fixtures/donor-exports/planning-center.csv'));
    expect(read.plan?.mappingNeeded).toBe(true);
    expect(read.plan?.unknown).toEqual(['Donation ID', 'Received On', 'Fund Amount', 'Payment Source']);
    expect(read.errors[0]).toMatch(/no Amount column/);
    expect(read.rows).toEqual([]);
    expect(read.sample).toHaveLength(4);
    expect(read.sample[0][7]).toBe('1,000.00');
  });

  it('asks which amount column when there are several', () => {
    const read = readDonationTable(table('test/fixtures/donor-exports/subsplash-fees.csv'));
    expect(read.plan).toMatchObject({ amountChoiceNeeded: true, mappingNeeded: false, amountColumns: [4, 6] });
    expect(read.errors).toEqual([
      'The file has several amount columns (Gross amount, Net amount); choose which one holds the gift.',
    ]);
  });

  it('a re-export with other column order and line endings has the same canonical rows (decision 12)', () => {
    const original = table('test/fixtures/donor-exports/realm.csv');
    const order = [7, 5, 2, 0, 3, 1, 6, 4];
    const reordered: SourceRow[] = original.map((row) => ({ ...row, cells: order.map((i) => row.cells[i]) }));
    const text = reordered.map((row) => row.cells.map((cell) => `"${cell}"`).join(',')).join('\r\n');
    const again = parseDelimited(text, ',');
    expect(canonicalRows(readDonationTable(again).rows)).toBe(canonicalRows(readDonationTable(original).rows));
  });

  it('the header signature ignores order, case and spacing', () => {
    expect(headerSignature(['Fund Amount', 'Received On', ''])).toBe(headerSignature([' received  on', 'FUND AMOUNT']));
    expect(headerSignature(['Fund Amount'])).not.toBe(headerSignature(['Fund Amount', 'Memo']));
  });

  it('suggests the roles the names give, and Ignore for the rest', () => {
    expect(suggestedMapping(['Fund', 'Received On', 'Gift Amount'])).toEqual({
      Fund: 'fund',
      'Received On': 'ignore',
      'Gift Amount': 'amount',
    });
  });

  it('a mapping overrides names: a Name column may be mapped to the missionary', () => {
    const plan = planColumns(['Name', 'Amount'], normalizeMapping({ Name: 'missionary' }));
    expect(plan.errors).toEqual([]);
    expect(plan.fields.missionary).toBe(0);
  });
});

describe('skipReason', () => {
  it.each([
    ['Voided', 'Yes', 'Voided'],
    ['Voided', 'TRUE', 'Voided'],
    ['Void', '1', 'Voided'],
    ['Voided', 'No', null],
    ['Voided', '', null],
    ['Voided', 'FALSE', null],
    ['Refunded', 'true', 'Refunded'],
    ['Refunded', 'false', null],
    ['status', 'refunded', 'Refunded'],
    ['status', 'Failed', 'Failed'],
    ['Payment Status', 'disputed', 'Disputed'],
    ['status', 'VOIDED', 'Voided'],
    ['status', 'succeeded', null],
    ['status', 'Completed', null],
    ['status', '', null],
  ])('%s = %j → %j', (header, value, reason) => {
    expect(skipReason(header, value)).toBe(reason);
  });
});

describe('gift dates and months', () => {
  it.each([
    ['2026-11-03', '2026-11-03'],
    ['2026-11-03T10:15:00Z', '2026-11-03'],
    ['2026-11-03 10:15:00', '2026-11-03'],
    ['11/3/2026', '2026-11-03'],
    ['11/03/26', '2026-11-03'],
    ['3-Nov-2026', '2026-11-03'],
    ['Nov 3, 2026', '2026-11-03'],
    ['2/30/2026', null],
    ['13/01/2026', null],
    ['soon', null],
  ])('%j → %j', (text, date) => {
    expect(readGiftDate(text)).toBe(date);
  });

  it.each([
    ['November 2026', '2026-11'],
    ['Nov 2026 gifts', '2026-11'],
    ['2026-11', '2026-11'],
    ['Gifts 11/2026', '2026-11'],
    ['Batch 7', null],
  ])('upload name %j is for %j', (name, month) => {
    expect(uploadMonth(name)).toBe(month);
  });

  it.each([
    ['2026-11-30', '2026-11', null],
    ['2026-12-01', '2026-11', "Gift date 2026-12-01 is outside the upload's month (2026-11)."],
    ['2026-12-01', null, null],
    ['later', '2026-11', 'Gift date "later" could not be read.'],
    ['', '2026-11', null],
  ])('%j in %j', (text, month, warning) => {
    expect(dateWarning(text, readGiftDate(text), month)).toBe(warning);
  });
});
