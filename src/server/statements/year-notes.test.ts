import { execFileSync } from 'node:child_process';
import { buildDistributionInput, contextFromWire, parsePayload } from '../../domain/distributions/context';
import { computeDistribution } from '../../domain/distributions/engine';
import { allFlagsReviewed } from '../../domain/distributions/review';
import { closeApp, ok, setPayroll } from '../distributions/test-fixtures';
import type { SignedIn, TestApp } from '../test-support/harness';
import { createTestApp } from '../test-support/harness';

/**
 * The year notes (docs/tax.md "What the distribution and the statement say"): the distribution
 * context carries the year's limits to the form, and the monthly statement says when the Social
 * Security wage base is reached and when a minister's housing allowance is taxable. 2025 gets a
 * small wage base of $20,000.00 so the second month of a $15,000.00 salary crosses it.
 */
let t: TestApp;
let admin: SignedIn;
let wes: SignedIn;
let rev: SignedIn;
const months: Record<string, number> = {};

const MONTHS = [
  ['2025-01-01', '2025-01-31'],
  ['2025-02-01', '2025-02-28'],
  ['2025-03-01', '2025-03-31'],
] as const;

/** A payroll-only distribution of `user` for the month, approved; answers its id. */
async function payMonth(user: SignedIn, [start, end]: readonly [string, string]): Promise<number> {
  const created = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: { user_id: user.id, start_date: start, end_date: end },
    }),
  );
  await ok(
    t.call('POST', '/api/batch-approve', {
      token: admin.token,
      json: { distribution_ids: [created.id], reviewed: allFlagsReviewed([created]) },
    }),
  );
  return created.id;
}

/** The statement's text, one line (pdftotext; the notes wrap inside their column). */
async function statementText(id: number, token: string): Promise<string> {
  const result = await t.call('GET', `/api/distribution/${id}/statement.pdf`, { token });
  expect(result.status).toBe(200);
  const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: result.raw, encoding: 'utf8' });
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  wes = await t.signIn('missionary', { name: 'Wes Wages', missionaryNumber: 'W-0001' });
  rev = await t.signIn('missionary', { name: 'Rev Housing', missionaryNumber: 'W-0002' });
  await ok(
    t.call('PUT', '/api/settings/tax-years/2025', {
      token: admin.token,
      json: { social_security_wage_base: 20000, nec_threshold: 600, elective_deferral_limit: 23500 },
    }),
  );
  await setPayroll(t, admin, wes.id, {
    tax_status: 'W2',
    fica_tax: 1,
    net_salary: 15000,
    federal_income_tax: 1200,
    fund_balance: 100000,
  });
  await setPayroll(t, admin, rev.id, {
    minister: 1,
    tax_status: 'W2 Exempt',
    net_salary: 3000,
    housing_allowance: 2500,
    fund_balance: 50000,
  });
  months.january = await payMonth(wes, MONTHS[0]);
});
afterAll(() => closeApp(t));

describe('the distribution context carries the year so far, so the form previews the cap', () => {
  it('answers year_to_date, and the preview is what the server stores for the crossing month', async () => {
    const query = { user_id: String(wes.id), start_date: MONTHS[1][0], end_date: MONTHS[1][1] };
    const wire = await ok(t.call('GET', '/api/distribution-context', { token: admin.token, query }));
    // January: S 15,000 grossed up, ss 1,007.04, mc 235.52, gross 17,442.56 (all under the base)
    expect(wire.year_to_date).toEqual({
      year: 2025,
      minister: 0,
      social_security_wage_base: 20000,
      social_security_wages_before: 17442.56,
      housing_designation: null,
      housing_excluded_before: 0,
    });
    const payload = { user_id: wes.id, start_date: MONTHS[1][0], end_date: MONTHS[1][1] };
    const preview = computeDistribution(buildDistributionInput(contextFromWire(wire), parsePayload(payload)));
    // 20000 − 17442.56 = 2,557.44 left; ss = 6.2 % × 2557.44 = 158.56; mc grossed up on 15,158.56:
    // 1515856 × 145 / 9855 = 22303.31 → 223.03; gross 15000 + 158.56 + 223.03 + 1200 = 16,581.59
    expect(preview.distribution).toMatchObject({ employee_ss: 15856, employee_mc: 22303, gross_payroll: 1658159 });
    months.february = await payMonth(wes, MONTHS[1]);
    const stored = await ok(t.call('GET', `/api/distribution/${months.february}`, { token: admin.token }));
    expect(stored).toMatchObject({ employee_ss: 158.56, gross_payroll: 16581.59, social_security_wages: 2557.44 });
  });

  it('keeps year_to_date in the context an approval froze (the missionary reads their own)', async () => {
    const query = { distribution_id: String(months.february) };
    const frozen = await ok(t.call('GET', '/api/distribution-context', { token: wes.token, query }));
    expect(frozen.year_to_date).toMatchObject({
      social_security_wage_base: 20000,
      social_security_wages_before: 17442.56,
    });
  });
});

describe('the monthly statement', () => {
  it('says nothing of the wage base while the month fits under it', async () => {
    const text = await statementText(months.january, wes.token);
    expect(text).toContain('Total taxes');
    expect(text).not.toContain('wage base');
  });

  it('says the wage base was reached this month, with the wages above it', async () => {
    // 16,581.59 gross − 2,557.44 Social Security wages = 14,024.15 above the base
    expect(await statementText(months.february, wes.token)).toContain(
      "Social Security wage base of $20,000.00 reached this month: $14,024.15 of this month's wages are above it, so no Social Security tax is taken on them.",
    );
  });

  it('says it was already reached in a later month', async () => {
    months.march = await payMonth(wes, MONTHS[2]);
    const stored = await ok(t.call('GET', `/api/distribution/${months.march}`, { token: admin.token }));
    // nothing left: ss 0; mc = 1500000 × 145 / 9855 → 220.70; gross 16,420.70, SS wages 0
    expect(stored).toMatchObject({ employee_ss: 0, employee_mc: 220.7, social_security_wages: 0 });
    expect(await statementText(months.march, admin.token)).toContain(
      'Social Security wage base of $20,000.00 already reached this year: no Social Security tax this month.',
    );
  });

  it('says a minister’s housing allowance without a designation is taxable wages', async () => {
    const id = await payMonth(rev, MONTHS[0]);
    const stored = await ok(t.call('GET', `/api/distribution/${id}`, { token: admin.token }));
    expect(stored).toMatchObject({ housing_allowance: 2500, housing_allowance_excluded: 0, employee_ss: 0 });
    const text = await statementText(id, rev.token);
    expect(text).toContain(
      'No housing allowance was designated for 2025 before this payment, so $2,500.00 of housing allowance is taxable wages.',
    );
    expect(text).not.toContain('wage base');
  });

  it('says nothing of housing once the designation covers it', async () => {
    await setPayroll(t, admin, rev.id, {
      housing_allowance_designations: [{ year: 2025, amount: 30000, approved_on: '2025-01-15' }],
    });
    const id = await payMonth(rev, MONTHS[1]);
    const stored = await ok(t.call('GET', `/api/distribution/${id}`, { token: admin.token }));
    expect(stored).toMatchObject({ housing_allowance: 2500, housing_allowance_excluded: 2500 });
    expect(await statementText(id, rev.token)).not.toContain('housing allowance is taxable');
  });
});
