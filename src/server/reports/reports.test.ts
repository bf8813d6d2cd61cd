import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Cents } from '../../domain/money';
import { distributions, expenseReports, expenses, mileage, users } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import { createDistributionViaApi, workedExampleApiSpec } from '../test-support/distribution-api';
import {
  cents,
  csvColumn,
  dollarsToCents,
  readCsv,
  readXlsx,
  sumCents,
  xlsxColumn,
  xlsxTotal,
} from '../test-support/downloads';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;
let mallory: SignedIn;
let dora: SignedIn;

const EVIL_NAME = '=HYPERLINK("http://evil.example","Click me")';
const NASTY = ['+1 taxi', '-5 refund', '@lunch', '\tindented', '\rreturn', '=1+1'];
const MAT = '2024-05-31';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor', missionaryNumber: 'RPT-1' });
  boaz = await t.signIn('missionary', { name: 'Boaz Mensah', missionaryNumber: 'RPT-2' });
  mallory = await t.signIn('missionary', { name: EVIL_NAME, missionaryNumber: '-77' });
  dora = await t.signIn('missionary', { name: 'Dora Pending', missionaryNumber: 'RPT-4' });

  // April for Ruth: another MAT day, left out of May's downloads; its report line is dated in April.
  await createDistributionViaApi(t, admin, {
    user: ruth,
    startDate: '2024-04-01',
    endDate: '2024-04-30',
    profile: { tax_status: 'W2', net_salary: '100.00', fund_balance: '50.00' },
    donations: [{ amount: '500.00' }],
    reports: [{ expenses: [{ date: '2024-04-10', amount: '12.00', description: 'April taxi' }] }],
  });
  // May: the worked example of docs/distribution.md, through the distribution API.
  await createDistributionViaApi(t, admin, workedExampleApiSpec(ruth));
  // A deficit month with a donation reversal, a transfer from a hold account and a mid-month payment.
  await createDistributionViaApi(t, admin, {
    user: boaz,
    startDate: '2024-05-01',
    endDate: MAT,
    profile: { tax_status: 'W2', net_salary: '1500.00', fund_balance: '-300.00' },
    holdAccounts: [{ fundName: 'Boaz Building Fund', balance: '1000.00' }],
    donations: [{ amount: '400.00', gifts: 4 }, { amount: '-25.00' }],
    transactions: [{ fund: 'Boaz Building Fund', type: 'Transfer', amount: '200.00' }],
    manual: { midMonth: '500.00' },
    reports: [
      {
        expenses: [{ date: '2024-05-20', amount: '40.00', description: 'Fuel' }],
        // 120.5 miles at the default $0.70 a mile = $84.35
        mileage: [{ date: '2024-05-21', distance: '120.5' }],
      },
    ],
  });
  // Formula-injection bait: a name, a number, a fund and expense descriptions that spreadsheets would run.
  const bait = await createDistributionViaApi(t, admin, {
    user: mallory,
    startDate: '2024-05-01',
    endDate: MAT,
    donations: [{ amount: '100.00' }],
    holdAccounts: [{ fundName: '@Mallory fund', balance: '50.00' }],
    reports: [
      {
        expenses: NASTY.map((description, i) => ({
          date: `2024-05-0${i + 1}`,
          amount: `${i + 1}.25`,
          description,
          fund: i === 0 ? '@Mallory fund' : undefined,
        })),
      },
    ],
  });
  // The API trims a leading tab or carriage return; rows written before it did still carry them.
  for (const description of NASTY.filter((text) => /^[\t\r]/.test(text))) {
    await t.ctx.db
      .update(expenses)
      .set({ description })
      .where(and(eq(expenses.expenseReportId, bait.reportIds[0]), eq(expenses.description, description.trim())));
  }
  // Pending on the same MAT day: only in status=pending.
  await createDistributionViaApi(t, admin, {
    user: dora,
    startDate: '2024-05-01',
    endDate: MAT,
    status: 'pending',
    donations: [{ amount: '321.09' }],
  });
  // A draft report with a May line: not a report yet, never exported.
  const draft = await t.call('POST', '/api/expense-report', {
    token: ruth.token,
    form: { type: 'reimbursement', distance_type: 'none', user_id: ruth.id },
  });
  const categories = await t.call('GET', '/api/categories', { token: admin.token });
  const line = await t.call('POST', '/api/expense', {
    token: ruth.token,
    form: {
      date: '2024-05-15',
      field_currency: '999.99',
      exchange_rate: '1',
      expense_code: categories.body.find((c: { expense: number }) => c.expense === 1).id,
      expense_report_id: draft.body.id,
      description: 'Draft line',
    },
  });
  expect(line.status).toBe(201);
});
afterAll(() => t.close());

const FROM = '2024-05-01';
const TO = '2024-05-31';

async function download(url: string, query: Record<string, string>, token = admin.token) {
  const result = await t.call('GET', url, { token, query });
  expect(result.status, `${url} ${JSON.stringify(result.body)}`).toBe(200);
  return result;
}

/** What the database says the May expense lines add up to. */
async function databaseExpenseTotal(): Promise<Cents> {
  const [fromExpenses] = await t.ctx.db
    .select({ total: sql<string>`coalesce(sum(${expenses.usdAmount}), 0)` })
    .from(expenses)
    .innerJoin(expenseReports, eq(expenseReports.id, expenses.expenseReportId))
    .where(and(eq(expenseReports.submitted, true), between(expenses.date, FROM, TO)));
  const [fromMileage] = await t.ctx.db
    .select({ total: sql<string>`coalesce(sum(${mileage.totalCost}), 0)` })
    .from(mileage)
    .innerJoin(expenseReports, eq(expenseReports.id, mileage.expenseReportId))
    .where(and(eq(expenseReports.submitted, true), between(mileage.date, FROM, TO)));
  return centsFromDatabase(fromExpenses.total) + centsFromDatabase(fromMileage.total);
}

async function databaseLineCount(): Promise<number> {
  const [e] = await t.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(expenses)
    .innerJoin(expenseReports, eq(expenseReports.id, expenses.expenseReportId))
    .where(and(eq(expenseReports.submitted, true), between(expenses.date, FROM, TO)));
  const [m] = await t.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mileage)
    .innerJoin(expenseReports, eq(expenseReports.id, mileage.expenseReportId))
    .where(and(eq(expenseReports.submitted, true), between(mileage.date, FROM, TO)));
  return e.n + m.n;
}

describe('GET /api/reports/field-worker-expenses', () => {
  it('downloads every line of the range as CSV whose USD amounts add up to the database', async () => {
    const result = await download('/api/reports/field-worker-expenses', { from: FROM, to: TO });
    expect(result.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(result.headers['content-disposition']).toBe(
      `attachment; filename="field-worker-expenses_${FROM}_to_${TO}.csv"; filename*=UTF-8''field-worker-expenses_${FROM}_to_${TO}.csv`,
    );
    expect(result.headers['cache-control']).toBe('no-store, private');
    const csv = readCsv(result.raw);
    expect(csv.header).toEqual([
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
    expect(csv.rows).toHaveLength(await databaseLineCount());
    expect(sumCents(csvColumn(csv, 'USD Amount').map(cents))).toBe(await databaseExpenseTotal());
    // Nothing outside the range, nothing from drafts.
    expect(csvColumn(csv, 'Date').every((date) => date >= FROM && date <= TO)).toBe(true);
    expect(csvColumn(csv, 'Description')).not.toContain('April taxi');
    expect(csvColumn(csv, 'Description')).not.toContain('Draft line');
  });

  it('writes the worked example report lines with their category, rate and hold account', async () => {
    const csv = readCsv((await download('/api/reports/field-worker-expenses', { from: FROM, to: TO })).raw);
    const ruthRows = csv.rows
      .filter((row) => row[0] === 'Ruth Okafor')
      .map((row) => [row[1], row[3], row[4], row[6], row[8], row[9], row[10], row[11], row[12], row[15], row[16]]);
    expect(ruthRows).toEqual([
      [
        'RPT-1',
        'Reimbursement',
        'Processed',
        'Expense',
        '2024-05-03',
        'Lodging',
        'Guest house',
        '785.40',
        '1',
        '785.40',
        '',
      ],
      [
        'RPT-1',
        'Reimbursement',
        'Processed',
        'Expense',
        '2024-05-04',
        'Lodging',
        'Tyres',
        '180.00',
        '1',
        '180.00',
        `Vehicle Fund ${ruth.id}`,
      ],
    ]);
    const trip = csv.rows.find((row) => row[6] === 'Mileage')!;
    expect([trip[0], trip[9], trip[13], trip[14], trip[15]]).toEqual([
      'Boaz Mensah',
      'Ministry travel',
      '120.5',
      'Miles',
      '84.35',
    ]);
  });

  it('escapes text that a spreadsheet would run as a formula', async () => {
    const csv = readCsv((await download('/api/reports/field-worker-expenses', { from: FROM, to: TO })).raw);
    const rows = csv.rows.filter((row) => row[1] === "'-77");
    expect(rows.map((row) => row[0])).toEqual(NASTY.map(() => `'${EVIL_NAME}`));
    expect(rows.map((row) => row[10])).toEqual(NASTY.map((text) => `'${text}`));
    expect(rows.map((row) => row[16])).toEqual(["'@Mallory fund", '', '', '', '', '']);
    // Amounts stay plain numbers.
    expect(rows.map((row) => row[15])).toEqual(['1.25', '2.25', '3.25', '4.25', '5.25', '6.25']);
  });

  it('downloads the same lines as Excel: typed cells, frozen header, totals', async () => {
    const result = await download('/api/reports/field-worker-expenses', { from: FROM, to: TO, format: 'xlsx' });
    expect(result.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(result.headers['content-disposition']).toContain(`filename="field-worker-expenses_${FROM}_to_${TO}.xlsx"`);
    const sheet = await readXlsx(result.raw);
    expect(sheet.worksheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 2 });
    expect(sheet.worksheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rows).toHaveLength(await databaseLineCount());
    const usd = xlsxColumn(sheet, 'USD Amount');
    expect(usd.every((value) => typeof value === 'number')).toBe(true);
    const total = await databaseExpenseTotal();
    expect(sumCents(usd.map((value) => dollarsToCents(value as number)))).toBe(total);
    expect(dollarsToCents(xlsxTotal(sheet, 'USD Amount'))).toBe(total);
    const dates = xlsxColumn(sheet, 'Date');
    expect(dates.every((value) => value instanceof Date)).toBe(true);
    expect((dates[0] as Date).toISOString().slice(0, 10) >= FROM).toBe(true);
    const usdColumn = sheet.header.indexOf('USD Amount') + 1;
    expect(sheet.worksheet.getRow(2).getCell(usdColumn).numFmt).toBe('#,##0.00;-#,##0.00');
    expect(typeof xlsxColumn(sheet, 'Report ID')[0]).toBe('number');
    const names = xlsxColumn(sheet, 'Missionary');
    expect(names).toContain(`'${EVIL_NAME}`);
    expect(names).not.toContain(EVIL_NAME);
    // XML turns a carriage return into a line feed; the leading quote stays.
    expect(xlsxColumn(sheet, 'Description')).toEqual(
      expect.arrayContaining(NASTY.map((text) => `'${text.replace('\r', '\n')}`)),
    );
  });

  it('gives a header-only file for a range without lines', async () => {
    const csv = readCsv(
      (await download('/api/reports/field-worker-expenses', { from: '2030-01-01', to: '2030-01-31' })).raw,
    );
    expect(csv.rows).toEqual([]);
    expect(csv.header[0]).toBe('Missionary');
    const sheet = await readXlsx(
      (await download('/api/reports/field-worker-expenses', { from: '2030-01-01', to: '2030-01-31', format: 'xlsx' }))
        .raw,
    );
    expect(sheet.rows).toEqual([]);
    expect(xlsxTotal(sheet, 'USD Amount')).toBe(0);
  });

  it('refuses missing or reversed dates and unknown formats (422)', async () => {
    const missing = await t.call('GET', '/api/reports/field-worker-expenses', { token: admin.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ from: ['From Date is required.'], to: ['To Date is required.'] });
    const reversed = await t.call('GET', '/api/reports/field-worker-expenses', {
      token: admin.token,
      query: { from: TO, to: FROM },
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ to: ['To Date must be on or after From Date.'] });
    const format = await t.call('GET', '/api/reports/field-worker-expenses', {
      token: admin.token,
      query: { from: FROM, to: TO, format: 'pdf' },
    });
    expect(format.status).toBe(422);
  });
});

/** Header of the accounting download → the distributions column it reads. */
const ACCOUNTING_COLUMNS = {
  'Starting Balance': distributions.startingBalance,
  'Total Donations': distributions.totalDonations,
  'Hold Account Transfers': distributions.transferFromHeld,
  'Admin Fee': distributions.adminFee,
  'Net Salary': distributions.netPayroll,
  'Employee Social Security': distributions.employeeSs,
  'Employee Medicare': distributions.employeeMc,
  'Federal Income Tax': distributions.federalIncomeTax,
  'Gross Payroll': distributions.grossPayroll,
  'Employer Social Security': distributions.employerSs,
  'Employer Medicare': distributions.employerMc,
  'Total Payroll': distributions.totalPayroll,
  'Housing Allowance': distributions.housingAllowance,
  Insurance: distributions.insurancePayment,
  'Wire Fee': distributions.wireFee,
  'Retirement 403(b)': distributions.retirement,
  'Payroll Disbursement': distributions.payrollDisbursement,
  'Mid-Month Disbursement': distributions.midMonthDisbursement,
  'MAT Day Payroll': distributions.netPayrollDist,
  'Hold Account Deposits': distributions.heldLiabilityAccountDeposit,
  'Distributable Funds': distributions.fundsAvailable,
  'Unreimbursed Reimbursement': distributions.unreimbursedReimbursement,
  'Manual Reimbursement': distributions.manualMinistryReimbursement,
  'Report Advance': distributions.ministryAdvance,
  'Manual Advance': distributions.manualMinistryAdvance,
  'Ending Balance': distributions.endingBalance,
  'Hold Account Withdrawals': distributions.heldLiabilityAccountWithdrawal,
  'Total Funds Disbursed': distributions.totalFundsDisbursed,
  'Hold Accounts Starting Balance': distributions.heldLiabilityAccountStartingBalance,
  'Hold Accounts Ending Balance': distributions.heldLiabilityAccountBalance,
  'Total Funds on Account': distributions.totalFundsOnAccount,
  'Unreimbursed Starting': distributions.unreimbursedAmountStarting,
  'Unreimbursed Accrued': distributions.unreimbursedAmountAccrued,
  'Unreimbursed Ending': distributions.unreimbursedAmountEnding,
  'Total Expenses': distributions.totalExpenses,
} as const;

async function databaseSums(status: 'approved' | 'pending') {
  const selection = Object.fromEntries(
    Object.entries(ACCOUNTING_COLUMNS).map(([header, column]) => [header, sql<string>`coalesce(sum(${column}), 0)`]),
  );
  const [row] = await t.ctx.db
    .select(selection)
    .from(distributions)
    .where(and(eq(distributions.endDate, MAT), eq(distributions.status, status)));
  return Object.fromEntries(Object.entries(row).map(([header, value]) => [header, centsFromDatabase(value as string)]));
}

describe('GET /api/reports/accounting', () => {
  it('has one CSV row per approved distribution of the MAT day, each column adding up to the database', async () => {
    const result = await download('/api/reports/accounting', { mat_to_date: MAT });
    expect(result.headers['content-disposition']).toContain(`filename="accounting_${MAT}_approved.csv"`);
    const csv = readCsv(result.raw);
    expect(csvColumn(csv, 'Missionary')).toEqual([`'${EVIL_NAME}`, 'Boaz Mensah', 'Ruth Okafor']);
    expect(csvColumn(csv, 'Status')).toEqual(['Approved', 'Approved', 'Approved']);
    expect(new Set(csvColumn(csv, 'MAT Date'))).toEqual(new Set([MAT]));
    const expected = await databaseSums('approved');
    for (const header of Object.keys(ACCOUNTING_COLUMNS)) {
      expect(sumCents(csvColumn(csv, header).map(cents)), header).toBe(expected[header]);
    }
  });

  it('writes the worked example to the cent and keeps negative amounts as numbers', async () => {
    const csv = readCsv((await download('/api/reports/accounting', { mat_to_date: MAT })).raw);
    const row = (name: string) => {
      const values = csv.rows.find((r) => r[csv.header.indexOf('Missionary')] === name)!;
      return (header: string) => values[csv.header.indexOf(header)];
    };
    const r = row('Ruth Okafor');
    expect(
      [
        'Starting Balance',
        'Total Donations',
        'Admin Fee',
        'Payroll Cost',
        'Hold Account Deposits',
        'Report Reimbursement',
        'Ending Balance',
        'Total Funds Disbursed',
      ].map(r),
    ).toEqual(['1250.00', '4450.00', '445.00', '3586.34', '350.00', '785.40', '93.26', '4625.40']);
    const b = row('Boaz Mensah');
    // −300.00 + (400.00 − 25.00) + 200.00 − 37.50 − 1,500.00
    expect(b('Ending Balance')).toBe('-1262.50');
    expect(b('Starting Balance')).toBe('-300.00');
    expect(b('Total Donations')).toBe('375.00');
    expect(b('Mid-Month Disbursement')).toBe('500.00');
    expect(b('MAT Day Payroll')).toBe('1000.00');
    const m = row(`'${EVIL_NAME}`);
    expect(m('Missionary #')).toBe("'-77");
  });

  it('downloads pending distributions when asked', async () => {
    const csv = readCsv((await download('/api/reports/accounting', { mat_to_date: MAT, status: 'pending' })).raw);
    expect(csvColumn(csv, 'Missionary')).toEqual(['Dora Pending']);
    expect(csvColumn(csv, 'Status')).toEqual(['Pending']);
    expect(csvColumn(csv, 'Total Donations')).toEqual(['321.09']);
  });

  it('downloads Excel with typed numbers, dates, frozen panes and a totals row equal to the database', async () => {
    const result = await download('/api/reports/accounting', { mat_to_date: MAT, format: 'xlsx' });
    expect(result.headers['content-disposition']).toContain(`filename="accounting_${MAT}_approved.xlsx"`);
    const sheet = await readXlsx(result.raw);
    expect(sheet.worksheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 3 });
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.totals?.[sheet.header.indexOf('Missionary')]).toBe('Totals');
    const expected = await databaseSums('approved');
    for (const header of Object.keys(ACCOUNTING_COLUMNS)) {
      const values = xlsxColumn(sheet, header);
      expect(
        values.every((v) => typeof v === 'number'),
        header,
      ).toBe(true);
      expect(sumCents(values.map((v) => dollarsToCents(v as number))), header).toBe(expected[header]);
      expect(dollarsToCents(xlsxTotal(sheet, header)), `${header} total`).toBe(expected[header]);
    }
    expect(xlsxColumn(sheet, 'Ending Balance')).toContain(-1262.5);
    expect(xlsxColumn(sheet, 'MAT Date').every((v) => v instanceof Date && v.toISOString().startsWith(MAT))).toBe(true);
    expect(xlsxColumn(sheet, 'Missionary')).toContain(`'${EVIL_NAME}`);
  });

  it('explains a MAT date with no distribution, naming the dates that have one (422, no empty file)', async () => {
    for (const path of ['/api/reports/accounting', '/api/reports/accounting-journal']) {
      const empty = await t.call('GET', path, { token: admin.token, query: { mat_to_date: '2024-06-15' } });
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({
        mat_to_date: [
          `No approved distribution has the MAT date 06/15/2024. MAT dates with approved distributions: 05/31/2024, 04/30/2024.`,
        ],
      });
    }
  });

  it('refuses a missing date or an unknown status (422)', async () => {
    const missing = await t.call('GET', '/api/reports/accounting', {
      token: admin.token,
      query: { status: 'approved' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ mat_to_date: ['MAT Processing Date is required.'] });
    const status = await t.call('GET', '/api/reports/accounting', {
      token: admin.token,
      query: { mat_to_date: MAT, status: 'deleted' },
    });
    expect(status.status).toBe(422);
    expect(status.body.errors).toEqual({ status: ['Distribution Status must be approved or pending.'] });
  });
});

describe('GET /api/reports/mat-dates', () => {
  it('lists the MAT dates with distributions of a status, with how many', async () => {
    const approved = await t.call('GET', '/api/reports/mat-dates', { token: admin.token, query: {} });
    expect(approved.status).toBe(200);
    // Ruth, Boaz and the formula-named missionary were approved for MAT (the accounting CSV's three
    // rows); Ruth's April distribution came before.
    expect(approved.body.data).toEqual([
      { mat_date: MAT, count: 3 },
      { mat_date: '2024-04-30', count: 1 },
    ]);
  });

  it('refuses an unknown status (422), strangers (401) and missionaries (403)', async () => {
    const bad = await t.call('GET', '/api/reports/mat-dates', { token: admin.token, query: { status: 'deleted' } });
    expect(bad.status).toBe(422);
    expect((await t.call('GET', '/api/reports/mat-dates', {})).status).toBe(401);
    expect((await t.call('GET', '/api/reports/mat-dates', { token: ruth.token })).status).toBe(403);
  });
});

describe('GET /api/reports/accounting-journal', () => {
  async function journal(status = 'approved') {
    const csv = readCsv((await download('/api/reports/accounting-journal', { mat_to_date: MAT, status })).raw);
    return csv.rows.map((row) => ({
      date: row[0],
      entry: row[1],
      account: row[2],
      name: row[3],
      debit: cents(row[4]),
      credit: cents(row[5]),
      memo: row[6],
      distributionId: Number(row[7]),
      number: row[8],
      missionary: row[9],
    }));
  }

  it('balances per distribution and in total', async () => {
    const lines = await journal();
    const ids = [...new Set(lines.map((l) => l.distributionId))];
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      const own = lines.filter((l) => l.distributionId === id);
      expect(sumCents(own.map((l) => l.debit)), `distribution ${id}`).toBe(sumCents(own.map((l) => l.credit)));
      expect(new Set(own.map((l) => l.entry))).toEqual(new Set([`MAT-${id}`]));
    }
    expect(sumCents(lines.map((l) => l.debit))).toBe(sumCents(lines.map((l) => l.credit)));
    expect(lines.every((l) => l.date === MAT)).toBe(true);
    expect(lines.every((l) => (l.debit === 0) !== (l.credit === 0))).toBe(true);
  });

  it('moves each missionary fund and hold account by its ending minus starting balance in the database', async () => {
    const lines = await journal();
    const rows = await t.ctx.db
      .select({
        id: distributions.id,
        userId: distributions.userId,
        start: distributions.startingBalance,
        end: distributions.endingBalance,
        number: users.missionaryNumber,
      })
      .from(distributions)
      .innerJoin(users, eq(users.id, distributions.userId))
      .where(and(eq(distributions.endDate, MAT), eq(distributions.status, 'approved')));
    for (const row of rows) {
      const fund = lines.filter((l) => l.distributionId === row.id && l.account === `2600-${row.number}`);
      expect(sumCents(fund.map((l) => l.credit - l.debit))).toBe(row.end - row.start);
    }
    const vehicle = lines.filter((l) => l.name === `Hold Account Liability — Vehicle Fund ${ruth.id}`);
    // 400.00 → 0.00
    expect(sumCents(vehicle.map((l) => l.credit - l.debit))).toBe(-40_000);
    const building = lines.filter((l) => l.name === 'Hold Account Liability — Boaz Building Fund');
    // 1,000.00 − 200.00 transferred to the general fund
    expect(sumCents(building.map((l) => l.credit - l.debit))).toBe(-20_000);
    // The reversal of 25.00 is inside the net 375.00 donations of Boaz.
    const boazDonations = lines.filter((l) => l.number === 'RPT-2' && l.memo.startsWith('Donations received'));
    expect(boazDonations.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ['1100', 37_500, 0],
      ['2600-RPT-2', 0, 37_500],
    ]);
  });

  it('escapes the missionary name but not the amounts', async () => {
    const lines = await journal();
    const own = lines.filter((l) => l.number === "'-77");
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((l) => l.missionary))).toEqual(new Set([`'${EVIL_NAME}`]));
    // No text cell starts with a formula character: the name is quoted, the memos start with words.
    const texts = own.flatMap((l) => [l.entry, l.account, l.name, l.memo, l.number, l.missionary]);
    expect(texts.filter((text) => /^[=+\-@\t\r]/.test(text))).toEqual([]);
    expect(own.map((l) => l.name)).toContain('Hold Account Liability — @Mallory fund');
    // Amounts are plain numbers: 100.00 donated, 10 % fee.
    expect(own.slice(0, 4).map((l) => [l.debit, l.credit])).toEqual([
      [10_000, 0],
      [0, 10_000],
      [1_000, 0],
      [0, 1_000],
    ]);
  });

  it('downloads Excel whose debit and credit totals agree', async () => {
    const result = await download('/api/reports/accounting-journal', { mat_to_date: MAT, format: 'xlsx' });
    expect(result.headers['content-disposition']).toContain(`filename="accounting-journal_${MAT}_approved.xlsx"`);
    const sheet = await readXlsx(result.raw);
    const debit = sumCents(xlsxColumn(sheet, 'Debit').map((v) => (v === null ? 0 : dollarsToCents(v as number))));
    const credit = sumCents(xlsxColumn(sheet, 'Credit').map((v) => (v === null ? 0 : dollarsToCents(v as number))));
    expect(debit).toBe(credit);
    expect(dollarsToCents(xlsxTotal(sheet, 'Debit'))).toBe(debit);
    expect(dollarsToCents(xlsxTotal(sheet, 'Credit'))).toBe(credit);
    expect(sheet.rows).toHaveLength((await journal()).length);
  });

  it('books a pending distribution too, balanced', async () => {
    const lines = await journal('pending');
    expect(lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ['1100', 32_109, 0],
      ['2600-RPT-4', 0, 32_109],
      // 10 % admin fee of 321.09 = 32.109 → 32.11
      ['2600-RPT-4', 3_211, 0],
      ['4100', 0, 3_211],
    ]);
  });
});

describe('access to the downloads', () => {
  const urls = [
    ['/api/reports/field-worker-expenses', { from: FROM, to: TO }],
    ['/api/reports/accounting', { mat_to_date: MAT }],
    ['/api/reports/accounting-journal', { mat_to_date: MAT }],
  ] as const;

  it('works for employees too', async () => {
    for (const [url, query] of urls) await download(url, query, employee.token);
  });

  it('accepts api_token in the query instead of the header', async () => {
    for (const [url, query] of urls) {
      const result = await t.call('GET', url, { query: { ...query, api_token: admin.token } });
      expect(result.status, url).toBe(200);
    }
  });

  it('401 without a token or with a bad one', async () => {
    await expectStatus(
      t,
      401,
      urls.flatMap(([url, query]) => [
        ['GET', url, { query }],
        ['GET', url, { query: { ...query, api_token: 'not-a-token' } }],
      ]),
    );
  });

  it('403 for a missionary, by header or by query token', async () => {
    await expectStatus(
      t,
      403,
      urls.flatMap(([url, query]) => [
        ['GET', url, { token: ruth.token, query }],
        ['GET', url, { query: { ...query, api_token: ruth.token } }],
      ]),
    );
  });

  it('404 for an unknown report', async () => {
    await expectStatus(t, 404, [['GET', '/api/reports/nothing-here', { token: admin.token }]]);
  });

  it('does not take api_token in the query on other routes', async () => {
    const result = await t.call('GET', '/api/user', { query: { api_token: admin.token } });
    expect(result.status).toBe(401);
  });

  it('still lists the ids in the database it exported', async () => {
    const csv = readCsv((await download('/api/reports/accounting', { mat_to_date: MAT })).raw);
    const ids = csvColumn(csv, 'Distribution ID').map(Number);
    const rows = await t.ctx.db
      .select({ id: distributions.id, status: distributions.status })
      .from(distributions)
      .where(inArray(distributions.id, ids));
    expect(rows.every((row) => row.status === 'approved')).toBe(true);
  });
});
