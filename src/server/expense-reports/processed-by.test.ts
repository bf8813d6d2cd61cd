import { createDistributionViaApi } from '../test-support/distribution-api';
import { addExpense, seedCategories, startReport } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/** A processed report says who processed it and when (processed_by, processed_at). */
let t: TestApp;
let admin: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', { name: 'Grace Office' });
  cat = await seedCategories(t);
});
afterAll(() => t.close());

async function submitted(user: SignedIn, amount: string) {
  const report = await startReport(t, user);
  await addExpense(t, user, report.id, { expense_code: cat.expense, field_currency: amount });
  const result = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token });
  expect(result.status).toBe(200);
  return report.id as number;
}

describe('who processed a report', () => {
  it('is nobody before processing and the admin after PATCH /process-expense-report', async () => {
    const ruth = await t.signIn('missionary');
    const id = await submitted(ruth, '42.50');
    const before = await t.call('GET', `/api/expense-report/${id}`, { token: ruth.token });
    expect(before.body).toMatchObject({
      processed: 0,
      processed_at: null,
      processed_by: null,
      processed_by_name: null,
    });

    const processed = await t.call('PATCH', `/api/process-expense-report/${id}`, {
      token: admin.token,
      form: { payout: '42.50' },
    });
    expect(processed.status).toBe(200);
    const expected = {
      processed: 1,
      processed_at: t.clock.now().toISOString(),
      processed_by: admin.id,
      processed_by_name: 'Grace Office',
    };
    expect(processed.body).toMatchObject(expected);
    // The missionary reads it on their report, and staff in the processed list.
    expect((await t.call('GET', `/api/expense-report/${id}`, { token: ruth.token })).body).toMatchObject(expected);
    const list = await t.call('GET', '/api/paginated_expense_report', {
      token: admin.token,
      query: { processed: '1', user_id: String(ruth.id) },
    });
    expect(list.body.data).toEqual([expect.objectContaining({ id, ...expected })]);
  });

  it('is the approver when the report is paid by a distribution', async () => {
    const approver = await t.signIn('admin', { name: 'Henry Approver' });
    const daniel = await t.signIn('missionary');
    const seeded = await createDistributionViaApi(t, approver, {
      user: daniel,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      status: 'approved',
      profile: { net_salary: '0', fund_balance: '500' },
      reports: [{ expenses: [{ date: '2026-10-05', amount: '80' }] }],
    });
    const report = await t.call('GET', `/api/expense-report/${seeded.reportIds[0]}`, { token: daniel.token });
    expect(report.body).toMatchObject({
      processed: 1,
      processed_at: '2026-10-31T12:00:00.000Z',
      processed_by: approver.id,
      processed_by_name: 'Henry Approver',
    });
  });
});
