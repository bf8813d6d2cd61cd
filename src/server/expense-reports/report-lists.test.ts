import { addExpense, seedCategories, startReport } from '../test-support/expense-fixtures';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

describe('lists', () => {
  let fresh: TestApp;
  let staff: SignedIn;
  let anna: SignedIn;
  let simeon: SignedIn;
  let ids: { draft: number; waiting: number; done: number; simeon: number };

  beforeAll(async () => {
    fresh = await createTestApp();
    staff = await fresh.signIn('employee');
    const boss = await fresh.signIn('admin');
    anna = await fresh.signIn('missionary', { name: 'Anna Prophetess', missionaryNumber: 'A-100' });
    simeon = await fresh.signIn('missionary', { name: 'Simeon Elder', missionaryNumber: 'S-200' });
    const c = await seedCategories(fresh);
    const make = async (user: SignedIn, amount: string, submit: boolean) => {
      const report = await startReport(fresh, user);
      await addExpense(fresh, user, report.id, { expense_code: c.expense, field_currency: amount });
      if (submit) await fresh.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token });
      return report.id;
    };
    ids = {
      draft: await make(anna, '10', false),
      waiting: await make(anna, '30', true),
      done: await make(anna, '20', true),
      simeon: await make(simeon, '40', true),
    };
    await fresh.call('PATCH', `/api/process-expense-report/${ids.done}`, { token: boss.token, form: { payout: '20' } });
  });
  afterAll(() => fresh.close());

  const idsOf = (body: Array<{ id: number }>) => body.map((row) => row.id);

  it('GET /expense-report and /processed/{0|1} are for staff', async () => {
    const all = await fresh.call('GET', '/api/expense-report', { token: staff.token });
    expect(idsOf(all.body)).toEqual([ids.simeon, ids.done, ids.waiting, ids.draft]);
    const processed = await fresh.call('GET', '/api/expense-report/processed/1', { token: staff.token });
    expect(idsOf(processed.body)).toEqual([ids.done]);
    const unprocessed = await fresh.call('GET', '/api/expense-report/processed/0', { token: staff.token });
    expect(idsOf(unprocessed.body)).toEqual([ids.simeon, ids.waiting]);
    await expectStatus(fresh, 401, [
      ['GET', '/api/expense-report'],
      ['GET', '/api/expense-report/processed/1'],
    ]);
    await expectStatus(fresh, 403, [
      ['GET', '/api/expense-report', { token: anna.token }],
      ['GET', '/api/expense-report/processed/0', { token: anna.token }],
    ]);
    await expectStatus(fresh, 422, [['GET', '/api/expense-report/processed/2', { token: staff.token }]]);
  });

  it('GET /expense-report/user/{id} is the owner’s or staff’s', async () => {
    const own = await fresh.call('GET', `/api/expense-report/user/${anna.id}`, { token: anna.token });
    expect(idsOf(own.body)).toEqual([ids.done, ids.waiting, ids.draft]);
    const byStaff = await fresh.call('GET', `/api/expense-report/user/${simeon.id}`, { token: staff.token });
    expect(idsOf(byStaff.body)).toEqual([ids.simeon]);
    await expectStatus(fresh, 403, [['GET', `/api/expense-report/user/${simeon.id}`, { token: anna.token }]]);
    await expectStatus(fresh, 401, [['GET', `/api/expense-report/user/${simeon.id}`]]);
  });

  it('GET /paginated_expense_report filters, searches, sorts and pages on the server', async () => {
    const page = (query: Record<string, string | number>, token = staff.token) =>
      fresh.call('GET', '/api/paginated_expense_report', { token, query });

    const submittedOnly = await page({ submitted: 1 });
    expect(submittedOnly.body.total_count).toBe(3);
    const unprocessed = await page({ submitted: 1, processed: 0, order_by: 'total_amount', order: 'asc' });
    expect(idsOf(unprocessed.body.data)).toEqual([ids.waiting, ids.simeon]); // $30, $40
    const search = await page({ q: '  SIMEON ' });
    expect(idsOf(search.body.data)).toEqual([ids.simeon]);
    const byNumber = await page({ q: 'a-100', order_by: 'id', order: 'asc' });
    expect(idsOf(byNumber.body.data)).toEqual([ids.draft, ids.waiting, ids.done]);
    const paged = await page({ limit: 2, page: 1, order_by: 'id', order: 'asc' });
    expect(paged.body).toMatchObject({ total_count: 4 });
    expect(idsOf(paged.body.data)).toEqual([ids.done, ids.simeon]);
    const byUser = await page({ user_id: simeon.id });
    expect(idsOf(byUser.body.data)).toEqual([ids.simeon]);
    expect(byUser.body.data[0]).toMatchObject({
      user_name: 'Simeon Elder',
      missionary_number: 'S-200',
      total_amount: 40,
      submitted: 1,
      processed: 0,
    });
    expect(byUser.body.data[0]).not.toHaveProperty('expense');

    const annaOwn = await page({}, anna.token);
    expect(idsOf(annaOwn.body.data)).toEqual([ids.done, ids.waiting, ids.draft]);
    await expectStatus(fresh, 403, [
      ['GET', '/api/paginated_expense_report', { token: anna.token, query: { user_id: simeon.id } }],
    ]);
    await expectStatus(fresh, 401, [['GET', '/api/paginated_expense_report']]);
    await expectStatus(fresh, 422, [
      ['GET', '/api/paginated_expense_report', { token: staff.token, query: { order_by: 'password' } }],
      ['GET', '/api/paginated_expense_report', { token: staff.token, query: { submitted: 'maybe' } }],
      ['GET', '/api/paginated_expense_report', { token: staff.token, query: { limit: 0 } }],
    ]);
  });
});
