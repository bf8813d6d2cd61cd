import { and, eq } from 'drizzle-orm';
import { buildDistributionInput, contextFromWire } from '../../domain/distributions/context';
import { computeDistribution } from '../../domain/distributions/engine';
import { MESSAGES } from '../../domain/messages';
import { advanceRequests, auditEvents, distributions, donations, expenseReports } from '../db/schema';
import { expectNoChange, expectStatus } from '../test-support/harness';
import {
  holdAccountOf,
  importDonations,
  ok,
  profileOf,
  type RuthSetup,
  ruthPayload,
  setUpRuth,
  TODAY,
  unique,
} from './test-fixtures';
import { admin, approve, categories, employee, expectJournalBalanced, t, WRITE_TABLES } from './test-office';
import { DISTRIBUTION_MESSAGES } from './write';

describe('POST /api/batch-approve: validation and access', () => {
  it.each([
    ['an empty JSON list', { json: { distribution_ids: [] } }, MESSAGES.noDistributionsSelected],
    ['an empty list in a form field', { form: { distribution_ids: '[]' } }, MESSAGES.noDistributionsSelected],
    ['no field at all', { json: {} }, MESSAGES.noDistributionsSelected],
    ['text that is not a list', { form: { distribution_ids: 'all' } }, 'Distribution ids must be a list.'],
    ['an id that is not a number', { json: { distribution_ids: ['x'] } }, 'Distribution must be a number.'],
  ])('refuses %s with 422', async (_what, options, message) => {
    const result = await t.call('POST', '/api/batch-approve', { token: admin.token, ...options });
    expect(result.status).toBe(422);
    expect(result.body.message).toBe(message);
    expect(result.body.errors).toEqual({ distribution_ids: [message] });
  });

  it.each([
    ['reviewed that is not a list', { reviewed: 'all' }, 'Reviewed flags must be a list.'],
    ['an unknown flag', { reviewed: [{ id: 1, flags: ['looks_fine'] }] }, 'Unknown review flag.'],
  ])('refuses %s with 422 under reviewed', async (_what, extra, message) => {
    const result = await t.call('POST', '/api/batch-approve', {
      token: admin.token,
      json: { distribution_ids: [1], ...extra },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({ reviewed: [message] });
  });

  it('answers 401 without a token, 403 to employees and missionaries, 404 for an unknown id', async () => {
    const missionary = await t.signIn('missionary');
    await expectStatus(t, 401, [['POST', '/api/batch-approve', { json: { distribution_ids: [1] } }]]);
    await expectStatus(t, 403, [
      ['POST', '/api/batch-approve', { token: employee.token, json: { distribution_ids: [1] } }],
      ['POST', '/api/batch-approve', { token: missionary.token, json: { distribution_ids: [1] } }],
    ]);
    const unknown = await approve([999999]);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: DISTRIBUTION_MESSAGES.notFound,
      approved: [],
      failed: [{ id: 999999, status: 404, message: DISTRIBUTION_MESSAGES.notFound }],
    });
  });
});

describe('approving the worked example and carrying it forward', () => {
  let setup: RuthSetup;
  let novemberId: number;

  beforeAll(async () => {
    setup = await setUpRuth(t, admin, categories);
    const created = await ok(t.call('POST', '/api/distribution', { token: admin.token, json: ruthPayload(setup) }));
    novemberId = created.id;
  });

  it('posts everything in one go, as a form post with the ids as a JSON list', async () => {
    const result = await t.call('POST', '/api/batch-approve', {
      token: admin.token,
      form: { distribution_ids: JSON.stringify([novemberId]) },
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ message: MESSAGES.distributionsApproved, approved: [novemberId], failed: [] });

    const [row] = await t.ctx.db.select().from(distributions).where(eq(distributions.id, novemberId));
    expect(row).toMatchObject({ status: 'approved', approvedBy: admin.id, approvedAt: t.clock.now() });

    // Decision 8 (docs/decisions.md): the ending balance and unreimbursed amount carry forward.
    expect(await profileOf(t, setup.ruth.id)).toMatchObject({ fundBalance: 9326, unreimbursedAmount: 0 });
    // The fund: 400.00 + 250.00 + 100.00 − 180.00 − 570.00 = 0.00, with 30.00 the withdrawal could not get.
    expect(await holdAccountOf(t, setup.fund.id)).toMatchObject({ balance: 0, unreimbursedAmount: 3000 });
    const posted = await t.call('GET', `/api/hold-account/${setup.fund.id}/transactions`, { token: employee.token });
    expect(
      posted.body.map((row: Record<string, unknown>) => [row.transaction_type, row.amount_approved, row.status]),
    ).toEqual([
      ['Withdrawal', 570, 'posted'],
      ['Withdrawal', 180, 'posted'],
      ['Deposit', 100, 'posted'],
      ['Deposit', 250, 'posted'],
    ]);
    expect(posted.body[0]).toMatchObject({
      distribution_id: novemberId,
      transaction_amount: 600,
      added_unreimbursed_amount: 30,
      starting_balance: 570,
      ending_balance: 0,
      mat_date: TODAY,
      description: 'Mat Day Manual Withdrawal',
    });
    expect(posted.body[1]).toMatchObject({ expense_id: setup.report.expenseIds[1] });
    expect(posted.body[3]).toMatchObject({ donation_id: setup.donationIds[2] });

    // The report: processed with its dist amounts; the older report's 140.00 paid down.
    const [report] = await t.ctx.db.select().from(expenseReports).where(eq(expenseReports.id, setup.report.id));
    expect(report).toMatchObject({
      processed: true,
      distributionId: novemberId,
      distAmountReimbursed: 78540,
      distHoldAccountWithdrawals: 18000,
      distAmountUnreimbursed: 0,
      unreimbursedAmount: 0,
      payout: 96540,
    });
    const [older] = await t.ctx.db.select().from(expenseReports).where(eq(expenseReports.id, setup.owedReportId));
    expect(older).toMatchObject({ unreimbursedAmount: 0, distributionId: null });
    // The advance: approved for what was paid.
    const [advance] = await t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, setup.advanceId));
    expect(advance).toMatchObject({
      status: 'approved',
      approved: true,
      amountApproved: 30000,
      distAmountApproved: 30000,
      distributionId: novemberId,
      matDate: TODAY,
    });
    // Donations: the designated one approved (deposited), all referenced.
    const rows = await t.ctx.db.select().from(donations).where(eq(donations.distributionId, novemberId));
    expect(rows.map((d) => [d.id, d.approved])).toEqual([
      [setup.donationIds[0], false],
      [setup.donationIds[1], false],
      [setup.donationIds[2], true],
    ]);
    const audit = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'distribution'), eq(auditEvents.entityId, novemberId)));
    expect(audit.map((event) => event.action)).toEqual(['create', 'approve']);

    await expectJournalBalanced([setup.ruth.id]);
  });

  it('never changes again: PATCH, DELETE and a second approval are refused (409), nothing moves', async () => {
    const patch = await expectNoChange(t, WRITE_TABLES, () =>
      t.call('PATCH', `/api/distribution/${novemberId}`, { token: admin.token, json: ruthPayload(setup) }),
    );
    expect(patch.status).toBe(409);
    expect(patch.body.message).toBe(DISTRIBUTION_MESSAGES.approvedLocked);
    const remove = await expectNoChange(t, WRITE_TABLES, () =>
      t.call('DELETE', `/api/distribution/${novemberId}`, { token: admin.token }),
    );
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe(DISTRIBUTION_MESSAGES.approvedLocked);
    const again = await expectNoChange(t, WRITE_TABLES, () => approve([novemberId]));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(DISTRIBUTION_MESSAGES.alreadyApproved);
  });

  it('leaves what it paid as history: the paid report and closed-out advance may be archived, never deleted', async () => {
    const reportDelete = await t.call('DELETE', `/api/expense-report/${setup.report.id}`, { token: admin.token });
    expect(reportDelete.status).toBe(409);
    expect(reportDelete.body.message).toBe(MESSAGES.reportInDistribution);
    const reportArchive = await t.call('DELETE', `/api/expense-report/processed/${setup.report.id}`, {
      token: admin.token,
    });
    expect(reportArchive.status).toBe(200);
    const advanceDelete = await t.call('DELETE', `/api/advance-request/${setup.advanceId}`, { token: admin.token });
    expect(advanceDelete.status).toBe(409);
    expect(advanceDelete.body.message).toBe(MESSAGES.advanceInDistribution);
  });

  it('lets the missionary open it read-only, and its frozen context recomputes to the stored figures', async () => {
    const own = await t.call('GET', `/api/distribution/${novemberId}`, { token: setup.ruth.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 'approved', ending_balance: 93.26 });
    const listed = await t.call('GET', '/api/distribution', { token: setup.ruth.token });
    expect(listed.body.map((d: { id: number }) => d.id)).toEqual([novemberId]);
    const paged = await t.call('GET', '/api/paginated_distribution', { token: setup.ruth.token });
    expect(paged.body.total_count).toBe(1);

    const context = await t.call('GET', '/api/distribution-context', {
      token: setup.ruth.token,
      query: { distribution_id: novemberId },
    });
    expect(context.status).toBe(200);
    // As it was when approved, not as the balances stand now.
    expect(context.body.profile).toMatchObject({ fund_balance: 1250, unreimbursed_amount: 140 });
    expect(context.body.distribution).toMatchObject({ id: novemberId, status: 'approved' });
    const loaded = contextFromWire(context.body);
    const d = computeDistribution(buildDistributionInput(loaded, loaded.distribution!.payload)).distribution;
    expect(d.ending_balance / 100).toBe(own.body.ending_balance);
    expect(d.total_funds_disbursed / 100).toBe(own.body.total_funds_disbursed);
    expect(JSON.stringify(d.hold_account_transactions.map((row) => row.amount_approved / 100))).toBe(
      JSON.stringify(
        JSON.parse(own.body.hold_account_transactions).map((row: { amount_approved: number }) => row.amount_approved),
      ),
    );

    const other = await t.signIn('missionary');
    await expectStatus(t, 403, [
      ['GET', `/api/distribution/${novemberId}`, { token: other.token }],
      ['GET', '/api/distribution-context', { token: other.token, query: { distribution_id: novemberId } }],
    ]);
  });

  it("starts the next distribution from this one's ending figures and pays the fund's shortfall back", async () => {
    const upload = unique('December 2026');
    const number = (await t.call('GET', `/api/user/${setup.ruth.id}`, { token: admin.token })).body.missionary_number;
    await importDonations(t, admin, upload, [
      ['', number, '4000.00'],
      [setup.fund.fundName, '', '50.00'],
    ]);
    const december = { start_date: '2026-12-01', end_date: '2026-12-31', donation_upload_name: upload };
    const context = await t.call('GET', '/api/distribution-context', {
      token: admin.token,
      query: { user_id: setup.ruth.id, ...december },
    });
    expect(context.body.profile).toMatchObject({ fund_balance: 93.26, unreimbursed_amount: 0 });
    expect(context.body.hold_accounts[0]).toMatchObject({ balance: 0, unreimbursed_amount: 30 });
    expect(context.body.previous).toEqual({ id: novemberId, total_donations: 4450, unreimbursed_amount_ending: 0 });
    expect(context.body.expense_reports).toEqual([]);

    const donationId = context.body.donations[1].id;
    const created = await ok(
      t.call('POST', '/api/distribution', {
        token: admin.token,
        json: {
          user_id: setup.ruth.id,
          ...december,
          approved_donation_ids: [donationId],
          hold_account_transactions: [
            {
              hold_account_id: setup.fund.id,
              transaction_type: 'Deposit',
              transaction_amount: 100,
              approved: 1,
              recurring: 1,
            },
          ],
        },
      }),
    );
    expect(created).toMatchObject({
      starting_balance: 93.26,
      total_donations: 4050,
      admin_fee: 405,
      held_liability_account_starting_balance: 0,
      held_liability_account_deposit: 150,
      // The fund pays back its 30.00 shortfall first (Unreimbursed Reimbursement).
      held_liability_account_withdrawal: 30,
      held_liability_account_balance: 120,
      // 93.26 + 4050.00 − 405.00 − 3586.34 − 150.00
      ending_balance: 1.92,
      review_flags: [],
    });
    expect(JSON.parse(created.hold_account_transactions).map((row: { source: string }) => row.source)).toEqual([
      'donation',
      'recurring',
      'unreimbursed_reimbursement',
    ]);
    await ok(approve([created.id]));
    expect(await profileOf(t, setup.ruth.id)).toMatchObject({ fundBalance: 192, unreimbursedAmount: 0 });
    expect(await holdAccountOf(t, setup.fund.id)).toMatchObject({ balance: 12000, unreimbursedAmount: 0 });
    await expectJournalBalanced([setup.ruth.id]);
  });
});
