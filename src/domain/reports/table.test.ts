import { type Column, cellProblem, columnTotals, csvText, dateCell, escapeFormula, type ReportTable } from './table';

describe('escapeFormula', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', '\'=HYPERLINK("http://evil.example","click")'],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTabbed', "'\tTabbed"],
    ['\rReturn', "'\rReturn"],
    // Harmless text stays as it is, including triggers that are not first.
    ['Ruth Okafor', 'Ruth Okafor'],
    ['a=b', 'a=b'],
    [' =1', ' =1'],
    ['', ''],
    ["'already quoted", "'already quoted"],
  ])('%j → %j', (input, expected) => {
    expect(escapeFormula(input)).toBe(expected);
  });
});

describe('csvText', () => {
  const text: Column = { header: 'Memo', kind: 'text' };
  const money: Column = { header: 'Amount', kind: 'money' };
  const date: Column = { header: 'Date', kind: 'date' };
  const decimal: Column = { header: 'Rate', kind: 'decimal' };
  const integer: Column = { header: 'Id', kind: 'integer' };

  it.each([
    [text, '-5 cash back', "'-5 cash back"],
    [text, '=1+1', "'=1+1"],
    // money: cents → dollars with two decimals; a negative amount stays a plain number
    [money, -1234, '-12.34'],
    [money, 123456789, '1234567.89'],
    [money, 5, '0.05'],
    [money, 0, '0.00'],
    [date, '2026-03-31', '2026-03-31'],
    [decimal, '-0.5', '-0.5'],
    [integer, 42, '42'],
    [text, null, ''],
    [money, null, ''],
  ] as const)('%o %j → %j', (column, value, expected) => {
    expect(csvText(column, value)).toBe(expected);
  });
});

describe('columnTotals', () => {
  it('sums only the money columns marked total, treating blanks as 0', () => {
    const table: ReportTable = {
      sheetName: 'T',
      columns: [
        { header: 'Name', kind: 'text' },
        { header: 'Debit', kind: 'money', total: true },
        { header: 'Credit', kind: 'money', total: true },
        { header: 'Balance', kind: 'money' },
      ],
      rows: [
        ['a', 1001, null, 5],
        ['b', null, 2002, 6],
        ['c', -1, 3, 7],
      ],
    };
    // Debit 1001 + 0 − 1 = 1000; Credit 0 + 2002 + 3 = 2005; Balance has no total
    expect(columnTotals(table)).toEqual([null, 1000, 2005, null]);
  });
});

describe('cellProblem', () => {
  it.each([
    [{ header: 'A', kind: 'money' } as Column, 12.5, 'A: 12.5 is not a whole number'],
    [{ header: 'A', kind: 'money' } as Column, 12, null],
    [{ header: 'D', kind: 'date' } as Column, '03/31/2026', 'D: not a date'],
    [{ header: 'R', kind: 'decimal' } as Column, '1e5', 'R: not a decimal'],
    [{ header: 'T', kind: 'text' } as Column, 5, 'T: not text'],
    [{ header: 'T', kind: 'text' } as Column, null, null],
  ])('%o %j', (column, value, expected) => {
    expect(cellProblem(column, value)).toBe(expected);
  });
});

describe('dateCell', () => {
  it.each([
    ['2026-01-02', '2026-01-02'],
    ['2026-01-02T10:00:00Z', '2026-01-02'],
    ['0000-00-00', null],
    [null, null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(dateCell(input)).toBe(expected);
  });
});
