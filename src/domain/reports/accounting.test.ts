import { DEFAULT_TERMS } from '../terms';
import { accountingTable, payrollCost, reportReimbursement } from './accounting';
import { cellProblem, columnTotals } from './table';
import { asReportDistribution, usd, workedExample } from './test-fixtures';

const ruth = asReportDistribution(workedExample(), { id: 501, missionaryNumber: 'M-0012' });

describe('the accounting row of the worked example', () => {
  const table = accountingTable([ruth], DEFAULT_TERMS);
  const cell = (header: string) => {
    const index = table.columns.findIndex((column) => column.header === header);
    if (index < 0) throw new Error(`no column ${header}`);
    return table.rows[0][index];
  };

  it.each([
    ['Distribution ID', 501],
    ['Status', 'Approved'],
    ['MAT Date', '2024-05-31'],
    ['Period Start', '2024-05-01'],
    ['Missionary', 'Ruth Okafor'],
    ['Missionary #', 'M-0012'],
    ['Tax Status', 'W2'],
    ['FICA Tax', 'Yes'],
    ['Donation Upload', 'May 2024'],
    ['Starting Balance', usd('1250.00')],
    // 3000.00 + 1200.00 + 250.00
    ['Total Donations', usd('4450.00')],
    ['Hold Account Transfers', 0],
    // 10 % of 4450.00, under the 500.00 cap
    ['Admin Fee', usd('445.00')],
    ['Net Salary', usd('2000.00')],
    // 200,000 × 620 / 9,235 = 13,427.18 → 13,427
    ['Employee Social Security', usd('134.27')],
    ['Employer Social Security', usd('134.27')],
    // 200,000 × 145 / 9,235 = 3,140.23 → 3,140
    ['Employee Medicare', usd('31.40')],
    ['Employer Medicare', usd('31.40')],
    ['Federal Income Tax', usd('120.00')],
    // 2000.00 + 134.27 + 31.40 + 120.00
    ['Gross Payroll', usd('2285.67')],
    // 2285.67 + 134.27 + 31.40
    ['Total Payroll', usd('2451.34')],
    ['Housing Allowance', usd('800.00')],
    ['Insurance', usd('310.00')],
    ['Wire Fee', usd('25.00')],
    // 2451.34 + 800.00 + 310.00 + 25.00
    ['Payroll Cost', usd('3586.34')],
    ['Retirement 403(b)', usd('150.00')],
    // 2000.00 + 800.00 − 150.00
    ['Payroll Disbursement', usd('2650.00')],
    ['Mid-Month Disbursement', 0],
    ['MAT Day Payroll', usd('2650.00')],
    // designated donation 250.00 + recurring deposit 100.00
    ['Hold Account Deposits', usd('350.00')],
    ['Distributable Funds', usd('1318.66')],
    ['Unreimbursed Reimbursement', usd('140.00')],
    // ministry_reimbursement 925.40 − unreimbursed reimbursement 140.00
    ['Report Reimbursement', usd('785.40')],
    ['Manual Reimbursement', 0],
    ['Report Advance', usd('300.00')],
    ['Manual Advance', 0],
    // 1318.66 − 925.40 − 300.00
    ['Ending Balance', usd('93.26')],
    // 60.00 + 180.00 + 510.00
    ['Hold Account Withdrawals', usd('750.00')],
    // 2650.00 + 750.00 + 925.40 + 300.00
    ['Total Funds Disbursed', usd('4625.40')],
    ['Hold Accounts Starting Balance', usd('400.00')],
    ['Hold Accounts Ending Balance', 0],
    ['Total Funds on Account', usd('93.26')],
    ['Unreimbursed Starting', usd('140.00')],
    ['Unreimbursed Accrued', 0],
    ['Unreimbursed Ending', 0],
    ['Total Expenses', usd('965.40')],
  ] as const)('%s = %j', (header, expected) => {
    expect(cell(header)).toBe(expected);
  });

  it('has one column per figure, every cell of its column kind', () => {
    expect(new Set(table.columns.map((c) => c.header)).size).toBe(table.columns.length);
    table.columns.forEach((column, index) => {
      expect(cellProblem(column, table.rows[0][index])).toBeNull();
    });
  });

  it('adds up along the row: start + donations + transfers − fee − payroll − deposits − paid = end', () => {
    expect(
      ruth.starting_balance +
        ruth.total_donations +
        ruth.transfer_from_held -
        ruth.admin_fee -
        payrollCost(ruth) -
        ruth.held_liability_account_deposit -
        ruth.unreimbursed_reimbursement -
        reportReimbursement(ruth) -
        ruth.manual_ministry_reimbursement -
        ruth.ministry_advance -
        ruth.manual_ministry_advance,
    ).toBe(ruth.ending_balance);
  });
});

describe('accountingTable', () => {
  it('takes the missionary wording from the terms', () => {
    const table = accountingTable([ruth], { ...DEFAULT_TERMS, missionary: 'Field Worker' });
    expect(table.columns.map((c) => c.header)).toContain('Field Worker');
    expect(table.columns.map((c) => c.header)).toContain('Field Worker #');
  });

  it('totals every money column over the rows', () => {
    const second = { ...ruth, id: 502, total_donations: usd('10.01'), ending_balance: -usd('5.55') };
    const table = accountingTable([ruth, second], DEFAULT_TERMS);
    const totals = columnTotals(table);
    const at = (header: string) => totals[table.columns.findIndex((c) => c.header === header)];
    // 4450.00 + 10.01
    expect(at('Total Donations')).toBe(usd('4460.01'));
    // 93.26 − 5.55
    expect(at('Ending Balance')).toBe(usd('87.71'));
    expect(at('Distribution ID')).toBeNull();
    expect(at('Missionary')).toBeNull();
  });

  it('writes pending distributions as Pending and keeps a blank missionary number blank', () => {
    const pending = { ...ruth, status: 'pending' as const, missionary_number: null, fica_tax: false };
    const table = accountingTable([pending], DEFAULT_TERMS);
    const at = (header: string) => table.rows[0][table.columns.findIndex((c) => c.header === header)];
    expect(at('Status')).toBe('Pending');
    expect(at('Missionary #')).toBeNull();
    expect(at('FICA Tax')).toBe('No');
  });

  it('makes an empty table (header only) from no distributions', () => {
    expect(accountingTable([], DEFAULT_TERMS).rows).toEqual([]);
  });
});
