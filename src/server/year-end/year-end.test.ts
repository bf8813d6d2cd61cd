import { closeApp, ok, setPayroll } from '../distributions/test-fixtures';
import { readCsv } from '../test-support/downloads';
import type { SignedIn, TestApp } from '../test-support/harness';
import { createTestApp } from '../test-support/harness';

/** Year end and ministers (docs/tax.md): tax years, the minister profile, the housing cap, the report. */
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let rev: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  rev = await t.signIn('missionary', { name: 'Rev Year End' });
});
afterAll(() => closeApp(t));

/** A payroll-only distribution for the month ending `end`, approved. */
async function payMonth(start: string, end: string, extra: Record<string, unknown> = {}) {
  const created = await t.call('POST', '/api/distribution', {
    token: admin.token,
    json: { user_id: rev.id, start_date: start, end_date: end, ...extra },
  });
  if (created.status !== 201 && created.status !== 200) return created;
  await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.body.id] } }));
  return created;
}

describe('tax years', () => {
  it('has 2026 filled in and lets an admin set another year', async () => {
    const year = await ok(t.call('GET', '/api/settings/tax-years/2026', { token: employee.token }));
    expect(year).toEqual({
      year: 2026,
      social_security_wage_base: 184500,
      nec_threshold: 2000,
      elective_deferral_limit: 24500,
    });
    const body = { social_security_wage_base: 190000, nec_threshold: 2050, elective_deferral_limit: 25000 };
    expect(await ok(t.call('PUT', '/api/settings/tax-years/2027', { token: admin.token, json: body }))).toEqual({
      year: 2027,
      ...body,
    });
  });

  it('answers 404 for a year without figures, 422 naming fields, 401 and 403', async () => {
    expect((await t.call('GET', '/api/settings/tax-years/2030', { token: admin.token })).status).toBe(404);
    const bad = await t.call('PUT', '/api/settings/tax-years/2027', {
      token: admin.token,
      json: { nec_threshold: -1 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'elective_deferral_limit',
      'nec_threshold',
      'social_security_wage_base',
    ]);
    expect((await t.call('GET', '/api/settings/tax-years/1999', { token: admin.token })).status).toBe(422);
    expect((await t.call('GET', '/api/settings/tax-years/2026')).status).toBe(401);
    expect((await t.call('PUT', '/api/settings/tax-years/2026', { token: employee.token, json: {} })).status).toBe(403);
    expect((await t.call('GET', '/api/settings/tax-years/2026', { token: rev.token })).status).toBe(403);
  });
});

describe('a minister and the housing allowance designation', () => {
  it('saves the flag and the designation; refuses FICA and a duplicate year', async () => {
    const fica = await t.call('POST', `/api/user/${rev.id}`, {
      token: admin.token,
      json: { minister: 1, tax_status: 'W2', fica_tax: 1 },
    });
    expect(fica.status).toBe(422);
    expect(fica.body.errors.fica_tax).toBeDefined();
    const twice = await t.call('POST', `/api/user/${rev.id}`, {
      token: admin.token,
      json: {
        housing_allowance_designations: [
          { year: 2026, amount: 24000, approved_on: '2025-12-15' },
          { year: 2026, amount: 1, approved_on: '2025-12-15' },
        ],
      },
    });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors)).toEqual(['housing_allowance_designations.1.year']);
    const saved = await setPayroll(t, admin, rev.id, {
      minister: 1,
      tax_status: 'W2 Exempt',
      net_salary: 3000,
      housing_allowance: 2500,
      housing_allowance_designations: [{ year: 2026, amount: 4000, approved_on: '2025-12-15' }],
    });
    expect(saved.profile).toMatchObject({ minister: 1, fica_tax: 0 });
  });

  it('pays up to the designation, then refuses naming what is left; the profile shows paid and left', async () => {
    await t.call('POST', `/api/user/${rev.id}`, { token: admin.token, json: { fund_balance: 50000 } });
    expect((await payMonth('2026-01-01', '2026-01-31')).status).toBe(201);
    // 4000 − 2500 = 1500 left: February's 2500 is refused under housing_allowance.
    const refused = await payMonth('2026-02-01', '2026-02-28');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.housing_allowance).toEqual([
      'Only $1,500.00 is left of the 2026 housing allowance designation of $4,000.00.',
    ]);
    expect((await payMonth('2026-02-01', '2026-02-28', { housing_allowance: 1500 })).status).toBe(201);
    const housing = await ok(t.call('GET', `/api/user/${rev.id}/housing-allowance`, { token: rev.token }));
    expect(housing.designations).toEqual([
      { year: 2026, amount: 4000, approved_on: '2025-12-15', paid: 4000, left: 0 },
    ]);
    const lower = await t.call('POST', `/api/user/${rev.id}`, {
      token: admin.token,
      json: { housing_allowance_designations: [{ year: 2026, amount: 100, approved_on: '2025-12-15' }] },
    });
    expect(lower.status).toBe(422);
    expect((await t.call('GET', `/api/user/${rev.id}/housing-allowance`, { token: employee.token })).status).toBe(200);
    expect((await t.call('GET', `/api/user/${admin.id}/housing-allowance`, { token: rev.token })).status).toBe(403);
    expect((await t.call('GET', '/api/user/999999/housing-allowance', { token: admin.token })).status).toBe(404);
  });
});

describe('the year-end report', () => {
  it('gives the minister box 14 and boxes 3–6 at zero, adding up to the distributions', async () => {
    const year = await ok(t.call('GET', '/api/year-end', { token: admin.token, query: { year: '2026' } }));
    const row = year.rows.find((r: { user_id: number }) => r.user_id === rev.id);
    // January 3000 + 2500 housing, February 3000 + 1500: gross pay 10,000; box 14 4,000; box 1 6,000
    expect(row).toMatchObject({
      form: 'W-2',
      gross_pay: 10000,
      box_1: 6000,
      box_3: 0,
      box_4: 0,
      box_5: 0,
      box_6: 0,
      box_14: 4000,
    });
    expect(year.totals.gross_pay).toBe(year.distributions.gross_pay);
    const trace = await ok(
      t.call('GET', '/api/year-end/trace', { token: admin.token, query: { year: '2026', user_id: String(rev.id) } }),
    );
    expect(trace.distributions.map((d: { id: number }) => d.id)).toEqual(row.distribution_ids);
  });

  it('downloads as CSV and the PDF summary; 401, 403, 404 and 422', async () => {
    const csv = await t.call('GET', '/api/reports/year-end', {
      token: admin.token,
      query: { year: '2026', format: 'csv' },
    });
    expect(csv.status).toBe(200);
    const table = readCsv(csv.raw);
    expect(table.header).toContain('W-2 box 14 housing allowance');
    expect(table.rows.find((r) => r[0] === String(rev.id))?.[12]).toBe('4000.00');
    const pdf = await t.call('GET', '/api/reports/year-end/summary.pdf', {
      token: rev.token,
      query: { year: '2026', user_id: String(rev.id) },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (
        await t.call('GET', '/api/reports/year-end/summary.pdf', {
          token: rev.token,
          query: { year: '2026', user_id: String(admin.id) },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('GET', '/api/year-end', { token: employee.token, query: { year: '2026' } })).status).toBe(403);
    expect((await t.call('GET', '/api/year-end', { query: { year: '2026' } })).status).toBe(401);
    expect((await t.call('GET', '/api/year-end', { token: admin.token, query: { year: '2031' } })).status).toBe(404);
    const bad = await t.call('GET', '/api/reports/year-end', {
      token: admin.token,
      query: { year: 'x', format: 'pdf' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['format', 'year']);
  });
});
