import { DEFAULT_TERMS } from '../terms';
import { type ExpenseLine, fieldWorkerExpensesTable, trimDecimal } from './field-worker-expenses';
import { cellProblem, columnTotals } from './table';

const expense: ExpenseLine = {
  kind: 'expense',
  id: 311,
  reportId: 31,
  reportType: 'reimbursement',
  reportStatus: 'Processed',
  dateSubmitted: '2024-05-20',
  userName: 'Ruth Okafor',
  missionaryNumber: 'M-0012',
  date: '2024-05-03',
  category: 'Lodging',
  description: 'Guest house, 2 nights',
  fieldCurrency: 16_440,
  exchangeRate: '0.913200',
  currency: 'EUR',
  distance: null,
  distanceUnit: null,
  usdAmount: 18_003,
  holdAccount: 'Vehicle Fund',
};
const trip: ExpenseLine = {
  ...expense,
  kind: 'mileage',
  id: 12,
  description: null,
  category: 'Ministry travel',
  fieldCurrency: null,
  exchangeRate: null,
  currency: null,
  distance: '120.5',
  distanceUnit: 'km',
  usdAmount: 5_241,
  holdAccount: null,
};

describe('fieldWorkerExpensesTable', () => {
  const table = fieldWorkerExpensesTable([expense, trip], DEFAULT_TERMS);

  it('writes one row per line with its report, category, amounts and hold account', () => {
    expect(table.columns.map((c) => c.header)).toEqual([
      'Missionary',
      'Missionary #',
      'Report ID',
      'Report Type',
      'Report Status',
      'Date Submitted',
      'Line Type',
      'Line ID',
      'Date',
      'Category',
      'Description',
      'Currency Amount',
      'Exchange Rate',
      'Distance',
      'Distance Unit',
      'USD Amount',
      'Hold Account',
      'Currency',
    ]);
    expect(table.rows).toEqual([
      [
        'Ruth Okafor',
        'M-0012',
        31,
        'Reimbursement',
        'Processed',
        '2024-05-20',
        'Expense',
        311,
        '2024-05-03',
        'Lodging',
        'Guest house, 2 nights',
        // 16,440 hundredths of the field currency
        '164.40',
        '0.9132',
        null,
        null,
        18_003,
        'Vehicle Fund',
        'EUR',
      ],
      [
        'Ruth Okafor',
        'M-0012',
        31,
        'Reimbursement',
        'Processed',
        '2024-05-20',
        'Mileage',
        12,
        '2024-05-03',
        'Ministry travel',
        null,
        null,
        null,
        '120.5',
        'Kilometers',
        5_241,
        null,
        null,
      ],
    ]);
    for (const row of table.rows) {
      row.forEach((cell, index) => {
        expect(cellProblem(table.columns[index], cell)).toBeNull();
      });
    }
  });

  it('totals the USD amounts only', () => {
    // 180.03 + 52.41
    expect(columnTotals(table).filter((t) => t !== null)).toEqual([23_244]);
  });

  it('names the advance type and the configured term', () => {
    const advance = fieldWorkerExpensesTable([{ ...expense, reportType: 'advance' }], {
      ...DEFAULT_TERMS,
      missionary: 'Field Worker',
    });
    expect(advance.columns[0].header).toBe('Field Worker');
    expect(advance.rows[0][3]).toBe('Advance');
  });
});

describe('trimDecimal', () => {
  it.each([
    ['0.913200', '0.9132'],
    ['1.000000', '1'],
    ['120.0', '120'],
    ['15', '15'],
    ['0.000001', '0.000001'],
  ])('%s → %s', (input, expected) => {
    expect(trimDecimal(input)).toBe(expected);
  });
});
