import { and, between, eq, sql } from 'drizzle-orm';
import type { Cents } from '../../domain/money';
import { expenseReports, expenses, mileage } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import { createDistributionViaApi, workedExampleApiSpec } from '../test-support/distribution-api';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/** The office and the May 2024 month every reports test file shares: one database per test file. */
export let t: TestApp;
export let admin: SignedIn;
export let employee: SignedIn;
export let ruth: SignedIn;
export let boaz: SignedIn;
export let mallory: SignedIn;
export let dora: SignedIn;

export const EVIL_NAME = '=HYPERLINK("http://evil.example","Click me")';
export const NASTY = ['+1 taxi', '-5 refund', '@lunch', '\tindented', '\rreturn', '=1+1'];
export const MAT = '2024-05-31';

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

export const FROM = '2024-05-01';
export const TO = '2024-05-31';

export async function download(url: string, query: Record<string, string>, token = admin.token) {
  const result = await t.call('GET', url, { token, query });
  expect(result.status, `${url} ${JSON.stringify(result.body)}`).toBe(200);
  return result;
}

/** What the database says the May expense lines add up to. */
export async function databaseExpenseTotal(): Promise<Cents> {
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

export async function databaseLineCount(): Promise<number> {
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
