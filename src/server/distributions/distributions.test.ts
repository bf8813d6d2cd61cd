import { eq } from 'drizzle-orm';
import { buildDistributionInput, contextFromWire, parsePayload } from '../../domain/distributions/context';
import { computeDistribution } from '../../domain/distributions/engine';
import { distributionOverlapMessage, MESSAGES } from '../../domain/messages';
import { advanceRequests, distributions, donations, expenseReports, holdAccountTransactions } from '../db/schema';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, expectNoChange, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';
import {
  closeApp,
  importDonations,
  ok,
  RANGE,
  type RuthSetup,
  requestAdvance,
  ruthPayload,
  setUpRuth,
  submittedReport,
  unique,
} from './test-fixtures';
import { DISTRIBUTION_MESSAGES } from './write';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let categories: Awaited<ReturnType<typeof seedCategories>>;
let setup: RuthSetup;

const WRITE_TABLES = [
  'distributions',
  'expense_reports',
  'advance_requests',
  'donations',
  'hold_account_transactions',
  'hold_accounts',
  'profiles',
  'journal_entries',
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  categories = await seedCategories(t);
  setup = await setUpRuth(t, admin, categories);
});
afterAll(() => closeApp(t));

function contextQuery(s: RuthSetup) {
  return { user_id: s.ruth.id, ...RANGE, donation_upload_name: s.upload };
}

async function create(payload: Record<string, unknown>, token = admin.token) {
  return t.call('POST', '/api/distribution', { token, json: payload });
}

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

describe('POST /api/distribution', () => {
  it('recomputes every amount, ignores the totals a client sends, stores it pending and takes its references', async () => {
    const result = await create(
      ruthPayload(setup, { admin_fee: 1, ending_balance: 1_000_000, total_donations: 5, status: 'approved' }),
    );
    expect(result.status).toBe(201);
    const d = result.body;
    expect(d).toMatchObject({
      message: MESSAGES.distributionSaved,
      status: 'pending',
      user_id: setup.ruth.id,
      user_name: setup.ruth.name,
      ...RANGE,
      donation_upload_name: setup.upload,
      // docs/distribution.md's worked example, figure for figure
      starting_balance: 1250,
      total_donations: 4450,
      admin_fee: 445, // not the client's 1.00
      employee_ss: 134.27,
      employer_ss: 134.27,
      employee_mc: 31.4,
      employer_mc: 31.4,
      gross_payroll: 2285.67,
      total_payroll: 2451.34,
      payroll_disbursement: 2650,
      net_payroll_dist: 2650,
      held_liability_account_starting_balance: 400,
      held_liability_account_deposit: 350,
      // the fund starts with nothing owed: 180.00 + 570.00 withdrawn, 30.00 short
      held_liability_account_withdrawal: 750,
      held_liability_account_balance: 0,
      funds_available: 1318.66,
      unreimbursed_amount_starting: 140,
      unreimbursed_reimbursement: 140,
      unreimbursed_amount_ending: 0,
      total_expenses: 965.4,
      ministry_reimbursement: 925.4,
      ministry_expense_reimbursement: 925.4,
      ministry_advance: 300,
      ministry_expense_advance: 300,
      ending_balance: 93.26, // not the client's 1,000,000.00
      total_funds_disbursed: 4625.4,
      total_funds_on_account: 93.26,
      fica_tax: 1,
      tax_status: 'W2',
      comments: 'November MAT Day',
      review_flags: [],
      batch: 0,
      approved_at: null,
    });
    expect(typeof d.processedExpenseReports).toBe('string');
    expect(JSON.parse(d.processedExpenseReports)).toEqual([
      {
        id: setup.report.id,
        date: '2026-11-03',
        total_amount: 965.4,
        dist_amount_reimbursed: 785.4,
        dist_hold_account_withdrawals: 180,
        dist_amount_unreimbursed: 0,
        hold_account_unreimbursed: 0,
      },
    ]);
    expect(JSON.parse(d.processedAdvanceRequests)).toEqual([
      { id: setup.advanceId, amount_requested: 300, amount_approved: null, approved: 1, dist_amount_approved: 300 },
    ]);
    const transactions = JSON.parse(d.hold_account_transactions);
    expect(
      transactions.map((row: { source: string; amount_approved: number }) => [row.source, row.amount_approved]),
    ).toEqual([
      ['donation', 250],
      ['recurring', 100],
      ['expense', 180],
      ['manual', 570],
    ]);
    expect(transactions[3]).toMatchObject({ description: 'Mat Day Manual Withdrawal', added_unreimbursed_amount: 30 });
    expect(d.payload).toMatchObject({ user_id: setup.ruth.id, approved_donation_ids: [setup.donationIds[2]] });
    expect(d.payload).not.toHaveProperty('admin_fee');
    expect(d.user).toMatchObject({ id: setup.ruth.id, profile: { fund_balance: 1250 } });
    expect(d.expense_report.map((r: { id: number }) => r.id)).toEqual([setup.report.id]);
    expect(d.advance_request.map((a: { id: number }) => a.id)).toEqual([setup.advanceId]);
    expect(d.donations.map((x: { id: number }) => x.id)).toEqual(setup.donationIds);

    // docs/decisions.md: what it includes is referenced; its transactions wait, pending and hidden.
    const [report] = await t.ctx.db.select().from(expenseReports).where(eq(expenseReports.id, setup.report.id));
    expect(report).toMatchObject({ distributionId: d.id, processed: false });
    const [advance] = await t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, setup.advanceId));
    expect(advance).toMatchObject({ distributionId: d.id, status: 'requested' });
    const rows = await t.ctx.db.select().from(donations).where(eq(donations.distributionId, d.id));
    expect(rows.map((row) => row.approved)).toEqual([false, false, false]);
    const pending = await t.ctx.db
      .select()
      .from(holdAccountTransactions)
      .where(eq(holdAccountTransactions.distributionId, d.id));
    expect(pending.map((row) => row.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    const listed = await t.call('GET', `/api/hold-account/${setup.fund.id}/transactions`, { token: admin.token });
    expect(listed.body).toEqual([]);
    // Nothing moved yet.
    const fund = await t.call('GET', `/api/hold-account/${setup.fund.id}`, { token: admin.token });
    expect(fund.body).toMatchObject({ balance: 400, unreimbursed_amount: 0 });

    // A report, advance or donation in a pending distribution is not offered to another one.
    const again = await t.call('GET', '/api/distribution-context', {
      token: admin.token,
      query: { ...contextQuery(setup), start_date: '2026-11-02' },
    });
    expect(again.body).toMatchObject({ donations: [], expense_reports: [], advance_requests: [] });
    // Editing it offers its own again, with the saved choices.
    const own = await t.call('GET', '/api/distribution-context', {
      token: admin.token,
      query: { distribution_id: d.id },
    });
    expect(own.body.expense_reports.map((r: { id: number }) => r.id)).toEqual([setup.report.id]);
    expect(own.body.distribution).toMatchObject({ id: d.id, status: 'pending', payload: d.payload });

    await ok(t.call('DELETE', `/api/distribution/${d.id}`, { token: admin.token }));
  });

  it('takes a form post with the lists as JSON text', async () => {
    const payload = ruthPayload(setup);
    const form: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(payload))
      form[key] = typeof value === 'object' ? JSON.stringify(value) : value;
    const result = await t.call('POST', '/api/distribution', { token: admin.token, form });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ ending_balance: 93.26, ministry_advance: 300 });
    await ok(t.call('DELETE', `/api/distribution/${result.body.id}`, { token: admin.token }));
  });

  it.each([
    ['no field worker', { user_id: '' }, 'user_id', 'Field worker is required.'],
    ['no start date', { start_date: '' }, 'start_date', 'Start date is required.'],
    ['a bad end date', { end_date: '2026-13-01' }, 'end_date', 'End date must be a date (YYYY-MM-DD).'],
    ['an end before the start', { end_date: '2026-10-01' }, 'end_date', MESSAGES.endBeforeStart],
    ['an employee as the field worker', { user_id: 'employee' }, 'user_id', DISTRIBUTION_MESSAGES.notMissionary],
    [
      'an unknown upload',
      { donation_upload_name: 'Nope' },
      'donation_upload_name',
      DISTRIBUTION_MESSAGES.unknownUpload,
    ],
    [
      'a donation that is not hers',
      { approved_donation_ids: [999999] },
      'approved_donation_ids.0',
      MESSAGES.donationNotInDistribution,
    ],
    [
      'an advance that is not hers',
      { advance_requests: [999999] },
      'advance_requests.0.id',
      MESSAGES.advanceNotInDistribution,
    ],
    [
      'an approved row without a type',
      { hold_account_transactions: [{ hold_account_id: 1, transaction_amount: 5, approved: 1 }] },
      'hold_account_transactions.0.transaction_type',
      MESSAGES.holdTransactionAccountAndTypeRequired,
    ],
    [
      'a recurring row that does not match the account',
      {
        hold_account_transactions: [
          { hold_account_id: 'fund', transaction_type: 'Deposit', transaction_amount: 99, approved: 1, recurring: 1 },
        ],
      },
      'hold_account_transactions.0.transaction_amount',
      MESSAGES.recurringAmountMismatch,
    ],
    [
      'a hold account that is not hers',
      {
        hold_account_transactions: [
          { hold_account_id: 999999, transaction_type: 'Deposit', transaction_amount: 5, approved: 1 },
        ],
      },
      'hold_account_transactions.0.hold_account_id',
      MESSAGES.holdAccountUnknown,
    ],
    [
      'a negative manual amount',
      { manual_ministry_advance: -5 },
      'manual_ministry_advance',
      'Manual business advance cannot be negative.',
    ],
    [
      'a fraction of a cent',
      { manual_ministry_reimbursement: '1.005' },
      'manual_ministry_reimbursement',
      'Manual business reimbursement must be a dollar amount with at most 2 decimals.',
    ],
    [
      'a mid-month disbursement above the payroll',
      { mid_month_disbursement: 5000 },
      'mid_month_disbursement',
      MESSAGES.midMonthTooLarge,
    ],
  ])('refuses %s with 422 and changes nothing', async (_what, change, field, message) => {
    const resolved = JSON.parse(
      JSON.stringify(change).replaceAll('"employee"', String(employee.id)).replaceAll('"fund"', String(setup.fund.id)),
    );
    const result = await expectNoChange(t, WRITE_TABLES, () => create(ruthPayload(setup, resolved)));
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('answers 401 without a token and 403 to an employee or a missionary', async () => {
    await expectStatus(t, 401, [['POST', '/api/distribution', { json: ruthPayload(setup) }]]);
    await expectStatus(t, 403, [
      ['POST', '/api/distribution', { token: employee.token, json: ruthPayload(setup) }],
      ['POST', '/api/distribution', { token: setup.ruth.token, json: ruthPayload(setup) }],
    ]);
  });

  it('refuses a second pending distribution for the same field worker and dates (409)', async () => {
    const first = await create(ruthPayload(setup));
    expect(first.status).toBe(201);
    const second = await expectNoChange(t, WRITE_TABLES, () =>
      create({ ...ruthPayload(setup), approved_donation_ids: [], advance_requests: [] }),
    );
    expect(second.status).toBe(409);
    // The overlap rule answers first, naming the distribution it would share days with.
    expect(second.body.message).toBe(
      distributionOverlapMessage(setup.ruth.name, {
        id: first.body.id,
        status: 'pending',
        startDate: RANGE.start_date,
        endDate: RANGE.end_date,
      }),
    );
    await ok(t.call('DELETE', `/api/distribution/${first.body.id}`, { token: admin.token }));
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

describe('PATCH /api/distribution/{id}', () => {
  it('recomputes with the new choices and moves the references (JSON PATCH and form POST with _method)', async () => {
    const created = await ok(create(ruthPayload(setup)));
    const updated = await t.call('PATCH', `/api/distribution/${created.id}`, {
      token: admin.token,
      json: ruthPayload(setup, { advance_requests: [], manual_ministry_advance: 50, admin_fee: 0 }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: MESSAGES.distributionUpdated,
      id: created.id,
      admin_fee: 445,
      ministry_advance: 0,
      manual_ministry_advance: 50,
      ending_balance: 343.26, // 93.26 + 300.00 advance not paid − 50.00 manual advance
      advance_request: [],
    });
    const [advance] = await t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, setup.advanceId));
    expect(advance.distributionId).toBeNull();

    const viaPost = await t.call('POST', `/api/distribution/${created.id}`, {
      token: admin.token,
      form: { _method: 'PATCH', ...flatForm(ruthPayload(setup, { comments: 'Edited' })) },
    });
    expect(viaPost.status).toBe(200);
    expect(viaPost.body).toMatchObject({ comments: 'Edited', ministry_advance: 300, ending_balance: 93.26 });
    const pending = await t.ctx.db
      .select()
      .from(holdAccountTransactions)
      .where(eq(holdAccountTransactions.distributionId, created.id));
    expect(pending).toHaveLength(4); // replaced, not added to
    await ok(t.call('DELETE', `/api/distribution/${created.id}`, { token: admin.token }));
  });

  it('refuses another field worker (422), other roles (401/403) and unknown ids (404)', async () => {
    const created = await ok(create(ruthPayload(setup)));
    const other = await t.signIn('missionary');
    const changed = await t.call('PATCH', `/api/distribution/${created.id}`, {
      token: admin.token,
      json: { ...ruthPayload(setup), user_id: other.id },
    });
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual({ user_id: [DISTRIBUTION_MESSAGES.userChanged] });
    const invalid = await t.call('PATCH', `/api/distribution/${created.id}`, {
      token: admin.token,
      json: { ...ruthPayload(setup), end_date: '2026-10-01' },
    });
    expect(invalid.status).toBe(422);
    await expectStatus(t, 401, [['PATCH', `/api/distribution/${created.id}`, { json: ruthPayload(setup) }]]);
    await expectStatus(t, 403, [
      ['PATCH', `/api/distribution/${created.id}`, { token: employee.token, json: ruthPayload(setup) }],
      ['PATCH', `/api/distribution/${created.id}`, { token: setup.ruth.token, json: ruthPayload(setup) }],
    ]);
    await expectStatus(t, 404, [
      ['PATCH', '/api/distribution/999999', { token: admin.token, json: ruthPayload(setup) }],
    ]);
    await ok(t.call('DELETE', `/api/distribution/${created.id}`, { token: admin.token }));
  });
});

describe('DELETE /api/distribution/{id}', () => {
  it('deletes a pending one and releases its reports, advances, donations and pending transactions', async () => {
    const created = await ok(create(ruthPayload(setup)));
    const result = await t.call('DELETE', `/api/distribution/${created.id}`, { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ id: created.id, success: true, message: MESSAGES.distributionDeleted });
    expect(await t.ctx.db.select().from(distributions).where(eq(distributions.id, created.id))).toEqual([]);
    for (const table of [expenseReports, advanceRequests, donations, holdAccountTransactions] as const) {
      expect(await t.ctx.db.select().from(table).where(eq(table.distributionId, created.id))).toEqual([]);
    }
    await expectStatus(t, 404, [['DELETE', `/api/distribution/${created.id}`, { token: admin.token }]]);
  });

  it('answers 401 and 403 (employee, missionary), also through POST with _method', async () => {
    const created = await ok(create(ruthPayload(setup)));
    await expectStatus(t, 401, [['DELETE', `/api/distribution/${created.id}`, {}]]);
    await expectStatus(t, 403, [
      ['DELETE', `/api/distribution/${created.id}`, { token: employee.token }],
      ['POST', `/api/distribution/${created.id}`, { token: employee.token, form: { _method: 'DELETE' } }],
      ['DELETE', `/api/distribution/${created.id}`, { token: setup.ruth.token }],
    ]);
    const viaPost = await t.call('POST', `/api/distribution/${created.id}`, {
      token: admin.token,
      form: { _method: 'DELETE' },
    });
    expect(viaPost.status).toBe(200);
  });
});

describe('GET /api/distribution and /api/paginated_distribution', () => {
  let boazId: number;
  let pendingId: number;

  beforeAll(async () => {
    const boazNumber = unique('B');
    const boaz = await t.signIn('missionary', { name: unique('Boaz Listed'), missionaryNumber: boazNumber });
    boazId = boaz.id;
    const upload = unique('Listed upload');
    await importDonations(t, admin, upload, [['', boazNumber, '10.00']]);
    // Boaz: no salary set, one report he cannot be paid for (no funds) → unreimbursed grows.
    await submittedReport(t, boaz, categories, [{ amount: '25.00' }]);
    await requestAdvance(t, boaz, '5.00');
    const created = await ok(create({ user_id: boaz.id, ...RANGE, donation_upload_name: upload, comments: 'Listed' }));
    pendingId = created.id;
  });

  it('lists every distribution for staff with filters; the review flags come along', async () => {
    const all = await t.call('GET', '/api/distribution', { token: employee.token, query: { user_id: boazId } });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(1);
    expect(all.body[0]).toMatchObject({ id: pendingId, status: 'pending', total_donations: 10, admin_fee: 1 });
    expect(all.body[0]).not.toHaveProperty('hold_account_transactions');
    expect(all.body[0].review_flags.map((flag: { code: string }) => flag.code)).toEqual(['unreimbursed_growing']);
    const approvedOnly = await t.call('GET', '/api/distribution', {
      token: admin.token,
      query: { user_id: boazId, status: 'approved' },
    });
    expect(approvedOnly.body).toEqual([]);
    await expectStatus(t, 422, [['GET', '/api/distribution', { token: admin.token, query: { status: 'paid' } }]]);
    await expectStatus(t, 401, [['GET', '/api/distribution', {}]]);
  });

  it('pages with status, q and user_id; default limit 100; sorts only by whitelisted columns', async () => {
    const page = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { status: 'pending', q: 'BOAZ LISTED' },
    });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      data: [expect.objectContaining({ id: pendingId })],
      total_count: 1,
      next_cursor: null,
      prev_cursor: null,
    });
    const byNumber = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { user_id: boazId, order_by: 'ending_balance', order: 'asc' },
    });
    expect(byNumber.body.total_count).toBe(1);
    const bad = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { order_by: 'password_hash' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['order_by']);
    await expectStatus(t, 401, [['GET', '/api/paginated_distribution', {}]]);
  });

  it('returns 100 rows unless asked for another limit', async () => {
    const filler = await t.signIn('missionary');
    await t.ctx.db.insert(distributions).values(
      Array.from({ length: 105 }, (_, index) => ({
        userId: filler.id,
        userName: filler.name,
        userEmail: filler.email,
        startDate: `${1900 + index}-01-01`,
        endDate: `${1900 + index}-01-31`,
      })),
    );
    const page = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { user_id: filler.id },
    });
    expect(page.body.data).toHaveLength(100);
    expect(page.body.total_count).toBe(105);
    const second = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { user_id: filler.id, limit: 30, page: 3 },
    });
    expect(second.body.data).toHaveLength(15);
  });

  it('shows a missionary only their own approved distributions', async () => {
    const boazToken = (await t.signIn('missionary')).token;
    const mine = await t.call('GET', '/api/paginated_distribution', { token: boazToken });
    expect(mine.body).toEqual({ data: [], total_count: 0, next_cursor: null, prev_cursor: null });
    await expectStatus(t, 403, [
      ['GET', '/api/distribution', { token: boazToken, query: { user_id: boazId } }],
      ['GET', '/api/paginated_distribution', { token: boazToken, query: { status: 'pending' } }],
    ]);
  });
});

function flatForm(payload: Record<string, unknown>): Record<string, string | number> {
  const form: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(payload)) {
    form[key] = typeof value === 'object' ? JSON.stringify(value) : (value as string | number);
  }
  return form;
}
