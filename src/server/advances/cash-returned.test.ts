import { and, eq } from 'drizzle-orm';
import { ledgerHolds } from '../../domain/ledger/check';
import { MESSAGES } from '../../domain/messages';
import { advanceRequests, journalEntries } from '../db/schema';
import { closeApp, ok, profileOf, setPayroll } from '../distributions/test-fixtures';
import { checkLiveLedger } from '../ledger/read-ledger';
import { cents, csvColumn, pdfToText, readCsv } from '../test-support/downloads';
import {
  addExpense,
  approvedAdvance,
  getReport,
  seedCategories,
  startReport,
  uploadReceipt,
} from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Decision 34 (docs/decisions.md): Ruth was approved $400.00, spent $312.40 and gives $87.60 back.
 * 312.40 + 87.60 = 400.00, so the report submits; processing it deposits the $87.60 to her fund
 * ($1,000.00 → $1,087.60) with a journal row, the next statement shows it, and the accounting journal
 * books it as CASHBACK-{report} (Operating Cash debited, her Fund Balance credited).
 */

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor', missionaryNumber: 'M-0012' });
  boaz = await t.signIn('missionary', { name: 'Boaz Bethlehem' });
  cat = await seedCategories(t);
});
afterAll(() => closeApp(t));

const submit = (user: SignedIn, id: number, form: Record<string, string> = {}) =>
  t.call('PATCH', `/api/submit/expense-report/${id}`, { token: user.token, form });

async function advanceReport(user: SignedIn, approved: string, spent: string) {
  const advance = await approvedAdvance(t, user, admin, approved, approved);
  const report = await startReport(t, user, { type: 'advance', advance_request_id: advance.id });
  await addExpense(t, user, report.id, { expense_code: cat.advance, field_currency: spent });
  await uploadReceipt(t, user, report.id);
  return { advance, report };
}

async function approveDistribution(user: SignedIn, range: { start_date: string; end_date: string }) {
  const created = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: { user_id: user.id, ...range, hold_account_transactions: [], advance_requests: [] },
    }),
  );
  await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.id] } }));
  return created.id as number;
}

describe('an advance report with cash returned', () => {
  // A long walk (two distributions, two statements, a journal) on a shared machine.
  it('submits when expenses + cash returned are within $1, deposits the cash at processing, and books it', {
    timeout: 180_000,
  }, async () => {
    await setPayroll(t, admin, ruth.id, { fund_balance: 1000 });
    const october = await approveDistribution(ruth, { start_date: '2026-10-01', end_date: '2026-10-31' });
    const { advance, report } = await advanceReport(ruth, '400', '312.40');

    const short = await submit(ruth, report.id); // 312.40 of 400: $87.60 short
    expect(short.status).toBe(422);
    expect(short.body.message).toBe(MESSAGES.advanceReportTooLow);
    const tooMuch = await submit(ruth, report.id, { cash_returned: '88.61' }); // 401.01: $1.01 over
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe(MESSAGES.advanceReportTooHigh);

    // Finish later with the cash declared; the report keeps it.
    const saved = await t.call('PATCH', `/api/save/expense-report/${report.id}`, {
      token: ruth.token,
      form: { cash_returned: '87.60' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.cash_returned).toBe(87.6);
    const sent = await submit(ruth, report.id);
    expect(sent.status).toBe(200);
    expect(sent.body.cash_returned).toBe(87.6);
    expect(sent.body.advance_request.expense_report.cash_returned).toBe(87.6);

    expect((await profileOf(t, ruth.id)).fundBalance).toBe(100_000); // nothing moves on submit
    await ok(t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token }));
    expect((await profileOf(t, ruth.id)).fundBalance).toBe(108_760); // 1,000.00 + 87.60

    const rows = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.account, 'user_fund'), eq(journalEntries.reason, 'advance_cash_returned')));
    expect(rows.map((row) => [row.accountId, row.amount, row.balanceAfter, row.refType, row.refId])).toEqual([
      [ruth.id, 8760, 108_760, 'expense_report', report.id],
    ]);
    expect(rows[0].memo).toBe(`Advance #${advance.id}: $87.60 cash returned (report #${report.id})`);
    expect(ledgerHolds(await checkLiveLedger(t.ctx.db))).toBe(true);
    const closed = await ok(t.call('GET', `/api/advance-request/${advance.id}`, { token: ruth.token }));
    expect(closed.status).toBe('closed');

    // A second process is refused and deposits nothing again.
    expect((await t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token })).status).toBe(
      409,
    );
    expect((await profileOf(t, ruth.id)).fundBalance).toBe(108_760);

    // The next statement shows the deposit; the one before does not.
    const november = await approveDistribution(ruth, { start_date: '2026-11-01', end_date: '2026-11-30' });
    const statement = async (id: number) =>
      pdfToText((await t.call('GET', `/api/distribution/${id}/statement.pdf`, { token: ruth.token })).raw);
    const text = await statement(november);
    expect(text).toContain('Cash returned from advances');
    expect(text).toMatch(new RegExp(`11/21/2026 +Advance #${advance.id} +Report #${report.id} +\\$87\\.60`));
    expect(await statement(october)).not.toContain('Cash returned');

    // The November MAT Day's accounting journal: one balanced CASHBACK entry.
    const journal = await t.call('GET', '/api/reports/accounting-journal', {
      token: admin.token,
      query: { mat_to_date: '2026-11-30', status: 'approved' },
    });
    const csv = readCsv(journal.raw);
    const at = (header: string) => csv.header.indexOf(header);
    const entries = csvColumn(csv, 'Entry');
    const lines = csv.rows.filter((_, i) => entries[i] === `CASHBACK-${report.id}`);
    expect(lines.map((row) => [row[at('Account')], row[at('Debit')], row[at('Credit')]])).toEqual([
      ['1000', '87.60', ''],
      ['2600-M-0012', '', '87.60'],
    ]);
    expect(lines.reduce((net, row) => net + cents(row[at('Debit')] || '0') - cents(row[at('Credit')] || '0'), 0)).toBe(
      0,
    );
  });

  it('may return all of it: no expenses, a receipt, cash returned = the approved amount', async () => {
    const advance = await approvedAdvance(t, boaz, admin, '120', '120');
    const report = await startReport(t, boaz, { type: 'advance', advance_request_id: advance.id });
    await uploadReceipt(t, boaz, report.id);
    expect((await submit(boaz, report.id, { cash_returned: '120' })).status).toBe(200);
  });

  it('refuses cash returned above the approved amount, on a reimbursement, or negative (422 naming it)', async () => {
    const { report } = await advanceReport(ruth, '50', '10');
    const above = await submit(ruth, report.id, { cash_returned: '50.01' });
    expect(above.status).toBe(422);
    expect(above.body.errors).toEqual({ cash_returned: ['Cash returned cannot be more than the amount approved.'] });
    const negative = await submit(ruth, report.id, { cash_returned: '-1' });
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.body.errors)).toEqual(['cash_returned']);
    const reimbursement = await startReport(t, ruth, { type: 'reimbursement' });
    const onReimbursement = await t.call('PATCH', `/api/save/expense-report/${reimbursement.id}`, {
      token: ruth.token,
      form: { cash_returned: '5' },
    });
    expect(onReimbursement.status).toBe(422);
    expect(onReimbursement.body.errors).toEqual({ cash_returned: ['Only an advance report has cash returned.'] });
    expect((await getReport(t, ruth, report.id)).cash_returned).toBe(0);
  });

  it('is the owner’s to declare: 401 signed out, 403 for others, 404 for no report', async () => {
    const { report } = await advanceReport(ruth, '60', '60');
    expect((await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: null })).status).toBe(401);
    for (const other of [boaz, employee, admin]) {
      expect((await submit(other, report.id, { cash_returned: '1' })).status).toBe(403);
    }
    expect((await submit(ruth, 999_999, { cash_returned: '1' })).status).toBe(404);
  });
});

describe('POST /api/advance-request: purpose, needed by, and a repeat on the same day', () => {
  const ask = (user: SignedIn, form: Record<string, string | number>) =>
    t.call('POST', '/api/advance-request', { token: user.token, form });

  it('keeps the purpose and the needed-by date; both optional on the API', async () => {
    const created = await ask(boaz, {
      amount_requested: '75',
      purpose: ' Fuel for the Kisumu trip ',
      needed_by: '2026-12-01',
    });
    expect(created.status).toBe(201);
    expect([created.body.purpose, created.body.needed_by]).toEqual(['Fuel for the Kisumu trip', '2026-12-01']);
    const plain = await ask(boaz, { amount_requested: '76' });
    expect([plain.body.purpose, plain.body.needed_by]).toEqual([null, null]);
  });

  it.each([
    ['needed_by', { needed_by: '2026-02-30' }],
    ['needed_by', { needed_by: 'soon' }],
    ['purpose', { purpose: 'x'.repeat(501) }],
  ])('422 naming %s for %j', async (field, extra) => {
    const answer = await ask(boaz, { amount_requested: '77', ...extra });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
  });

  it('asks before a second request for the same amount on the same day; confirmed, it is kept', async () => {
    const sam = await t.signIn('missionary');
    expect((await ask(sam, { amount_requested: '450' })).status).toBe(201);
    const again = await ask(sam, { amount_requested: '450.00' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'You already asked for $450.00 today — ask again?',
      errors: { confirm_duplicate: ['You already asked for $450.00 today — ask again?'] },
    });
    expect((await ask(sam, { amount_requested: '450', confirm_duplicate: 1 })).status).toBe(201);
    expect((await ask(sam, { amount_requested: '451' })).status).toBe(201); // another amount
    expect((await ask(boaz, { amount_requested: '450' })).status).toBe(201); // another missionary
    // Asked yesterday: today's is not a repeat.
    await t.ctx.db
      .update(advanceRequests)
      .set({ dateSubmitted: '2026-11-20' })
      .where(eq(advanceRequests.userId, sam.id));
    expect((await ask(sam, { amount_requested: '450' })).status).toBe(201);
    const mine = await ok(t.call('GET', `/api/advance-request/user/${sam.id}`, { token: sam.token }));
    expect(mine.map((a: { amount_requested: number }) => a.amount_requested).sort()).toEqual([450, 450, 450, 451]);
  });

  it('401 signed out; 403 for staff (missionaries ask)', async () => {
    expect(
      (await t.call('POST', '/api/advance-request', { token: null, form: { amount_requested: '5' } })).status,
    ).toBe(401);
    expect((await ask(admin, { amount_requested: '5', purpose: 'x' })).status).toBe(403);
  });
});
