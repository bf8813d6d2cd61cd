import { normalizeHeader, planColumns } from './columns';
import { readAmount, readCount, readDonationTable, type SourceRow } from './import-file';
import { buildPreview, type Directory, nameKey } from './import-preview';
import { decodeText, detectDelimiter } from './text';

const rows = (...lines: string[][]): SourceRow[] => lines.map((cells, index) => ({ rowNumber: index + 1, cells }));

describe('decodeText', () => {
  it.each([
    ['UTF-8 without a mark', [0x4a, 0x6f, 0x73, 0xc3, 0xa9], 'José', 'utf-8'],
    ['UTF-8 with a mark (the mark is dropped)', [0xef, 0xbb, 0xbf, 0x4a, 0x6f, 0x73, 0xc3, 0xa9], 'José', 'utf-8-bom'],
    // é is 0xE9 in Windows-1252; a lone 0xE9 is not valid UTF-8, so the file is read as 1252.
    ['Windows-1252', [0x4a, 0x6f, 0x73, 0xe9], 'José', 'windows-1252'],
    // 0x80 is the euro sign and 0x93/0x94 curly quotes in 1252 (not Latin-1 control characters).
    ['Windows-1252 specials', [0x80, 0x35, 0x20, 0x93, 0x78, 0x94], '€5 “x”', 'windows-1252'],
    ['UTF-16LE with a mark', [0xff, 0xfe, 0x41, 0x00, 0xe9, 0x00], 'Aé', 'utf-16le'],
    ['plain ASCII', [0x61, 0x2c, 0x62], 'a,b', 'utf-8'],
  ])('%s', (_name, bytes, text, encoding) => {
    expect(decodeText(Uint8Array.from(bytes))).toEqual({ text, encoding });
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['Fund,Amount,Count\n', ','],
    ['Fund;Amount;Count\n', ';'],
    ['Fund\tAmount\tCount\n', '\t'],
    ['"Fund; name",Amount\n', ','],
    ['\n\nFund|Amount\n', '|'],
    ['Amount\n', ','],
  ])('%j → %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('planColumns', () => {
  it.each([
    [['Fund', 'Amount', 'Count'], { fund: 0, count: 2 }, 1],
    [['FUND NAME', 'Total', 'Gifts'], { fund: 0, count: 2 }, 1],
    // a Name column is the donor's (decision 24), never the missionary's
    [['account', ' amount ', 'Account #', 'Name'], { fund: 0, accountNumber: 2, donor: 3 }, 1],
    [['Missionary_Number', 'Gift Amount'], { accountNumber: 0 }, 1],
    [['Acct#', 'Missionary Name', 'TOTAL'], { accountNumber: 0, missionary: 1 }, 2],
    [['Account Number', 'fund-name', 'donation amount', '# of gifts'], { accountNumber: 0, fund: 1, count: 3 }, 2],
  ])('%j', (cells, fields, amountIndex) => {
    const plan = planColumns(cells);
    expect(plan.errors).toEqual([]);
    expect(plan.fields).toEqual(fields);
    expect(plan.amountIndex).toBe(amountIndex);
  });

  it('lists headers it does not know', () => {
    expect(planColumns(['Fund', 'Amount', 'Received On', '']).unknown).toEqual(['Received On']);
  });

  it.each([
    [['Fund', 'Count'], /no Amount column/, true],
    [['Amount', 'Count'], /needs a Fund, Account # or Missionary column/, true],
    [['Name', 'Amount'], /needs a Fund, Account # or Missionary column/, true],
    [['Fund', 'Designation', 'Amount'], /two Fund \/ designation columns \("Fund" and "Designation"\)/, true],
    [['Fund', 'Amount', 'Total'], /several amount columns \(Amount, Total\)/, false],
  ])('refuses %j', (cells, message, mappingNeeded) => {
    const plan = planColumns(cells);
    expect(plan.errors.join(' ')).toMatch(message);
    expect(plan.mappingNeeded).toBe(mappingNeeded);
  });

  it('normalises case, separators and #', () => {
    expect(normalizeHeader('  Account_#  ')).toBe('account #');
    expect(normalizeHeader('Acct.No.')).toBe('acct no');
  });
});

describe('readAmount', () => {
  it.each([
    ['1,234.50', 123450],
    ['$12', 1200],
    ['(3.45)', -345],
    ['-$3.45', -345],
    [' 7 ', 700],
    ['0.5', 50],
    ['.25', 25],
  ])('%j → %i cents', (text, cents) => {
    expect(readAmount(text)).toEqual({ amount: cents, problem: null });
  });

  it.each([
    ['', 'Amount is missing.'],
    ['12.345', 'Amount "12.345" is not a dollar amount (at most 2 decimals).'],
    ['1.234,50', 'Amount "1.234,50" is not a dollar amount (at most 2 decimals).'],
    ['abc', 'Amount "abc" is not a dollar amount (at most 2 decimals).'],
    ['12,34', 'Amount "12,34" is not a dollar amount (at most 2 decimals).'],
    ['1e3', 'Amount "1e3" is not a dollar amount (at most 2 decimals).'],
  ])('%j is reported, not guessed', (text, problem) => {
    expect(readAmount(text)).toEqual({ amount: null, problem });
  });
});

describe('readCount', () => {
  it.each([
    ['3', 3],
    ['1,200', 1200],
    ['2.0', 2],
    ['0', 0],
  ])('%j → %i', (text, count) => {
    expect(readCount(text)).toEqual({ count, problem: null });
  });

  it.each([
    ['', 'Count is missing.'],
    ['2.5', 'Count "2.5" is not a whole number of gifts.'],
    ['-1', 'Count "-1" is not a whole number of gifts.'],
    ['many', 'Count "many" is not a whole number of gifts.'],
    ['99999999999', 'Count "99999999999" is too large.'],
  ])('%j is reported', (text, problem) => {
    expect(readCount(text)).toEqual({ count: null, problem });
  });
});

describe('readDonationTable', () => {
  it('skips blank rows, keeps the file row numbers, defaults count to 1 without a Count column', () => {
    const file = readDonationTable([
      { rowNumber: 1, cells: [''] },
      { rowNumber: 2, cells: ['Fund', 'Amount'] },
      { rowNumber: 3, cells: ['Books', '10'] },
      { rowNumber: 4, cells: ['', '  '] },
      { rowNumber: 5, cells: ['  Car   fund ', '(2.50)'] },
    ]);
    expect(file.errors).toEqual([]);
    expect(file.rows.map((row) => [row.rowNumber, row.fund, row.amount, row.count])).toEqual([
      [3, 'Books', 1000, 1],
      [5, 'Car fund', -250, 1],
    ]);
  });

  it('reports every unreadable value of a row', () => {
    const file = readDonationTable(rows(['Missionary', 'Amount', 'Count'], ['Ann', 'x', 'y']));
    expect(file.rows[0].problems).toEqual([
      'Amount "x" is not a dollar amount (at most 2 decimals).',
      'Count "y" is not a whole number of gifts.',
    ]);
  });

  it.each([
    [[], 'The file is empty.'],
    [[['', '']], 'The file is empty.'],
    [[['Fund', 'Amount']], 'The file has a header row but no donation rows.'],
    [
      [
        ['Date', 'Memo'],
        ['x', 'y'],
      ],
      'The file has no Amount column',
    ],
  ])('file problem %#', (lines, message) => {
    expect(readDonationTable(rows(...lines)).errors.join(' ')).toContain(message);
  });
});

describe('buildPreview', () => {
  const directory: Directory = {
    missionaries: [
      { id: 1, name: 'Ruth Moabite', missionaryNumber: 'M-1', archived: false },
      { id: 2, name: 'Boaz Bethlehem', missionaryNumber: 'M-2', archived: false },
      { id: 3, name: 'John Smith', missionaryNumber: null, archived: false },
      { id: 4, name: 'John Smith', missionaryNumber: 'M-4', archived: false },
      { id: 5, name: 'Orpah Gone', missionaryNumber: 'M-5', archived: true },
    ],
    holdAccounts: [
      { id: 10, fundName: 'Ruth Car Fund', userId: 1, archived: false },
      { id: 11, fundName: 'Old Roof', userId: 2, archived: true },
      { id: 12, fundName: 'Building', userId: 1, archived: false },
      { id: 13, fundName: 'building', userId: 2, archived: false },
    ],
  };
  const preview = (...lines: string[][]) =>
    buildPreview(readDonationTable(rows(['Fund', 'Account #', 'Missionary', 'Amount', 'Count'], ...lines)), directory);

  it.each([
    // fund → hold account (case and spaces ignored); the owner comes from the account
    [
      ['ruth  car FUND', '', '', '100', '2'],
      { userId: 1, holdAccountId: 10, fundName: 'Ruth Car Fund', matchedBy: 'fund' },
    ],
    // unknown fund text with a known Account # → the missionary's general fund, found by the Account #
    [
      ['General', 'm-2', '', '5', '1'],
      { userId: 2, holdAccountId: null, fundName: 'General', matchedBy: 'account_number' },
    ],
    // no fund, by name, "Last, First" accepted
    [['', '', 'Moabite, Ruth', '5', '1'], { userId: 1, holdAccountId: null, fundName: null, matchedBy: 'name' }],
    // a fund name two missionaries use, told apart by Account #: the hold account's fund found it
    [['Building', 'M-2', '', '5', '1'], { userId: 2, holdAccountId: 13, fundName: 'building', matchedBy: 'fund' }],
    // the Fund holds an Account #, then a full name (decision 12's second and third steps)
    [['M-2', '', '', '5', '1'], { userId: 2, holdAccountId: null, matchedBy: 'account_number' }],
    [['Bethlehem, Boaz', '', '', '5', '1'], { userId: 2, holdAccountId: null, matchedBy: 'name' }],
    // no Fund: the Account # column names the missionary
    [['', 'M-1', 'Ruth Moabite', '5', '1'], { userId: 1, holdAccountId: null, matchedBy: 'account_number' }],
  ])('matches %j', (line, expected) => {
    const result = preview(line);
    expect(result.problems).toEqual([]);
    expect(result.matched[0]).toMatchObject(expected);
  });

  it.each([
    [
      ['Nope Fund', '', '', '1', '1'],
      'No hold account is named "Nope Fund", and the row has no Account # or Missionary column.',
    ],
    [['Nope Fund', 'M-9', '', '1', '1'], 'No hold account is named "Nope Fund" and no missionary has Account # "M-9".'],
    [['', 'M-9', 'Ruth Moabite', '1', '1'], 'No missionary has Account # "M-9".'],
    [['', '', 'Naomi', '1', '1'], 'No missionary is named "Naomi".'],
    [
      ['', '', 'John Smith', '1', '1'],
      'More than one missionary is named "John Smith"; add an Account # column to the file.',
    ],
    [['Old Roof', '', '', '1', '1'], 'The hold account "Old Roof" is archived.'],
    [['', 'M-5', '', '1', '1'], 'Orpah Gone (Account # M-5) is archived.'],
    [
      ['Building', '', '', '1', '1'],
      'More than one hold account is named "Building"; add an Account # column to the file.',
    ],
    [
      ['Ruth Car Fund', 'M-2', '', '1', '1'],
      'The hold account "Ruth Car Fund" belongs to Ruth Moabite (Account # M-1), but the row names Boaz Bethlehem (Account # M-2).',
    ],
    [
      ['Ruth Car Fund', 'M-77', '', '1', '1'],
      'The hold account "Ruth Car Fund" belongs to Ruth Moabite (Account # M-1), but no missionary has Account # "M-77".',
    ],
    [['', '', '', '1', '1'], 'The row has no fund, Account # or missionary.'],
  ])('reports %j', (line, reason) => {
    const result = preview(line);
    expect(result.matched).toEqual([]);
    expect(result.problems).toEqual([expect.objectContaining({ rowNumber: 2, reasons: [reason] })]);
    expect(result.canImport).toBe(false);
  });

  it('adds control totals per missionary and for the file', () => {
    const result = preview(
      ['Ruth Car Fund', '', '', '$1,000.00', '3'], // Ruth designated 1,000.00
      ['', 'M-1', '', '250.50', '2'], // Ruth general 250.50
      ['', 'M-2', '', '(20.00)', '1'], // Boaz general -20.00 (a reversal)
      ['Nowhere', '', '', '5.25', '1'], // unmatched: in the file total, not in the matched total
      ['', 'M-2', '', 'twelve', '1'], // unreadable: in neither
    );
    expect(result.byMissionary).toEqual([
      {
        userId: 2,
        userName: 'Boaz Bethlehem',
        missionaryNumber: 'M-2',
        rows: 1,
        count: 1,
        donors: 0,
        general: -2000,
        designated: 0,
        total: -2000,
      },
      {
        userId: 1,
        userName: 'Ruth Moabite',
        missionaryNumber: 'M-1',
        rows: 2,
        count: 5,
        donors: 0,
        general: 25050,
        designated: 100000,
        total: 125050,
      },
    ]);
    // 1000.00 + 250.50 - 20.00 + 5.25 = 1235.75; matched: 1000.00 + 250.50 - 20.00 = 1230.50
    expect(result.grand).toEqual({
      rows: 5,
      matchedRows: 3,
      problemRows: 2,
      count: 6,
      skippedRows: 0,
      skippedCount: 0,
      skippedTotal: 0,
      warningRows: 0,
      donors: 0,
      fileTotal: 123575,
      matchedTotal: 123050,
    });
    expect(result.problems.map((p) => p.rowNumber)).toEqual([5, 6]);
    expect(result.canImport).toBe(false);
  });

  it('can import when every row matched', () => {
    expect(preview(['', 'M-1', '', '1', '1']).canImport).toBe(true);
  });

  it('name keys treat "Last, First" as "First Last"', () => {
    expect(nameKey(' Smith,  John ')).toBe('john smith');
    expect(nameKey('John  SMITH')).toBe('john smith');
  });
});
