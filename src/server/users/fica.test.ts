import { eq } from 'drizzle-orm';
import { MESSAGES, taxStatusMissingMessage } from '../../domain/messages';
import { profiles } from '../db/schema';
import { closeApp, ok, RANGE, setPayroll } from '../distributions/test-fixtures';
import { createTestApp, expectNoChange, type SignedIn, type TestApp } from '../test-support/harness';

/** FICA shares and the gross-up only for W2 with fica_tax ticked (docs/decisions.md "Tax status and FICA"). */

let t: TestApp;
let admin: SignedIn;

const USER_TABLES = ['users', 'profiles', 'journal_entries', 'audit_events'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(() => closeApp(t));

const update = (userId: number, json: Record<string, unknown>) =>
  t.call('POST', `/api/user/${userId}`, { token: admin.token, json });

describe('POST /api/user/{id}: FICA only for W2', () => {
  it.each([
    ['W2 Exempt with FICA ticked', { tax_status: 'W2 Exempt', fica_tax: 1 }],
    ['1099 with FICA ticked', { tax_status: '1099', fica_tax: 1 }],
  ])('refuses %s sent together (422 under fica_tax) and changes nothing', async (_case, fields) => {
    const user = await t.signIn('missionary');
    const result = await expectNoChange(t, USER_TABLES, () => update(user.id, { net_salary: '1500', ...fields }));
    expect(result.status).toBe(422);
    expect(result.body).toEqual({ message: MESSAGES.ficaOnlyW2, errors: { fica_tax: [MESSAGES.ficaOnlyW2] } });
  });

  it.each([
    ['FICA ticked with no tax status', { tax_status: null, fica_tax: 1 }],
    ['FICA ticked with the tax status left blank', { tax_status: '', fica_tax: 1 }],
    ['FICA alone on a profile without a tax status', { fica_tax: 1 }],
  ])('refuses %s: 422 "Choose the tax status W2" under fica_tax, nothing changed', async (_case, fields) => {
    const user = await t.signIn('missionary');
    const result = await expectNoChange(t, USER_TABLES, () => update(user.id, fields));
    expect(result.status).toBe(422);
    expect(result.body).toEqual({ message: MESSAGES.ficaNeedsW2, errors: { fica_tax: [MESSAGES.ficaNeedsW2] } });
  });

  it('refuses clearing the tax status of a ticked W2 profile alone, and takes it with FICA unticked', async () => {
    const user = await t.signIn('missionary');
    await setPayroll(t, admin, user.id, { tax_status: 'W2', fica_tax: 1 });
    const cleared = await expectNoChange(t, USER_TABLES, () =>
      t.call('POST', `/api/user/${user.id}`, { token: admin.token, form: { tax_status: '' } }),
    );
    expect(cleared.status).toBe(422);
    expect(cleared.body.errors).toEqual({ fica_tax: [MESSAGES.ficaNeedsW2] });
    const both = await update(user.id, { tax_status: null, fica_tax: 0 });
    expect(both.status).toBe(200);
    expect(both.body.profile).toMatchObject({ tax_status: null, fica_tax: 0 });
  });

  it('refuses ticking FICA on a stored 1099 profile, and switching a ticked W2 profile to W2 Exempt alone', async () => {
    const contractor = await t.signIn('missionary');
    await setPayroll(t, admin, contractor.id, { tax_status: '1099' });
    const tick = await expectNoChange(t, USER_TABLES, () => update(contractor.id, { fica_tax: 1 }));
    expect(tick.status).toBe(422);
    expect(tick.body.errors).toEqual({ fica_tax: [MESSAGES.ficaOnlyW2] });

    const employee = await t.signIn('missionary');
    await setPayroll(t, admin, employee.id, { tax_status: 'W2', fica_tax: 1 });
    const switched = await expectNoChange(t, USER_TABLES, () => update(employee.id, { tax_status: 'W2 Exempt' }));
    expect(switched.status).toBe(422);
    expect(switched.body.message).toBe(MESSAGES.ficaOnlyW2);
  });

  it('takes the switch with FICA unticked in the same request (as the profile form sends it)', async () => {
    const user = await t.signIn('missionary');
    await setPayroll(t, admin, user.id, { tax_status: 'W2', fica_tax: 1 });
    const switched = await t.call('POST', `/api/user/${user.id}`, {
      token: admin.token,
      form: { tax_status: 'W2 Exempt', fica_tax: '0' },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.profile).toMatchObject({ tax_status: 'W2 Exempt', fica_tax: 0 });
  });

  it.each([
    ['W2', 1],
    ['W2', 0],
    ['W2 Exempt', 0],
    ['1099', 0],
    [null, 0],
  ])('accepts tax status %s with fica_tax %i', async (taxStatus, fica) => {
    const user = await t.signIn('missionary');
    const saved = await update(user.id, { tax_status: taxStatus, fica_tax: fica });
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toMatchObject({ tax_status: taxStatus, fica_tax: fica });
  });

  it('lets a profile stored as W2 Exempt with FICA (before decision 25) be edited in its other fields', async () => {
    const user = await t.signIn('missionary');
    await t.ctx.db.update(profiles).set({ taxStatus: 'W2 Exempt', ficaTax: true }).where(eq(profiles.userId, user.id));
    const saved = await update(user.id, { net_salary: '1800' });
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toMatchObject({ tax_status: 'W2 Exempt', fica_tax: 1, net_salary: 1800 });
    // Unticking it is always allowed.
    const unticked = await update(user.id, { fica_tax: 0 });
    expect(unticked.body.profile.fica_tax).toBe(0);
  });

  it('creates users with no tax status and FICA off (POST /user takes no payroll fields)', async () => {
    const created = await t.call('POST', '/api/user', {
      token: admin.token,
      json: {
        name: 'Contractor Created',
        email: `contractor.${process.pid}@field.example`,
        role: 'missionary',
        password: 'Abc23456',
        tax_status: '1099',
        fica_tax: 1,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.profile).toMatchObject({ tax_status: null, fica_tax: 0 });
  });
});

describe('a W2 Exempt or 1099 profile stored with FICA ticked is computed without FICA', () => {
  it.each(['W2 Exempt', '1099'])(
    '%s: no shares, no gross-up, and the distribution records FICA off',
    async (status) => {
      const user = await t.signIn('missionary');
      await setPayroll(t, admin, user.id, {
        net_salary: '2000.00',
        federal_income_tax: '120.00',
        housing_allowance: '800.00',
        fund_balance: '5000.00',
      });
      await t.ctx.db.update(profiles).set({ taxStatus: status, ficaTax: true }).where(eq(profiles.userId, user.id));
      const created = await ok(
        t.call('POST', '/api/distribution', { token: admin.token, json: { user_id: user.id, ...RANGE } }),
      );
      expect(created).toMatchObject({
        tax_status: status,
        fica_tax: 0,
        employee_ss: 0,
        employee_mc: 0,
        employer_ss: 0,
        employer_mc: 0,
        // gross = total = S 2000.00 + tax 120.00
        gross_payroll: 2120,
        total_payroll: 2120,
        // 5000.00 − (2120.00 + housing 800.00) = 2080.00
        ending_balance: 2080,
      });
    },
  );
});

describe('payroll needs a tax status', () => {
  const TABLES = ['distributions', 'donations', 'expense_reports', 'advance_requests', 'audit_events'];

  it('refuses a distribution paying a salary to someone without a tax status (422 naming them), on POST and PATCH', async () => {
    const user = await t.signIn('missionary');
    await setPayroll(t, admin, user.id, { net_salary: '1000.00', fund_balance: '3000.00' });
    const message = taxStatusMissingMessage(user.name);
    const created = await expectNoChange(t, TABLES, () =>
      t.call('POST', '/api/distribution', { token: admin.token, json: { user_id: user.id, ...RANGE } }),
    );
    expect(created.status).toBe(422);
    expect(created.body).toEqual({ message, errors: { tax_status: [message] } });

    // This month's payroll inputs may choose the tax status: then it is saved, with FICA as chosen.
    const chosen = await ok(
      t.call('POST', '/api/distribution', {
        token: admin.token,
        json: { user_id: user.id, ...RANGE, tax_status: 'W2', fica_tax: 1 },
      }),
    );
    // 100000 × 620 / 9235 = 67.14; 100000 × 145 / 9235 = 15.70
    expect(chosen).toMatchObject({ tax_status: 'W2', fica_tax: 1, employee_ss: 67.14, employee_mc: 15.7 });
    const patched = await expectNoChange(t, TABLES, () =>
      t.call('PATCH', `/api/distribution/${chosen.id}`, { token: admin.token, json: { user_id: user.id, ...RANGE } }),
    );
    expect(patched.status).toBe(422);
    expect(patched.body.message).toBe(message);
  });

  it('takes a distribution without a tax status when it pays no salary or housing', async () => {
    const user = await t.signIn('missionary');
    await setPayroll(t, admin, user.id, { fund_balance: '300.00' });
    const created = await ok(
      t.call('POST', '/api/distribution', { token: admin.token, json: { user_id: user.id, ...RANGE } }),
    );
    expect(created).toMatchObject({ tax_status: null, fica_tax: 0, total_payroll: 0 });
  });

  it('computes a profile stored with FICA ticked and no tax status without FICA (this month chosen W2 Exempt is no FICA too)', async () => {
    const user = await t.signIn('missionary');
    await setPayroll(t, admin, user.id, { net_salary: '1000.00', fund_balance: '3000.00' });
    await t.ctx.db.update(profiles).set({ taxStatus: null, ficaTax: true }).where(eq(profiles.userId, user.id));
    const refused = await t.call('POST', '/api/distribution', {
      token: admin.token,
      json: { user_id: user.id, ...RANGE },
    });
    expect(refused.status).toBe(422);
    const exempt = await ok(
      t.call('POST', '/api/distribution', {
        token: admin.token,
        json: { user_id: user.id, ...RANGE, tax_status: 'W2 Exempt', fica_tax: 0 },
      }),
    );
    // gross = total = S 1000.00: no shares
    expect(exempt).toMatchObject({
      fica_tax: 0,
      employee_ss: 0,
      employee_mc: 0,
      gross_payroll: 1000,
      total_payroll: 1000,
    });
  });
});
