import { createDistributionViaApi } from '../test-support/distribution-api';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * The admin dashboard's setup checklist ticks itself from the data, step by step, and is
 * complete after the first approved MAT Day; "Add default categories" adds the set once.
 */
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
});
afterAll(() => t.close());

async function doneSteps(token = admin.token) {
  const result = await t.call('GET', '/api/setup-checklist', { token });
  expect(result.status).toBe(200);
  return {
    done: (result.body.steps as Array<{ key: string; done: boolean }>).filter((s) => s.done).map((s) => s.key),
    complete: result.body.complete as boolean,
    missionaryWithoutPayroll: result.body.missionary_without_payroll_id as number | null,
  };
}

describe('GET /api/setup-checklist', () => {
  it('ticks each step as the organisation sets itself up, and is complete after the first MAT Day', async () => {
    expect(await doneSteps()).toEqual({ done: [], complete: false, missionaryWithoutPayroll: null });

    // Saving the settings once, even unchanged, counts as reviewing them.
    expect(
      (await t.call('PATCH', '/api/settings', { token: admin.token, json: { admin_fee_cap: '500.00' } })).status,
    ).toBe(200);
    expect((await doneSteps()).done).toEqual(['settings']);

    const defaults = await t.call('POST', '/api/setup/default-categories', { token: admin.token });
    expect(defaults.status).toBe(200);
    expect(defaults.body.added).toBe(10);
    expect(defaults.body.categories.map((c: { expense_category: string }) => c.expense_category)).toContain('Lodging');
    expect((await doneSteps()).done).toEqual(['settings', 'categories']);

    const ruth = await t.signIn('missionary');
    expect(await doneSteps()).toEqual({
      done: ['settings', 'categories', 'missionary'],
      complete: false,
      missionaryWithoutPayroll: ruth.id,
    });

    const payroll = await t.call('POST', `/api/user/${ruth.id}`, {
      token: admin.token,
      json: { tax_status: '1099', net_salary: '1500.00' },
    });
    expect(payroll.status).toBe(200);
    expect((await doneSteps()).done).toEqual(['settings', 'categories', 'missionary', 'payroll']);

    // The first MAT Day: a donation file imported, a distribution built, then approved.
    const pending = await createDistributionViaApi(t, admin, {
      user: ruth,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      status: 'pending',
      donations: [{ amount: '2000.00' }],
    });
    expect((await doneSteps()).done).toEqual(['settings', 'categories', 'missionary', 'payroll', 'donations']);
    const approved = await t.call('POST', '/api/batch-approve', {
      token: admin.token,
      json: { distribution_ids: [pending.id] },
    });
    expect(approved.status).toBe(200);
    expect(await doneSteps()).toEqual({
      done: ['settings', 'categories', 'missionary', 'payroll', 'donations', 'mat_day'],
      complete: true,
      missionaryWithoutPayroll: null,
    });
    // Employees read it too (they see the dashboard), though only admins act on it.
    expect((await doneSteps(employee.token)).complete).toBe(true);
  });

  it('answers 401 without a token and 403 to a missionary', async () => {
    const missionary = await t.signIn('missionary');
    expect((await t.call('GET', '/api/setup-checklist')).status).toBe(401);
    expect((await t.call('GET', '/api/setup-checklist', { token: missionary.token })).status).toBe(403);
  });
});

describe('POST /api/setup/default-categories', () => {
  it('adds nothing the second time, nor a name the office already has', async () => {
    const again = await t.call('POST', '/api/setup/default-categories', { token: admin.token });
    expect(again.status).toBe(200);
    expect(again.body.added).toBe(0);
    const names = again.body.categories.map((c: { expense_category: string }) => c.expense_category.toLowerCase());
    expect(names.filter((name: string) => name === 'lodging')).toHaveLength(1);
  });

  it('answers 401 without a token and 403 to employees and missionaries', async () => {
    const missionary = await t.signIn('missionary');
    expect((await t.call('POST', '/api/setup/default-categories')).status).toBe(401);
    for (const user of [employee, missionary]) {
      expect((await t.call('POST', '/api/setup/default-categories', { token: user.token })).status).toBe(403);
    }
  });
});
