import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOfResult } from '../db/query-rows';
import { donations, holdAccounts, journalEntries, profiles } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import { addExpense, type seedCategories, startReport } from '../test-support/expense-fixtures';
import type { SignedIn, TestApp } from '../test-support/harness';

/**
 * Data for the distribution API tests, set up through the real API (users, payroll info, hold
 * accounts, the donation import, expense reports, advance requests), never written around it.
 */

/** Closes the test app (the harness silences connections closing under DROP DATABASE … WITH (FORCE)). */
export async function closeApp(t: TestApp): Promise<void> {
  await t.close();
}

export const RANGE = { start_date: '2026-11-01', end_date: '2026-11-30' } as const;
/** The harness clock's day (2026-11-21): reports are submitted and advances requested on it. */
export const TODAY = '2026-11-21';

let sequence = 0;
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}`;
}

// biome-ignore lint/suspicious/noExplicitAny: API bodies are read loosely in tests, as the harness's CallResult does.
export async function ok<T = any>(
  promise: Promise<{ status: number; body: T }>,
  expected: number | number[] = [200, 201],
): Promise<T> {
  const result = await promise;
  const wanted = Array.isArray(expected) ? expected : [expected];
  if (!wanted.includes(result.status)) throw new Error(`unexpected ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
}

export async function setPayroll(t: TestApp, admin: SignedIn, userId: number, fields: Record<string, unknown>) {
  return ok(t.call('POST', `/api/user/${userId}`, { token: admin.token, json: fields }));
}

export async function createHoldAccount(
  t: TestApp,
  admin: SignedIn,
  userId: number,
  fields: { balance?: number; recurring_deposit?: number; recurring_transfer?: number; recurring_withdrawal?: number },
) {
  const fundName = unique('Fund');
  const account = await ok(
    t.call('POST', '/api/hold-account', {
      token: admin.token,
      json: { user_id: userId, fund_name: fundName, balance: fields.balance ?? 0 },
    }),
  );
  if (fields.recurring_deposit || fields.recurring_transfer || fields.recurring_withdrawal) {
    await ok(
      t.call('PATCH', `/api/hold-account/${account.id}`, {
        token: admin.token,
        json: {
          mat_day_recurring_deposit: fields.recurring_deposit ?? 0,
          mat_day_recurring_transfer: fields.recurring_transfer ?? 0,
          mat_day_recurring_withdrawal: fields.recurring_withdrawal ?? 0,
        },
      }),
    );
  }
  return { id: account.id as number, fundName };
}

/** Imports a donor file; each row is [fund name or '', missionary number or '', amount]. */
export async function importDonations(
  t: TestApp,
  admin: SignedIn,
  uploadName: string,
  rows: Array<[string, string, string]>,
) {
  const csv = ['Fund,Account #,Amount,Count', ...rows.map(([fund, number, amount]) => `${fund},${number},${amount},1`)];
  const imported = await ok(
    t.call('POST', '/api/donation/denari-upload', {
      token: admin.token,
      multipart: {
        upload_name: uploadName,
        denari: { content: Buffer.from(csv.join('\n')), filename: `${uploadName}.csv` },
      },
    }),
  );
  return donationIdsOf(t, imported.upload_name);
}

type Categories = Awaited<ReturnType<typeof seedCategories>>;

/** A submitted reimbursement report with one expense per entry; `holdAccountId` charges it to an account. */
export async function submittedReport(
  t: TestApp,
  user: SignedIn,
  categories: Categories,
  items: Array<{ amount: string; date?: string; holdAccountId?: number }>,
) {
  const report = await startReport(t, user);
  const expenseIds: number[] = [];
  for (const item of items) {
    const expense = await addExpense(t, user, report.id, {
      expense_code: categories.expense,
      field_currency: item.amount,
      date: item.date ?? '2026-11-03',
      ...(item.holdAccountId !== undefined && { hold_account_id: item.holdAccountId }),
    });
    expenseIds.push(expense.id);
  }
  await ok(t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token }));
  return { id: report.id as number, expenseIds };
}

/** A report processed outside a distribution with nothing paid: its total becomes owed (unreimbursed). */
export async function owedReport(t: TestApp, admin: SignedIn, user: SignedIn, categories: Categories, amount: string) {
  const report = await submittedReport(t, user, categories, [{ amount, date: '2026-10-05' }]);
  await ok(t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token, form: { payout: '0' } }));
  return report.id;
}

export async function requestAdvance(t: TestApp, user: SignedIn, amount: string) {
  const advance = await ok(
    t.call('POST', '/api/advance-request', {
      token: user.token,
      form: { amount_requested: amount, status: 'requested', user_id: user.id, confirm_duplicate: 1 },
    }),
  );
  return advance.id as number;
}

export interface RuthSetup {
  ruth: SignedIn;
  fund: { id: number; fundName: string };
  upload: string;
  donationIds: number[];
  owedReportId: number;
  report: { id: number; expenseIds: number[] };
  advanceId: number;
}

/**
 * docs/distribution.md's worked example through the API ("Ruth, May 2024", here November 2026):
 * fund balance $1,250.00 and $140.00 owed from an earlier report; donations $3,000.00 and
 * $1,200.00 general and $250.00 to her fund; the fund at $400.00 with a $100.00 recurring deposit;
 * a report of $965.40 of which $180.00 is charged to the fund; an advance request of $300.00.
 * (Unlike the document, the fund starts with nothing owed.)
 */
export async function setUpRuth(t: TestApp, admin: SignedIn, categories: Categories): Promise<RuthSetup> {
  const number = unique('R');
  const ruth = await t.signIn('missionary', { name: unique('Ruth Okafor'), missionaryNumber: number });
  await setPayroll(t, admin, ruth.id, {
    tax_status: 'W2',
    fica_tax: 1,
    net_salary: 2000,
    housing_allowance: 800,
    retirement_amount: 150,
    federal_income_tax: 120,
    wire_fee: 25,
    insurance_amount: 310,
    fund_balance: 1250,
  });
  const owedReportId = await owedReport(t, admin, ruth, categories, '140.00');
  const fund = await createHoldAccount(t, admin, ruth.id, { balance: 400, recurring_deposit: 100 });
  const upload = unique('November 2026');
  const donationIds = await importDonations(t, admin, upload, [
    ['', number, '3000.00'],
    ['', number, '1200.00'],
    [fund.fundName, '', '250.00'],
  ]);
  const report = await submittedReport(t, ruth, categories, [
    { amount: '785.40' },
    { amount: '180.00', holdAccountId: fund.id },
  ]);
  const advanceId = await requestAdvance(t, ruth, '300.00');
  return { ruth, fund, upload, donationIds, owedReportId, report, advanceId };
}

/** Ruth's choices: her designated donation, the recurring deposit and the advance ticked, a $600.00 manual withdrawal. */
export function ruthPayload(setup: RuthSetup, extra: Record<string, unknown> = {}) {
  return {
    user_id: setup.ruth.id,
    ...RANGE,
    donation_upload_name: setup.upload,
    approved_donation_ids: [setup.donationIds[2]],
    hold_account_transactions: [
      {
        hold_account_id: setup.fund.id,
        transaction_type: 'Deposit',
        transaction_amount: 100,
        approved: 1,
        recurring: 1,
      },
      {
        hold_account_id: setup.fund.id,
        transaction_type: 'Withdrawal',
        transaction_amount: 600,
        approved: 1,
        recurring: 0,
      },
    ],
    advance_requests: [{ id: setup.advanceId }],
    comments: 'November MAT Day',
    ...extra,
  };
}

export async function profileOf(t: TestApp, userId: number) {
  const [row] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

export async function holdAccountOf(t: TestApp, id: number) {
  const [row] = await t.ctx.db.select().from(holdAccounts).where(eq(holdAccounts.id, id));
  return row;
}

/** Σ journal rows of one account (cents). */
export async function journalSum(t: TestApp, account: string, accountId: number): Promise<number> {
  const [row] = await t.ctx.db
    .select({ total: sql<string>`coalesce(sum(${journalEntries.amount}), 0)` })
    .from(journalEntries)
    .where(and(eq(journalEntries.account, account), eq(journalEntries.accountId, accountId)));
  return centsFromDatabase(row.total);
}

/**
 * docs/decisions.md: a user's unreimbursed amount equals the unpaid parts of their processed reports
 * (an unprocessed report's unreimbursed_amount is its whole total, not yet owed to the profile).
 */
export async function reportsUnpaid(t: TestApp, userId: number): Promise<number> {
  const result = await t.ctx.db.execute(
    sql`select coalesce(sum(unreimbursed_amount), 0) as total from expense_reports where user_id = ${userId} and processed`,
  );
  return centsFromDatabase(rowsOfResult(result, z.object({ total: z.coerce.string() }))[0].total);
}

/** The ids of an upload's donations in file order (the import answers with a summary, not the rows). */
export async function donationIdsOf(t: TestApp, uploadName: string): Promise<number[]> {
  const rows = await t.ctx.db
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.uploadName, uploadName))
    .orderBy(asc(donations.id));
  return rows.map((row) => row.id);
}
