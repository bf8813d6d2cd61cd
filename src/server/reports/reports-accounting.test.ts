import { and, eq, inArray, sql } from 'drizzle-orm';
import { distributions, users } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
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
import { expectStatus } from '../test-support/harness';
import { admin, download, EVIL_NAME, employee, FROM, MAT, ruth, TO, t } from './test-office';

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
