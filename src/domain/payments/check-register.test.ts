import { cellProblem, columnTotals, csvText } from '../reports/table';
import { type CheckPayment, checkRegisterTable } from './check-register';

const payment = (payee_name: string, amount: number, payee_id = '1001'): CheckPayment => ({
  date: '2026-11-30',
  payee_name,
  payee_id,
  amount,
  memo: 'Support November 2026',
});

/** The CSV cells as the project's writer produces them (csvText per column). */
const csvRows = (payments: CheckPayment[]) => {
  const table = checkRegisterTable(payments);
  return table.rows.map((row) => row.map((cell, index) => csvText(table.columns[index], cell)));
};

describe('checkRegisterTable', () => {
  it('one row per check payee, by name, with a blank check number and the total', () => {
    const payments = [
      payment('Ruth Okafor', 285000),
      payment('Daniel Kim', 150050, '1002'),
      payment('Ángel Ruiz', 1, '1003'),
    ];
    const table = checkRegisterTable(payments);
    expect(table.columns.map((column) => column.header)).toEqual([
      'Date',
      'Check #',
      'Payee',
      'Payee ID',
      'Amount',
      'Memo',
    ]);
    expect(csvRows(payments)).toEqual([
      ['2026-11-30', '', 'Ángel Ruiz', '1003', '0.01', 'Support November 2026'],
      ['2026-11-30', '', 'Daniel Kim', '1002', '1500.50', 'Support November 2026'],
      ['2026-11-30', '', 'Ruth Okafor', '1001', '2850.00', 'Support November 2026'],
    ]);
    // 285000 + 150050 + 1 = 435051 cents
    expect(columnTotals(table)[4]).toBe(435051);
    const problems = table.rows.flatMap((row) => row.map((cell, index) => cellProblem(table.columns[index], cell)));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","pay me")', '\'=HYPERLINK("http://evil.example","pay me")'],
    ['+1 Payee', "'+1 Payee"],
    ['-Minus Inc', "'-Minus Inc"],
    ['@Sum', "'@Sum"],
  ])('escapes a payee named %j against formula injection', (name, written) => {
    expect(csvRows([payment(name, 100)])[0][2]).toBe(written);
  });

  it('escapes the memo and payee id too', () => {
    const row = csvRows([{ ...payment('Ruth', 100), memo: '=1+1', payee_id: '@A1' }])[0];
    expect([row[3], row[5]]).toEqual(["'@A1", "'=1+1"]);
  });

  it.each([0, -100, 1.5])('refuses an amount of %s cents', (amount) => {
    expect(() => checkRegisterTable([payment('Ruth', amount)])).toThrow(RangeError);
  });
});
