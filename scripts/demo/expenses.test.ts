import { and, eq } from 'drizzle-orm';
import { journalEntries } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../src/server/test-support/harness';
import { DEMO_PASSWORD, demoEmail, loadDemo } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadDemo(t.ctx.db, t.clock.now());
});
afterAll(() => t.close());

async function login(login: string) {
  const result = await t.call('POST', '/api/login', { json: { email: demoEmail(login), password: DEMO_PASSWORD } });
  expect(result.status).toBe(200);
  return result.body as { id: number; api_token: string };
}

describe('the demo expense reports and advances', () => {
  it('has a processed report paid in part, its remainder owed, journalled and paid by the oldest MAT Day', async () => {
    const ruth = await login('ruth.okafor');
    const reports = await t.call('GET', `/api/expense-report/user/${ruth.id}`, { token: ruth.api_token });
    expect(reports.body.map((r: { status: string }) => r.status)).toEqual(['unsubmitted', 'submitted', 'processed']);
    const processed = await t.call('GET', `/api/expense-report/${reports.body[2].id}`, { token: ruth.api_token });
    // 1200 / 3.75 = 320.00; 86.50 / 3.75 = 23.066… → 23.07; 84 km = 52.195164 mi × $0.67 = 34.9707… → 34.97
    // Processed before the demo's oldest MAT Day (September), which paid the 78.04 left owed.
    expect(processed.body).toMatchObject({
      total_amount: 378.04,
      payout: 300,
      unreimbursed_amount: 0,
      date_submitted: '2026-09-12',
    });
    expect(processed.body.processed_at.slice(0, 10)).toBe('2026-09-16');
    expect(processed.body.expense.map((e: { usd_amount: number }) => e.usd_amount)).toEqual([320, 23.07]);
    expect(processed.body.mileage[0]).toMatchObject({ total_distance: 84, total_cost: 34.97 });
    expect(processed.body.user.profile.unreimbursed_amount).toBe(0);
    const rows = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.account, 'user_unreimbursed'), eq(journalEntries.accountId, ruth.id)))
      .orderBy(journalEntries.id);
    expect(rows.map((row) => [row.reason, row.amount])).toEqual([
      ['expense_report_processed', 7804],
      ['distribution_reimbursed', -7804],
    ]);
  });

  it('stores the totals the API computes itself', async () => {
    const ruth = await login('ruth.okafor');
    const reports = await t.call('GET', `/api/expense-report/user/${ruth.id}`, { token: ruth.api_token });
    const draft = reports.body[0];
    const saved = await t.call('PATCH', `/api/save/expense-report/${draft.id}`, { token: ruth.api_token, form: {} });
    expect(saved.body).toMatchObject({ total_amount: draft.total_amount, start_date: draft.start_date });

    const maria = await login('maria.santos');
    const [submitted] = (await t.call('GET', `/api/expense-report/user/${maria.id}`, { token: maria.api_token })).body;
    // 2850 / 56.20 = 50.711… → 50.71; 37.5 mi × $0.67 = 25.125 → 25.13
    expect(submitted).toMatchObject({ status: 'submitted', total_amount: 75.84, distance_type: 'mi' });
    // The Bibles are charged to her project fund: this month's MAT Day pays them from that hold account.
    const detail = await t.call('GET', `/api/expense-report/${submitted.id}`, { token: maria.api_token });
    const [project] = (await t.call('GET', `/api/user/${maria.id}/hold-accounts`, { token: maria.api_token })).body;
    expect(project.fund_name).toBe('Santos Ministry Projects');
    expect(detail.body.expense[0]).toMatchObject({ usd_amount: 50.71, hold_account_id: project.id });
  });

  it('fills the office queues and the advance screens', async () => {
    const admin = await login('admin');
    const unprocessed = await t.call('GET', '/api/paginated_expense_report', {
      token: admin.api_token,
      query: { submitted: 1, processed: 0 },
    });
    expect(unprocessed.body.total_count).toBe(2);
    const requested = await t.call('GET', '/api/paginated_advance_request', {
      token: admin.api_token,
      query: { status: 'requested' },
    });
    expect(requested.body.total_count).toBe(2);

    const daniel = await login('daniel.kim');
    const advances = await t.call('GET', `/api/advance-request/user/${daniel.id}`, { token: daniel.api_token });
    const approved = advances.body.find((a: { status: string }) => a.status === 'approved');
    expect(approved).toMatchObject({ amount_requested: 900, amount_approved: 800, expense_report: { submitted: 0 } });
    const report = await t.call('GET', `/api/expense-report/${approved.expense_report_id}`, {
      token: daniel.api_token,
    });
    expect(report.body).toMatchObject({ type: 'advance', total_amount: 640, advance_request: { id: approved.id } });
  });

  it('adds nothing when loaded again', async () => {
    const again = await loadDemo(t.ctx.db, t.clock.now());
    expect(again.added['expense reports and advances']).toBe(0);
  });
});
