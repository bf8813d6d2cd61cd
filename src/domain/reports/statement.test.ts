import { computeDistribution } from '../distributions/engine';
import { distributionInput } from '../distributions/test-fixtures';
import { buildStatement, NOT_ITEMISED, type StatementDistribution, type TableCell } from './statement';
import { advanceHint } from './statement-sections';
import { asReportDistribution, usd, workedStatementSource } from './test-fixtures';

const source = workedStatementSource;
const d = source().distribution;

const section = (statement: ReturnType<typeof buildStatement>, title: string) => {
  const found = statement.sections.find((s) => s.title === title);
  if (!found) throw new Error(`no section ${title}`);
  return found;
};
const lines = (statement: ReturnType<typeof buildStatement>, title: string) =>
  (section(statement, title).lines ?? []).map((l) => [l.label, l.amount]);
const text = (cell: TableCell) => ('text' in cell ? cell.text : cell.cents);

describe('the statement of the worked example', () => {
  const statement = buildStatement(source());

  it('heads with who, when and the four key figures', () => {
    expect(statement).toMatchObject({
      siteTitle: 'Sheepfold',
      title: 'Monthly Statement',
      missionaryLabel: 'Missionary',
      missionaryName: 'Ruth Okafor',
      missionaryNumber: 'M-0012',
      distributionId: 501,
      startDate: '2024-05-01',
      endDate: '2024-05-31',
      approvedOn: '2024-06-02',
      comments: 'May MAT Day',
    });
    expect(statement.highlights).toEqual([
      { label: 'Starting balance', amount: usd('1250.00') },
      { label: 'Donations', amount: usd('4450.00') },
      { label: 'Paid to you', amount: usd('4625.40') },
      { label: 'Ending balance', amount: usd('93.26') },
    ]);
  });

  it('walks the fund from its starting to its ending balance', () => {
    expect(lines(statement, 'Your fund this month')).toEqual([
      ['Starting balance', usd('1250.00')],
      ['Donations received', usd('4450.00')],
      ['Admin fee', -usd('445.00')],
      ['Payroll, taxes and benefits', -usd('3586.34')],
      ['Deposits to hold accounts', -usd('350.00')],
      // 140.00 earlier debt + 785.40 report
      ['Reimbursements paid', -usd('925.40')],
      ['Advances paid', -usd('300.00')],
      // 1250.00 + 4450.00 − 445.00 − 3586.34 − 350.00 − 925.40 − 300.00
      ['Ending balance', usd('93.26')],
    ]);
  });

  it('lists donations by fund, totalling the distribution', () => {
    const table = section(statement, 'Donations by fund').table!;
    expect(table.rows.map((row) => row.map(text))).toEqual([
      ['General Fund', '2', usd('4200.00')],
      ['Vehicle Fund (designated)', '1', usd('250.00')],
    ]);
    expect(table.total?.map(text)).toEqual(['Total donations', '', usd('4450.00')]);
  });

  it.each([
    // Decision 24 (docs/decisions.md): donors are counted on the statement, never named.
    [undefined, undefined],
    [0, undefined],
    [1, 'Gifts from 1 donor.'],
    [3, 'Gifts from 3 donors.'],
  ])('%j donors → intro %j', (donors, intro) => {
    const built = buildStatement(source({ donors, distribution: { ...d, donation_upload_name: null } }));
    expect(section(built, 'Donations by fund').intro).toBe(intro);
  });

  it('builds the payroll cost up from the net salary', () => {
    expect(lines(statement, 'Payroll, taxes and benefits')).toEqual([
      ['Net salary', usd('2000.00')],
      ['Employee social security', usd('134.27')],
      ['Employee Medicare', usd('31.40')],
      ['Federal income tax withheld', usd('120.00')],
      ['Gross payroll', usd('2285.67')],
      ['Employer social security', usd('134.27')],
      ['Employer Medicare', usd('31.40')],
      ['Total payroll', usd('2451.34')],
      ['Housing allowance', usd('800.00')],
      ['Insurance', usd('310.00')],
      ['Wire fee', usd('25.00')],
      ['Payroll, taxes and benefits', usd('3586.34')],
    ]);
  });

  it('shows the pay, taxes and fees', () => {
    expect(lines(statement, 'Your pay')).toEqual([
      ['Net salary', usd('2000.00')],
      ['Housing allowance', usd('800.00')],
      ['Retirement 403(b)', -usd('150.00')],
      ['Payroll disbursement', usd('2650.00')],
    ]);
    expect(lines(statement, 'Taxes')).toEqual([
      ['Employee social security', usd('134.27')],
      ['Employee Medicare', usd('31.40')],
      ['Federal income tax', usd('120.00')],
      ['Withheld from your pay', usd('285.67')],
      ['Employer social security', usd('134.27')],
      ['Employer Medicare', usd('31.40')],
      ['Employer share', usd('165.67')],
      ['Total taxes', usd('451.34')],
    ]);
    expect(lines(statement, 'Fees')).toEqual([
      ['Admin fee', usd('445.00')],
      ['Wire fee', usd('25.00')],
      ['Total fees', usd('470.00')],
    ]);
  });

  it('shows reimbursements paid, what is still owed and the advances', () => {
    expect(lines(statement, 'Reimbursements')).toEqual([
      ['Owed from earlier months', usd('140.00')],
      ['Expense reports paid', usd('785.40')],
      ['Total reimbursements', usd('925.40')],
    ]);
    expect(lines(statement, 'Still owed to you')).toEqual([
      ['Owed at the start', usd('140.00')],
      ['Newly owed this month', 0],
      ['Paid toward earlier amounts', -usd('140.00')],
      ['Owed to you now', 0],
    ]);
    expect(lines(statement, 'Advances')).toEqual([
      ['Advance request #41', usd('300.00')],
      ['Total advances', usd('300.00')],
    ]);
    const reports = section(statement, 'Expense reports paid').table!;
    expect(reports.rows.map((row) => row.map(text))).toEqual([
      ['#31', '05/03/2024', usd('965.40'), usd('785.40'), usd('180.00'), 0],
    ]);
  });

  it('shows every hold-account movement, per fund and in total', () => {
    const table = section(statement, 'Hold accounts').table!;
    expect(table.headers).toEqual([
      'Fund',
      'Starting',
      'Deposits',
      'Transfers out',
      'Withdrawals',
      'Ending',
      'Owed at start',
      'Owed now',
    ]);
    expect(table.rows.map((row) => row.map(text))).toEqual([
      ['Vehicle Fund', usd('400.00'), usd('350.00'), 0, usd('750.00'), 0, usd('60.00'), usd('90.00')],
    ]);
    expect(table.total?.map(text)).toEqual([
      'All hold accounts',
      usd('400.00'),
      usd('350.00'),
      0,
      usd('750.00'),
      0,
      usd('60.00'),
      usd('90.00'),
    ]);
    const detail = section(statement, 'Hold-account transactions').table!;
    expect(detail.rows.map((row) => row.map(text))).toEqual([
      // Stored as "Designated donation 3" and "Mat Day Recurring Deposit": no internal id, and MAT in capitals.
      ['Vehicle Fund', 'Deposit', 'Designated donation', usd('250.00'), usd('250.00'), 0],
      ['Vehicle Fund', 'Deposit', 'MAT Day Recurring Deposit', usd('100.00'), usd('100.00'), 0],
      ['Vehicle Fund', 'Withdrawal', 'Unreimbursed Reimbursement', usd('60.00'), usd('60.00'), 0],
      ['Vehicle Fund', 'Withdrawal', expect.stringContaining('Expense'), usd('180.00'), usd('180.00'), 0],
      ['Vehicle Fund', 'Withdrawal', 'MAT Day Manual Withdrawal', usd('600.00'), usd('510.00'), usd('90.00')],
    ]);
  });

  it('ends with what was paid out and what is on account', () => {
    expect(lines(statement, 'Paid to you this month')).toEqual([
      ['Payroll disbursement', usd('2650.00')],
      ['Hold-account withdrawals', usd('750.00')],
      ['Reimbursements', usd('925.40')],
      ['Advances', usd('300.00')],
      ['Total funds disbursed', usd('4625.40')],
    ]);
    expect(lines(statement, 'On account')).toEqual([
      ['Hold accounts', 0],
      ['Your fund (ending balance)', usd('93.26')],
      ['Total funds on account', usd('93.26')],
    ]);
  });

  it('itemises everything: no "not itemised" line anywhere', () => {
    const labels = statement.sections.flatMap((s) => [
      ...(s.lines ?? []).map((l) => l.label),
      ...(s.table?.rows ?? []).map((row) => text(row[0])),
    ]);
    expect(labels).not.toContain(NOT_ITEMISED);
  });
});

describe('when the records do not add up to the distribution', () => {
  it('shows the difference instead of hiding it', () => {
    const statement = buildStatement(
      source({
        donations: [{ fundName: 'General Fund', designated: false, gifts: 2, amount: usd('4200.00') }],
        reports: [],
        advances: [],
        funds: null,
      }),
    );
    const donations = section(statement, 'Donations by fund').table!;
    expect(donations.rows.map((row) => row.map(text))).toContainEqual([NOT_ITEMISED, '', usd('250.00')]);
    expect(lines(statement, 'Reimbursements')).toContainEqual([NOT_ITEMISED, usd('785.40')]);
    expect(lines(statement, 'Advances')).toContainEqual([NOT_ITEMISED, usd('300.00')]);
    const funds = section(statement, 'Hold accounts').table!;
    expect(funds.rows.map((row) => row.map(text))).toEqual([
      [NOT_ITEMISED, usd('400.00'), usd('350.00'), 0, usd('750.00'), 0],
    ]);
  });

  it('explains a fund reconciliation that does not close', () => {
    const statement = buildStatement(source({ distribution: { ...d, ending_balance: usd('100.00') } }));
    // 100.00 − 93.26
    expect(lines(statement, 'Your fund this month')).toContainEqual([NOT_ITEMISED, usd('6.74')]);
  });

  it('lists quiet hold accounts together', () => {
    const statement = buildStatement(
      source({
        distribution: {
          ...d,
          held_liability_account_starting_balance: usd('900.00'),
          held_liability_account_balance: usd('500.00'),
        },
      }),
    );
    const funds = section(statement, 'Hold accounts').table!;
    expect(funds.rows.map((row) => row.map(text))[1]).toEqual([
      'Other hold accounts (no movement)',
      usd('500.00'),
      0,
      0,
      0,
      usd('500.00'),
      '',
      '',
    ]);
  });
});

describe('a month with a mid-month payment and no reports', () => {
  it('splits the pay and lists no report table', () => {
    const statement = buildStatement(
      source({
        distribution: { ...d, mid_month_disbursement: usd('1000.00'), net_payroll_dist: usd('1650.00') },
        reports: [],
        advances: [],
      }),
    );
    expect(lines(statement, 'Your pay').slice(-2)).toEqual([
      ['Paid mid-month', usd('1000.00')],
      ['Paid on MAT Day', usd('1650.00')],
    ]);
    expect(statement.sections.map((s) => s.title)).not.toContain('Expense reports paid');
    expect(section(statement, 'Reimbursements').intro).toBeUndefined();
    // the advance the distribution paid has no request behind it here: shown, not hidden
    expect(lines(statement, 'Advances')).toContainEqual([NOT_ITEMISED, usd('300.00')]);
  });
});

describe('a month without reimbursements or advances', () => {
  it('says so', () => {
    const statement = buildStatement(
      source({
        distribution: {
          ...d,
          unreimbursed_reimbursement: 0,
          ministry_reimbursement: 0,
          ministry_advance: 0,
        },
        reports: [],
        advances: [],
      }),
    );
    expect(section(statement, 'Reimbursements').intro).toBe('Nothing was reimbursed this month.');
    expect(section(statement, 'Advances').intro).toBe('No advances were paid this month.');
    expect(lines(statement, 'Advances')).toEqual([['Total advances', 0]]);
  });
});

describe('the year notes under Taxes (year-notes.ts)', () => {
  // A W2 employee paid S 15,000.00 + federal tax 1,200.00 in December with the $184,500.00 base
  // already reached: no Social Security share; mc = 1500000 × 145 / 9855 → 220.70; gross 16,420.70.
  const yearToDate = {
    year: 2026,
    socialSecurityWageBase: usd('184500.00'),
    socialSecurityWagesBefore: usd('184500.00'),
    housingDesignation: null,
    housingExcludedBefore: 0,
  };
  const december = computeDistribution(
    distributionInput({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      profile: { taxStatus: 'W2', ficaTax: true, netSalary: usd('15000.00'), federalIncomeTax: usd('1200.00') },
      yearToDate,
    }),
  );
  const statementOf = (payrollYear: StatementDistribution['payroll_year']) =>
    buildStatement(
      source({
        distribution: {
          ...asReportDistribution(december),
          comments: null,
          approved_on: '2026-12-31',
          payroll_year: payrollYear,
        },
      }),
    );

  it('says the wage base was reached, from the year the approval froze', () => {
    const statement = statementOf({ minister: false, yearToDate });
    expect(lines(statement, 'Taxes')[0]).toEqual(['Employee social security', 0]);
    expect(section(statement, 'Taxes').intro).toBe(
      'Social Security wage base of $184,500.00 already reached this year: no Social Security tax this month.',
    );
  });

  it('says nothing when the approval froze no year (approved before the year was kept)', () => {
    expect(section(statementOf(null), 'Taxes').intro).toBeUndefined();
    expect(section(statementOf(undefined), 'Taxes').intro).toBeUndefined();
  });
});

describe('an advance is dated by the MAT date of the distribution that paid it', () => {
  // The worked example is the distribution of 05/01/2024 – 05/31/2024, approved on 06/02/2024; its
  // MAT date is the end date, 05/31/2024. The office approved request #41 weeks earlier: that day is
  // not when the money went out, so the statement never shows it.
  it.each([
    ['paid in full: the MAT date alone', usd('300.00'), usd('300.00'), 'Paid on MAT Day 05/31/2024'],
    [
      'capped by the fund (300.00 asked, 120.00 paid): the MAT date and what was asked',
      usd('300.00'),
      usd('120.00'),
      'Paid on MAT Day 05/31/2024; requested $300.00',
    ],
  ])('%s', (_case, requested, paid, hint) => {
    const statement = buildStatement(source({ advances: [{ id: 41, requested, paid }] }));
    const line = section(statement, 'Advances').lines?.find((l) => l.label === 'Advance request #41');
    expect(line?.hint).toBe(hint);
  });

  it.each([
    ['2024-05-31', 'Paid on MAT Day 05/31/2024'],
    ['2026-01-30', 'Paid on MAT Day 01/30/2026'],
  ])('advanceHint for MAT date %s → %s', (matDate, hint) => {
    expect(advanceHint({ requested: 100, paid: 100 }, matDate)).toBe(hint);
  });
});
