import { eq } from 'drizzle-orm';
import { distributionOverlapMessage, MESSAGES } from '../../domain/messages';
import { advanceRequests, donations, expenseReports, holdAccountTransactions } from '../db/schema';
import { expectNoChange, expectStatus } from '../test-support/harness';
import { ok, RANGE, type RuthSetup, ruthPayload, setUpRuth } from './test-fixtures';
import { admin, categories, contextQuery, create, employee, t, WRITE_TABLES } from './test-office';
import { DISTRIBUTION_MESSAGES } from './write';

let setup: RuthSetup;

beforeAll(async () => {
  setup = await setUpRuth(t, admin, categories);
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
