import { buildDistributionInput, contextFromWire, parsePayload } from '../../domain/distributions/context';
import { computeDistribution } from '../../domain/distributions/engine';
import { MESSAGES } from '../../domain/messages';
import { expectStatus } from '../test-support/harness';
import { ok, RANGE, type RuthSetup, ruthPayload, setUpRuth } from './test-fixtures';
import { admin, categories, contextQuery, create, employee, t } from './test-office';
import { DISTRIBUTION_MESSAGES } from './write';

let setup: RuthSetup;

beforeAll(async () => {
  setup = await setUpRuth(t, admin, categories);
});

describe('GET /api/distribution-context', () => {
  it("loads what the form previews with, and the form's computation is what the server then stores", async () => {
    const result = await t.call('GET', '/api/distribution-context', { token: admin.token, query: contextQuery(setup) });
    expect(result.status).toBe(200);
    const wire = result.body;
    expect(wire.user).toEqual({
      id: setup.ruth.id,
      name: setup.ruth.name,
      email: setup.ruth.email,
      role: 'missionary',
      missionary_number: expect.any(String),
    });
    expect(wire).toMatchObject({ ...RANGE, donation_upload_name: setup.upload, previous: null, distribution: null });
    expect(wire.profile).toMatchObject({
      tax_status: 'W2',
      fica_tax: 1,
      net_salary: 2000,
      fund_balance: 1250,
      unreimbursed_amount: 140,
      social_security: null,
    });
    expect(wire.settings).toMatchObject({ admin_fee_percentage: '10', admin_fee_cap: 500 });
    expect(wire.donations.map((d: { amount: number }) => d.amount)).toEqual([3000, 1200, 250]);
    expect(wire.donations[2]).toMatchObject({
      hold_account_id: setup.fund.id,
      fund_name: setup.fund.fundName,
      approved: 0,
    });
    expect(wire.hold_accounts).toEqual([
      {
        id: setup.fund.id,
        fund_name: setup.fund.fundName,
        balance: 400,
        unreimbursed_amount: 0,
        mat_day_recurring_deposit: 100,
        mat_day_recurring_transfer: 0,
        mat_day_recurring_withdrawal: 0,
      },
    ]);
    // The report processed earlier is owed (profile), not paid again as a report.
    expect(wire.expense_reports).toEqual([
      {
        id: setup.report.id,
        date: '2026-11-03',
        date_submitted: '2026-11-21',
        total_amount: 965.4,
        hold_account_charges: [{ expense_id: setup.report.expenseIds[1], hold_account_id: setup.fund.id, amount: 180 }],
      },
    ]);
    expect(wire.advance_requests).toEqual([
      {
        id: setup.advanceId,
        status: 'requested',
        amount_requested: 300,
        amount_approved: null,
        date_submitted: '2026-11-21',
        mat_date: null,
      },
    ]);

    // The browser's preview …
    const context = contextFromWire(wire);
    const payload = ruthPayload(setup);
    const preview = computeDistribution(buildDistributionInput(context, parsePayload(payload))).distribution;
    expect(preview.ending_balance).toBe(9326);
    // … is what the server stores.
    const saved = await create(payload);
    expect(saved.status).toBe(201);
    expect(saved.body.ending_balance).toBe(93.26);
    expect(saved.body.admin_fee).toBe(preview.admin_fee / 100);
    expect(saved.body.total_funds_disbursed).toBe(preview.total_funds_disbursed / 100);
    expect(JSON.parse(saved.body.hold_account_transactions)).toHaveLength(preview.hold_account_transactions.length);
    await ok(t.call('DELETE', `/api/distribution/${saved.body.id}`, { token: admin.token }));
  });

  it('answers an employee (staff read) too', async () => {
    await expectStatus(t, 200, [
      ['GET', '/api/distribution-context', { token: employee.token, query: contextQuery(setup) }],
    ]);
  });

  it.each([
    [
      {},
      {
        user_id: ['Field worker is required.'],
        start_date: ['Start date is required.'],
        end_date: ['End date is required.'],
      },
    ],
    [
      { user_id: 'x', start_date: '2026-11-01', end_date: '2026-11-30' },
      { user_id: ['Field worker must be a number.'] },
    ],
    [{ start_date: '2026-11-31' }, { start_date: ['Start date must be a date (YYYY-MM-DD).'] }],
    [{ start_date: '2026-11-30', end_date: '2026-11-01' }, { end_date: [MESSAGES.endBeforeStart] }],
    [{ donation_upload_name: 'No such upload' }, { donation_upload_name: [DISTRIBUTION_MESSAGES.unknownUpload] }],
    [{ user_id: 'employee' }, { user_id: [DISTRIBUTION_MESSAGES.notMissionary] }],
    [{ user_id: 999999 }, { user_id: [DISTRIBUTION_MESSAGES.notMissionary] }],
  ])('refuses %j with 422', async (change, errors) => {
    const query: Record<string, string | number> = { ...contextQuery(setup) };
    for (const [key, value] of Object.entries(change)) query[key] = value === 'employee' ? employee.id : value;
    if (Object.keys(change).length === 0) for (const key of Object.keys(query)) delete query[key];
    const result = await t.call('GET', '/api/distribution-context', { token: admin.token, query });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual(errors);
  });

  it('answers 401 without a token, 403 to a missionary without an approved distribution id, 404 for an unknown id', async () => {
    await expectStatus(t, 401, [['GET', '/api/distribution-context', { query: contextQuery(setup) }]]);
    await expectStatus(t, 403, [
      ['GET', '/api/distribution-context', { token: setup.ruth.token, query: contextQuery(setup) }],
    ]);
    await expectStatus(t, 404, [
      ['GET', '/api/distribution-context', { token: admin.token, query: { distribution_id: 999999 } }],
    ]);
  });
});

describe('GET /api/distribution/{id}', () => {
  it('answers staff; 401, 403 to missionaries while pending (even their own), 404 for unknown ids', async () => {
    const created = await ok(create(ruthPayload(setup)));
    await expectStatus(t, 200, [
      ['GET', `/api/distribution/${created.id}`, { token: admin.token }],
      ['GET', `/api/distribution/${created.id}`, { token: employee.token }],
    ]);
    await expectStatus(t, 401, [['GET', `/api/distribution/${created.id}`, {}]]);
    const own = await t.call('GET', `/api/distribution/${created.id}`, { token: setup.ruth.token });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(DISTRIBUTION_MESSAGES.noMissionaryAccess);
    await expectStatus(t, 404, [['GET', '/api/distribution/999999', { token: admin.token }]]);
    await expectStatus(t, 422, [['GET', '/api/distribution/abc', { token: admin.token }]]);
    await ok(t.call('DELETE', `/api/distribution/${created.id}`, { token: admin.token }));
  });
});
