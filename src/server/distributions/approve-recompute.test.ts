import { and, eq } from 'drizzle-orm';
import { advanceRequests, auditEvents, distributions, expenseReports, holdAccountTransactions } from '../db/schema';
import { expectNoChange } from '../test-support/harness';
import {
  importDonations,
  ok,
  profileOf,
  RANGE,
  requestAdvance,
  ruthPayload,
  setPayroll,
  setUpRuth,
  submittedReport,
  unique,
} from './test-fixtures';
import { admin, approve, categories, expectJournalBalanced, t, WRITE_TABLES } from './test-office';
import { DISTRIBUTION_MESSAGES } from './write';

describe('approval recomputes with the current balances', () => {
  it('refuses (409, nothing posted) when a balance moved since saving; saving again makes it approvable', async () => {
    const setup = await setUpRuth(t, admin, categories);
    const created = await ok(t.call('POST', '/api/distribution', { token: admin.token, json: ruthPayload(setup) }));
    // A manual deposit after saving changes the fund's balance and the general fund.
    await ok(
      t.call('POST', `/api/hold-account/${setup.fund.id}/transaction`, {
        token: admin.token,
        json: { transaction_type: 'Transfer', transaction_amount: 10 },
      }),
    );
    const refused = await expectNoChange(t, WRITE_TABLES, () => approve([created.id]));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^The figures of distribution #${created.id} changed since it was saved \\(starting_balance \\$1,250\\.00 → \\$1,260\\.00, .*Open it, review it and save it again before approving\\.$`,
      ),
    );
    const [row] = await t.ctx.db.select().from(distributions).where(eq(distributions.id, created.id));
    expect(row.status).toBe('pending');

    const resaved = await ok(
      t.call('PATCH', `/api/distribution/${created.id}`, { token: admin.token, json: ruthPayload(setup) }),
    );
    expect(resaved.starting_balance).toBe(1260);
    expect((await approve([created.id])).status).toBe(200);
    expect(await profileOf(t, setup.ruth.id)).toMatchObject({ fundBalance: resaved.ending_balance * 100 });
    await expectJournalBalanced([setup.ruth.id]);
  });

  it('approves the rest of a batch when one fails, and says which', async () => {
    const a = await setUpRuth(t, admin, categories);
    const b = await setUpRuth(t, admin, categories);
    const first = await ok(t.call('POST', '/api/distribution', { token: admin.token, json: ruthPayload(a) }));
    const second = await ok(t.call('POST', '/api/distribution', { token: admin.token, json: ruthPayload(b) }));
    await ok(approve([first.id]));
    const result = await approve([first.id, second.id, 999999]);
    expect(result.status).toBe(409);
    expect(result.body.approved).toEqual([second.id]);
    expect(result.body.failed).toEqual([
      { id: first.id, status: 409, message: DISTRIBUTION_MESSAGES.alreadyApproved },
      { id: 999999, status: 404, message: DISTRIBUTION_MESSAGES.notFound },
    ]);
    expect(result.body.message).toBe(
      `2 of 3 distributions were not approved. #${first.id}: ${DISTRIBUTION_MESSAGES.alreadyApproved} #999999: ${DISTRIBUTION_MESSAGES.notFound}`,
    );
    await expectJournalBalanced([a.ruth.id, b.ruth.id]);
  });
});

describe('a deficit month', () => {
  it('accrues what cannot be paid, releases an advance it could not pay, and keeps the journal whole', async () => {
    const number = unique('D');
    const dan = await t.signIn('missionary', { name: unique('Dan Deficit'), missionaryNumber: number });
    await setPayroll(t, admin, dan.id, { tax_status: 'W2', net_salary: 1000, fund_balance: 200 });
    const upload = unique('Deficit upload');
    await importDonations(t, admin, upload, [['', number, '500.00']]);
    const report = await submittedReport(t, dan, categories, [{ amount: '75.50' }]);
    const advanceId = await requestAdvance(t, dan, '40.00');
    const created = await ok(
      t.call('POST', '/api/distribution', {
        token: admin.token,
        json: { user_id: dan.id, ...RANGE, donation_upload_name: upload, advance_requests: [advanceId] },
      }),
    );
    // 200.00 + 500.00 − 50.00 admin fee − 1000.00 salary = −350.00: nothing else is paid.
    expect(created).toMatchObject({
      funds_available: -350,
      ending_balance: -350,
      ministry_reimbursement: 0,
      ministry_advance: 0,
      unreimbursed_amount_accrued: 75.5,
      unreimbursed_amount_ending: 75.5,
    });
    expect(created.review_flags.map((flag: { code: string }) => flag.code)).toEqual([
      'negative_ending_balance',
      'unreimbursed_growing',
    ]);
    // A flagged distribution waits until each flag is ticked as reviewed; one of two is not enough.
    for (const reviewed of [undefined, [{ id: created.id, flags: ['negative_ending_balance'] }]]) {
      const refused = await expectNoChange(t, WRITE_TABLES, () =>
        t.call('POST', '/api/batch-approve', {
          token: admin.token,
          json: { distribution_ids: [created.id], reviewed },
        }),
      );
      expect(refused.status).toBe(422);
      expect(refused.body.failed).toEqual([{ id: created.id, status: 422, message: expect.any(String) }]);
    }
    const unticked = await approve([created.id]);
    expect(unticked.body.message).toBe(
      `Distribution #${created.id} has 2 flags to review before it can be approved: ` +
        'Ending balance is negative: -$350.00. Unreimbursed amount is growing: $0.00 to $75.50.',
    );
    await ok(
      t.call('POST', '/api/batch-approve', {
        token: admin.token,
        json: {
          distribution_ids: [created.id],
          reviewed: [{ id: created.id, flags: ['negative_ending_balance', 'unreimbursed_growing'] }],
        },
      }),
    );
    // The flags are the office's review, not the missionary's: their own distribution comes without them.
    const own = await t.call('GET', `/api/distribution/${created.id}`, { token: dan.token });
    expect(own.status).toBe(200);
    expect(own.body.review_flags).toEqual([]);
    const office = await t.call('GET', `/api/distribution/${created.id}`, { token: admin.token });
    expect(office.body.review_flags.length).toBe(2);
    // The audit trail keeps who reviewed which flag: the approver, with the flags' words.
    const [approval] = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, 'distribution'),
          eq(auditEvents.entityId, created.id),
          eq(auditEvents.action, 'approve'),
        ),
      );
    expect(approval.actorId).toBe(admin.id);
    expect((approval.details as { reviewed_flags: Array<{ code: string }> }).reviewed_flags.map((f) => f.code)).toEqual(
      ['negative_ending_balance', 'unreimbursed_growing'],
    );
    expect(await profileOf(t, dan.id)).toMatchObject({ fundBalance: -35000, unreimbursedAmount: 7550 });
    const [reportRow] = await t.ctx.db.select().from(expenseReports).where(eq(expenseReports.id, report.id));
    expect(reportRow).toMatchObject({
      processed: true,
      distAmountUnreimbursed: 7550,
      unreimbursedAmount: 7550,
      payout: 0,
    });
    // Ticked but granted nothing: released for a later distribution, still requested.
    const [advance] = await t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, advanceId));
    expect(advance).toMatchObject({ status: 'requested', distributionId: null, distAmountApproved: null });
    const pendingRows = await t.ctx.db
      .select()
      .from(holdAccountTransactions)
      .where(
        and(eq(holdAccountTransactions.distributionId, created.id), eq(holdAccountTransactions.status, 'pending')),
      );
    expect(pendingRows).toEqual([]);
    await expectJournalBalanced([dan.id]);
  });
});
