import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../domain/messages';
import { profiles } from '../db/schema';
import { closeApp, ok, RANGE, setPayroll } from '../distributions/test-fixtures';
import { createTestApp, expectNoChange, type SignedIn, type TestApp } from '../test-support/harness';

/** Decision 25 (docs/decisions.md): FICA shares and the gross-up only for W2 with fica_tax ticked. */

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
    // No tax status yet: the box decides (docs/decisions.md).
    [null, 1],
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
