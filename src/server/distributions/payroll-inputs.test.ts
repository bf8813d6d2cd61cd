import { eq } from 'drizzle-orm';
import { buildDistributionInput, contextFromWire } from '../../domain/distributions/context';
import { computeDistribution } from '../../domain/distributions/engine';
import { MESSAGES } from '../../domain/messages';
import { distributions } from '../db/schema';
import { createTestApp, expectNoChange, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';
import { closeApp, ok, profileOf, RANGE, setPayroll } from './test-fixtures';

/**
 * Decision 13 (docs/decisions.md), "Customize payroll": the payload may carry this month's payroll inputs;
 * each one left out is the profile's; the distribution stores what it used; the profile never changes.
 */

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;

const WRITE_TABLES = ['distributions', 'profiles', 'journal_entries', 'advance_requests', 'expense_reports'];

/** W2 with FICA: S 2,000.00, housing 800.00, 403(b) 150.00, tax 120.00, insurance 310.00, wire 25.00; fund 5,000.00. */
const PROFILE = {
  tax_status: 'W2',
  fica_tax: 1,
  net_salary: '2000.00',
  housing_allowance: '800.00',
  retirement_amount: '150.00',
  federal_income_tax: '120.00',
  insurance_amount: '310.00',
  wire_fee: '25.00',
  fund_balance: '5000.00',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
});
afterAll(() => closeApp(t));

async function missionaryWithPayroll(fields: Record<string, unknown> = PROFILE) {
  const user = await t.signIn('missionary');
  await setPayroll(t, admin, user.id, fields);
  return user;
}

const create = (json: Record<string, unknown>, token = admin.token) =>
  t.call('POST', '/api/distribution', { token, json });

async function storedRow(id: number) {
  const [row] = await t.ctx.db.select().from(distributions).where(eq(distributions.id, id));
  return row;
}

describe('POST /api/distribution with this month’s payroll inputs', () => {
  it('computes with the values sent, stores them, answers them in the payload, and leaves the profile alone', async () => {
    const user = await missionaryWithPayroll();
    const before = await profileOf(t, user.id);
    const inputs = {
      tax_status: 'W2',
      fica_tax: 0,
      net_payroll: '1800.00',
      housing_allowance: '700.00',
      retirement: '100.00',
      federal_income_tax: '90.00',
      insurance_payment: '200.00',
      wire_fee: '30.00',
      mid_month_disbursement: '500.00',
    };
    const created = await ok(create({ user_id: user.id, ...RANGE, ...inputs }));
    expect(created).toMatchObject({
      tax_status: 'W2',
      fica_tax: 0,
      net_payroll: 1800,
      employee_ss: 0,
      employer_mc: 0,
      federal_income_tax: 90,
      // no FICA this month: gross = total = 1800.00 + 90.00
      gross_payroll: 1890,
      total_payroll: 1890,
      housing_allowance: 700,
      retirement: 100,
      // 1800.00 + 700.00 − 100.00
      payroll_disbursement: 2400,
      mid_month_disbursement: 500,
      // 2400.00 − 500.00 paid mid-month
      net_payroll_dist: 1900,
      insurance_payment: 200,
      wire_fee: 30,
      // 5000.00 − (1890.00 + 700.00 + 200.00 + 30.00)
      ending_balance: 2180,
    });
    expect(created.payload).toMatchObject({
      tax_status: 'W2',
      fica_tax: 0,
      net_payroll: 1800,
      housing_allowance: 700,
      retirement: 100,
      federal_income_tax: 90,
      insurance_payment: 200,
      wire_fee: 30,
      mid_month_disbursement: 500,
    });
    const row = await storedRow(created.id);
    expect(row).toMatchObject({
      taxStatus: 'W2',
      ficaTax: false,
      netPayroll: 180000,
      housingAllowance: 70000,
      retirement: 10000,
      federalIncomeTax: 9000,
      insurancePayment: 20000,
      wireFee: 3000,
      midMonthDisbursement: 50000,
    });
    expect(await profileOf(t, user.id)).toEqual(before);

    // The form's preview from GET /distribution-context is what was stored.
    const wire = await ok(
      t.call('GET', '/api/distribution-context', { token: admin.token, query: { distribution_id: created.id } }),
    );
    const context = contextFromWire(wire);
    const preview = computeDistribution(buildDistributionInput(context, context.distribution!.payload));
    expect(preview.distribution.ending_balance).toBe(218000);
    expect(context.profile.netSalary).toBe(200000);
  });

  it('takes each input left out from the profile (insurance and wire fee sent alone)', async () => {
    const user = await missionaryWithPayroll();
    const created = await ok(create({ user_id: user.id, ...RANGE, insurance_payment: 400, wire_fee: '10' }));
    expect(created).toMatchObject({
      tax_status: 'W2',
      fica_tax: 1,
      net_payroll: 2000,
      // 200000 × 620 / 9235 = 134.27; 200000 × 145 / 9235 = 31.40
      employee_ss: 134.27,
      employee_mc: 31.4,
      // 2000.00 + 134.27 + 31.40 + 120.00 = 2285.67; + 134.27 + 31.40 = 2451.34
      gross_payroll: 2285.67,
      total_payroll: 2451.34,
      housing_allowance: 800,
      retirement: 150,
      insurance_payment: 400,
      wire_fee: 10,
      // 5000.00 − (2451.34 + 800.00 + 400.00 + 10.00) = 1338.66
      ending_balance: 1338.66,
    });
    expect(created.payload).toMatchObject({ insurance_payment: 400, wire_fee: 10 });
    expect(created.payload).not.toHaveProperty('net_payroll');
    expect(created.payload).not.toHaveProperty('tax_status');
  });

  it('uses the whole profile when no input is sent, and a PATCH can set and then drop them', async () => {
    const user = await missionaryWithPayroll();
    const created = await ok(create({ user_id: user.id, ...RANGE }));
    // 5000.00 − (2451.34 + 800.00 + 310.00 + 25.00) = 1413.66
    expect(created).toMatchObject({ insurance_payment: 310, wire_fee: 25, ending_balance: 1413.66 });

    const contractor = await ok(
      t.call('PATCH', `/api/distribution/${created.id}`, {
        token: admin.token,
        json: { user_id: user.id, ...RANGE, tax_status: '1099', fica_tax: 0 },
      }),
    );
    // 1099 this month: no FICA; 5000.00 − (2000.00 + 120.00 + 800.00 + 310.00 + 25.00) = 1745.00
    expect(contractor).toMatchObject({ tax_status: '1099', fica_tax: 0, total_payroll: 2120, ending_balance: 1745 });

    const back = await ok(
      t.call('PATCH', `/api/distribution/${created.id}`, { token: admin.token, json: { user_id: user.id, ...RANGE } }),
    );
    expect(back).toMatchObject({ tax_status: 'W2', fica_tax: 1, total_payroll: 2451.34, ending_balance: 1413.66 });
    expect((await profileOf(t, user.id)).taxStatus).toBe('W2');
  });

  it('keeps the values used once approved', async () => {
    const user = await missionaryWithPayroll();
    const created = await ok(create({ user_id: user.id, ...RANGE, net_payroll: '1500', wire_fee: '0' }));
    await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.id] } }));
    const approved = await ok(t.call('GET', `/api/distribution/${created.id}`, { token: admin.token }));
    // 150000 × 620 / 9235 = 100.70; 150000 × 145 / 9235 = 23.55; total 1500 + 120 + 2 × (100.70 + 23.55) = 1868.50
    expect(approved).toMatchObject({ status: 'approved', net_payroll: 1500, wire_fee: 0, total_payroll: 1868.5 });
    // 5000.00 − (1868.50 + 800.00 + 310.00 + 0.00) = 2021.50, the next starting balance
    expect(approved.ending_balance).toBe(2021.5);
    expect((await profileOf(t, user.id)).fundBalance).toBe(202150);
    expect((await profileOf(t, user.id)).netSalary).toBe(200000);
  });
});

describe('refused payroll inputs', () => {
  it.each([
    ['FICA with a 1099 tax status', { tax_status: '1099', fica_tax: 1 }, 'fica_tax', MESSAGES.ficaOnlyW2],
    ['FICA with W2 Exempt', { tax_status: 'W2 Exempt', fica_tax: '1' }, 'fica_tax', MESSAGES.ficaOnlyW2],
    // The profile is W2 with FICA ticked: W2 Exempt alone would keep FICA ticked.
    ['W2 Exempt while the profile has FICA', { tax_status: 'W2 Exempt' }, 'fica_tax', MESSAGES.ficaOnlyW2],
    ['an unknown tax status', { tax_status: 'W3' }, 'tax_status', 'Tax Status must be one of: W2, 1099, W2 Exempt.'],
    ['a FICA flag that is not 0/1', { fica_tax: 'yes' }, 'fica_tax', 'FICA Tax must be 0 or 1.'],
    ['a negative net salary', { net_payroll: -1 }, 'net_payroll', 'Net Salary cannot be negative.'],
    [
      'a fraction of a cent',
      { wire_fee: '1.005' },
      'wire_fee',
      'Wire Fee must be a dollar amount with at most 2 decimals.',
    ],
    // 403(b) 2,800.01 > 2,000.00 + 800.00
    ['a 403(b) above salary and housing', { retirement: '2800.01' }, 'retirement', MESSAGES.retirementTooLarge],
    // payroll disbursement 1,000.00 + 800.00 − 150.00 = 1,650.00
    [
      'a mid-month disbursement above this month’s payroll',
      { net_payroll: '1000', mid_month_disbursement: '1650.01' },
      'mid_month_disbursement',
      MESSAGES.midMonthTooLarge,
    ],
  ])('refuses %s with 422 and changes nothing', async (_case, inputs, field, message) => {
    const user = await missionaryWithPayroll();
    const result = await expectNoChange(t, WRITE_TABLES, () => create({ user_id: user.id, ...RANGE, ...inputs }));
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('refuses FICA for a field worker whose profile is 1099', async () => {
    const user = await missionaryWithPayroll({ ...PROFILE, tax_status: '1099', fica_tax: 0 });
    const result = await expectNoChange(t, WRITE_TABLES, () => create({ user_id: user.id, ...RANGE, fica_tax: 1 }));
    expect(result.status).toBe(422);
    expect(result.body).toEqual({ message: MESSAGES.ficaOnlyW2, errors: { fica_tax: [MESSAGES.ficaOnlyW2] } });
  });

  it('answers 403 to an employee or the missionary sending payroll inputs, 401 without a token', async () => {
    const user = await missionaryWithPayroll();
    const body = { user_id: user.id, ...RANGE, net_payroll: '1', insurance_payment: '0' };
    await expectNoChange(t, WRITE_TABLES, () =>
      expectStatus(t, 403, [
        ['POST', '/api/distribution', { token: employee.token, json: body }],
        ['POST', '/api/distribution', { token: user.token, json: body }],
      ]),
    );
    await expectStatus(t, 401, [['POST', '/api/distribution', { json: body }]]);
  });
});
