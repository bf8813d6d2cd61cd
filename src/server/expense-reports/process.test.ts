import { MESSAGES } from '../../domain/messages';
import {
  addExpense,
  approvedAdvance,
  getReport,
  journalOf,
  referenceFromDistribution,
  seedCategories,
  startReport,
  unreimbursedOf,
  uploadReceipt,
} from '../test-support/expense-fixtures';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  cat = await seedCategories(t);
});
afterAll(() => t.close());

async function submittedReport(user: SignedIn, amounts: string[]) {
  const report = await startReport(t, user);
  for (const amount of amounts)
    await addExpense(t, user, report.id, { expense_code: cat.expense, field_currency: amount });
  const result = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token });
  expect(result.status).toBe(200);
  return result.body as { id: number; total_amount: number };
}

describe('PATCH /api/process-expense-report/{id}: reimbursement', () => {
  it('records the payout, keeps the rest owed on the report and adds it to the user with a journal row', async () => {
    const ruth = await t.signIn('missionary');
    const first = await submittedReport(ruth, ['200', '130.16']); // due $330.16
    const processed = await t.call('PATCH', `/api/process-expense-report/${first.id}`, {
      token: admin.token,
      form: { payout: '200' },
    });
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({
      processed: 1,
      status: 'processed',
      total_amount: 330.16,
      payout: 200,
      unreimbursed_amount: 130.16, // 330.16 − 200.00
      processed_at: '2026-11-21T15:00:00.000Z',
    });
    expect(processed.body.user.profile.unreimbursed_amount).toBe(130.16);
    expect(await unreimbursedOf(t, ruth.id)).toBe(13016);

    // docs/product.md's shape: the client sends the new unreimbursed total instead of the payout.
    const second = await submittedReport(ruth, ['50']);
    const bySpec = await t.call('POST', `/api/process-expense-report/${second.id}`, {
      token: admin.token,
      form: { _method: 'PATCH', new_unreimbursed_total: '20.00' },
    });
    expect(bySpec.status).toBe(200);
    expect(bySpec.body).toMatchObject({ payout: 30, unreimbursed_amount: 20 });
    expect(await unreimbursedOf(t, ruth.id)).toBe(15016); // 130.16 + 20.00

    // Decision 14 (docs/decisions.md): the payout is paid now, from the fund (which starts at 0 here).
    const journal = await journalOf(t, ruth.id);
    expect(journal.map((row) => [row.account, row.amount, row.balanceAfter, row.refType, row.refId])).toEqual([
      ['user_fund', -20000, -20000, 'expense_report', first.id],
      ['user_unreimbursed', 13016, 13016, 'expense_report', first.id],
      ['user_fund', -3000, -23000, 'expense_report', second.id],
      ['user_unreimbursed', 2000, 15016, 'expense_report', second.id],
    ]);
    expect(journal[1]).toMatchObject({ reason: 'expense_report_processed', actorId: admin.id });

    // A full payout leaves nothing owed and writes no journal row.
    const third = await submittedReport(ruth, ['10']);
    const full = await t.call('PATCH', `/api/process-expense-report/${third.id}`, {
      token: admin.token,
      form: { payout: '10' },
    });
    expect(full.body).toMatchObject({ payout: 10, unreimbursed_amount: 0 });
    expect(await journalOf(t, ruth.id)).toHaveLength(5); // the fund row only
  });

  it.each([
    [{}, 'payout', 'Payout is required.'],
    [{ payout: '100.01' }, 'payout', 'Payout cannot be more than the reimbursement due.'],
    [{ payout: '-1' }, 'payout', 'Payout cannot be negative.'],
    [{ payout: 'ten' }, 'payout', 'Payout must be a dollar amount with at most 2 decimals.'],
    [{ new_unreimbursed_total: '150' }, 'payout', 'Payout cannot be negative.'],
    [
      { payout: '60', new_unreimbursed_total: '50' },
      'new_unreimbursed_total',
      'The new unreimbursed total must equal the reimbursement due minus the payout.',
    ],
  ])('refuses %j under %s and changes nothing', async (form, field, message) => {
    const ruth = await t.signIn('missionary');
    const report = await submittedReport(ruth, ['100']);
    const result = await t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token, form });
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
    expect(await getReport(t, admin, report.id)).toMatchObject({
      processed: 0,
      payout: null,
      unreimbursed_amount: 100,
    });
    expect(await unreimbursedOf(t, ruth.id)).toBe(0);
    expect(await journalOf(t, ruth.id)).toEqual([]);
  });

  it('processes once, only submitted reports, only by an admin, never one a distribution holds', async () => {
    const ruth = await t.signIn('missionary');
    const report = await submittedReport(ruth, ['80']);
    await expectStatus(t, 401, [['PATCH', `/api/process-expense-report/${report.id}`, { form: { payout: '1' } }]]);
    await expectStatus(t, 403, [
      ['PATCH', `/api/process-expense-report/${report.id}`, { token: ruth.token, form: { payout: '1' } }],
      ['PATCH', `/api/process-expense-report/${report.id}`, { token: employee.token, form: { payout: '1' } }],
    ]);
    await expectStatus(t, 404, [['PATCH', '/api/process-expense-report/999999', { token: admin.token, form: {} }]]);

    const draft = await startReport(t, ruth);
    const early = await t.call('PATCH', `/api/process-expense-report/${draft.id}`, {
      token: admin.token,
      form: { payout: '0' },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This report has not been submitted yet.');

    expect(
      (
        await t.call('PATCH', `/api/process-expense-report/${report.id}`, {
          token: admin.token,
          form: { payout: '30' },
        })
      ).status,
    ).toBe(200);
    const twice = await t.call('PATCH', `/api/process-expense-report/${report.id}`, {
      token: admin.token,
      form: { payout: '0' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This report has already been processed.');
    expect(await unreimbursedOf(t, ruth.id)).toBe(5000); // 80 − 30, once

    const held = await submittedReport(ruth, ['15']);
    await referenceFromDistribution(t, ruth, { reportId: held.id });
    const refused = await t.call('PATCH', `/api/process-expense-report/${held.id}`, {
      token: admin.token,
      form: { payout: '15' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.reportInDistribution);
    expect((await getReport(t, admin, held.id)).processed).toBe(0);
  });

  it('processes two reports of one user at the same time without losing either amount', async () => {
    const ruth = await t.signIn('missionary');
    const a = await submittedReport(ruth, ['100']);
    const b = await submittedReport(ruth, ['100']);
    const results = await Promise.all([
      t.call('PATCH', `/api/process-expense-report/${a.id}`, { token: admin.token, form: { payout: '40' } }),
      t.call('PATCH', `/api/process-expense-report/${b.id}`, { token: admin.token, form: { payout: '25' } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await unreimbursedOf(t, ruth.id)).toBe(13500); // 60 + 75
    const journal = await journalOf(t, ruth.id);
    const owed = journal.filter((row) => row.account === 'user_unreimbursed');
    const balances = owed.map((row) => row.balanceAfter).sort((x, y) => x - y);
    expect([6000, 7500]).toContain(balances[0]); // whichever came first
    expect(balances[1]).toBe(13500);
    const fund = journal.filter((row) => row.account === 'user_fund').map((row) => row.balanceAfter);
    expect(Math.min(...fund)).toBe(-6500); // 0 − 40 − 25, neither payout lost
  });
});

describe('advance reports: request → approval → report → submit → process → closed', () => {
  it('walks the whole advance with docs/product.md’s checks', async () => {
    const ruth = await t.signIn('missionary');
    const advance = await approvedAdvance(t, ruth, admin, '500', '400');
    const report = await startReport(t, ruth, { type: 'advance', advance_request_id: advance.id });
    await addExpense(t, ruth, report.id, { expense_code: cat.advance, field_currency: '398.99' });

    const submit = () => t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token });
    const noFile = await submit();
    expect(noFile.status).toBe(422);
    expect(noFile.body).toEqual({
      message: 'No file has been chosen.',
      errors: { file: ['No file has been chosen.'] },
    });

    await uploadReceipt(t, ruth, report.id);
    const low = await submit(); // $398.99 is $1.01 under $400
    expect(low.status).toBe(422);
    expect(low.body.message).toBe('Please add expenses until the report total meets the amount approved');

    const expense = (await getReport(t, ruth, report.id)).expense[0];
    await t.call('PATCH', `/api/expense/${expense.id}`, {
      token: ruth.token,
      form: { date: '2026-03-02', expense_code: cat.advance, field_currency: '401.01', exchange_rate: '1' },
    });
    const high = await submit(); // $401.01 is $1.01 over
    expect(high.status).toBe(422);
    expect(high.body.message).toBe('Expenses over the approved amount must be added to an expense report.');
    let advanceNow = await t.call('GET', `/api/advance-request/${advance.id}`, { token: ruth.token });
    expect(advanceNow.body.status).toBe('approved');

    await t.call('PATCH', `/api/expense/${expense.id}`, {
      token: ruth.token,
      form: { date: '2026-03-02', expense_code: cat.advance, field_currency: '400.99', exchange_rate: '1' },
    });
    const ok = await submit(); // $0.99 over: within $1
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ submitted: 1, unreimbursed_amount: 0, advance_request: { status: 'submitted' } });

    const processed = await t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token });
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({ processed: 1, payout: null, advance_request: { status: 'closed' } });
    expect(await unreimbursedOf(t, ruth.id)).toBe(0);
    expect(await journalOf(t, ruth.id)).toEqual([]);
    advanceNow = await t.call('GET', `/api/advance-request/${advance.id}`, { token: ruth.token });
    expect(advanceNow.body).toMatchObject({ status: 'closed', expense_report_id: report.id });
  });

  it('uses advance categories on advance reports', async () => {
    const ruth = await t.signIn('missionary');
    const advance = await approvedAdvance(t, ruth, admin, '50', '50');
    const report = await startReport(t, ruth, { type: 'advance', advance_request_id: advance.id });
    const wrong = await t.call('POST', '/api/expense', {
      token: ruth.token,
      form: {
        expense_report_id: report.id,
        date: '2026-03-01',
        expense_code: cat.expense,
        field_currency: '5',
        exchange_rate: '1',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.expense_code).toEqual(['Choose an advance category from the list.']);
  });

  it('puts the advance back to approved when staff delete its submitted report', async () => {
    const ruth = await t.signIn('missionary');
    const advance = await approvedAdvance(t, ruth, admin, '20', '20');
    const report = await startReport(t, ruth, { type: 'advance', advance_request_id: advance.id });
    await addExpense(t, ruth, report.id, { expense_code: cat.advance, field_currency: '20' });
    await uploadReceipt(t, ruth, report.id);
    expect((await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token })).status).toBe(200);
    expect((await t.call('DELETE', `/api/expense-report/${report.id}`, { token: admin.token })).status).toBe(200);
    const after = await t.call('GET', `/api/advance-request/${advance.id}`, { token: ruth.token });
    expect(after.body).toMatchObject({ status: 'approved', expense_report_id: null, expense_report: null });
  });
});
