import { execFileSync } from 'node:child_process';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { REVERSAL_MESSAGES } from '../../domain/distributions/reversal';
import { ledgerHolds } from '../../domain/ledger/check';
import {
  advanceRequests,
  auditEvents,
  distributions,
  donations,
  expenseReports,
  holdAccountTransactions,
  journalEntries,
  mailQueue,
} from '../db/schema';
import { journalMismatches } from '../hold-accounts/journal-check';
import { checkLiveLedger } from '../ledger/read-ledger';
import { totpCode } from '../second-factor/totp';
import { expectNoChange, expectStatus } from '../test-support/harness';
import {
  holdAccountOf,
  journalSum,
  ok,
  profileOf,
  type RuthSetup,
  reportsUnpaid,
  ruthPayload,
  setUpRuth,
} from './test-fixtures';
import { admin, categories, employee, t, WRITE_TABLES } from './test-office';
import { DISTRIBUTION_MESSAGES } from './write';

/**
 * POST /api/distribution/{id}/reverse (docs/distribution.md "Reversing an approval"): the worked
 * example approved, reversed, and approved again; each refusal; the fresh second factor.
 */

const reverse = (id: number, json: unknown = { reason: 'Paid the wrong month' }, token = admin.token) =>
  t.call('POST', `/api/distribution/${id}/reverse`, { token, json });

/** Approves a saved distribution, its review flags (a negative month) looked at. */
async function approve(saved: { id: number; review_flags: Array<{ code: string }> }) {
  const reviewed = [{ id: saved.id, flags: saved.review_flags.map((flag) => flag.code) }];
  await ok(
    t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [saved.id], reviewed } }),
  );
}

async function saveAndApprove(payload: Record<string, unknown>): Promise<number> {
  const created = await ok(t.call('POST', '/api/distribution', { token: admin.token, json: payload }));
  await approve(created);
  return created.id;
}

/** Every balance Ruth has, as the API tests compare them before and after. */
async function balancesOf(setup: RuthSetup) {
  const profile = await profileOf(t, setup.ruth.id);
  const fund = await holdAccountOf(t, setup.fund.id);
  const [older] = await t.ctx.db.select().from(expenseReports).where(eq(expenseReports.id, setup.owedReportId));
  return {
    fund: profile.fundBalance,
    unreimbursed: profile.unreimbursedAmount,
    hold: fund.balance,
    holdUnreimbursed: fund.unreimbursedAmount,
    olderReportOwes: older.unreimbursedAmount,
  };
}

async function expectBooksBalanced(userId: number) {
  expect(await journalMismatches(t.ctx.db)).toEqual([]);
  const profile = await profileOf(t, userId);
  expect(await journalSum(t, 'user_fund', userId)).toBe(profile.fundBalance);
  expect(await journalSum(t, 'user_unreimbursed', userId)).toBe(profile.unreimbursedAmount);
  expect(await reportsUnpaid(t, userId)).toBe(profile.unreimbursedAmount);
  const ledger = await checkLiveLedger(t.ctx.db);
  expect(ledger.violations.filter((v) => v.severity === 'error')).toEqual([]);
  expect(ledgerHolds(ledger)).toBe(true);
}

describe('reversing the worked example, then approving it again', () => {
  let setup: RuthSetup;
  let novemberId: number;
  let before: Awaited<ReturnType<typeof balancesOf>>;
  let approved: Awaited<ReturnType<typeof balancesOf>>;

  beforeAll(async () => {
    setup = await setUpRuth(t, admin, categories);
    before = await balancesOf(setup);
    novemberId = await saveAndApprove(ruthPayload(setup));
    approved = await balancesOf(setup);
  });

  it('starts from the worked example: 1,250.00 and 140.00 owed, the fund at 400.00; approved: 93.26, 0.00, 0.00', () => {
    expect(before).toEqual({
      fund: 125000,
      unreimbursed: 14000,
      hold: 40000,
      holdUnreimbursed: 0,
      olderReportOwes: 14000,
    });
    expect(approved).toEqual({ fund: 9326, unreimbursed: 0, hold: 0, holdUnreimbursed: 3000, olderReportOwes: 0 });
  });

  it('previews in money what will happen', async () => {
    const preview = await ok(t.call('GET', `/api/distribution/${novemberId}/reverse`, { token: admin.token }));
    expect(preview).toMatchObject({
      // 1,250.00 − 93.26 = 1,156.74 back to the fund; 0.00 + 140.00 owed again
      fund_change: 1156.74,
      fund_after: 1250,
      unreimbursed_change: 140,
      unreimbursed_after: 140,
      hold_accounts: [{ id: setup.fund.id, fund_name: setup.fund.fundName, change: 400, balance_after: 400 }],
      reports: 1,
      advances: 1,
      donations: 3,
      refusal: null,
      second_factor_needed: false,
    });
    expect(preview.sentence).toBe(
      `Reverse ${setup.ruth.name}'s November distribution? $1,156.74 goes back to the fund, leaving $1,250.00; 1 report and 1 advance become payable again; 3 donations go back to be distributed.`,
    );
  });

  it('refuses a missing or blank reason with 422, nothing written', async () => {
    for (const body of [{}, { reason: '   ' }]) {
      const result = await expectNoChange(t, WRITE_TABLES, () => reverse(novemberId, body));
      expect(result.status).toBe(422);
      expect(result.body.errors).toEqual({ reason: [REVERSAL_MESSAGES.reasonRequired] });
    }
  });

  it('answers 401 without a session, 403 to an employee and a missionary, 404 for an unknown id', async () => {
    await expectStatus(t, 401, [['POST', `/api/distribution/${novemberId}/reverse`, { json: { reason: 'x' } }]]);
    await expectStatus(t, 403, [
      ['POST', `/api/distribution/${novemberId}/reverse`, { token: employee.token, json: { reason: 'x' } }],
      ['POST', `/api/distribution/${novemberId}/reverse`, { token: setup.ruth.token, json: { reason: 'x' } }],
      ['GET', `/api/distribution/${novemberId}/reverse`, { token: employee.token }],
    ]);
    const unknown = await reverse(999999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(DISTRIBUTION_MESSAGES.notFound);
  });

  it('reverses: every balance back to the cent, what it paid payable again, the row kept as reversed', async () => {
    const originals = await t.ctx.db.select().from(journalEntries);
    t.clock.advance(2 * 3600_000); // later that day (a session idles out after 4 hours)
    const result = await reverse(novemberId, { reason: '  Paid the wrong month  ' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id: novemberId,
      status: 'reversed',
      reversed_by: admin.id,
      reversal_reason: 'Paid the wrong month',
      reversed_at: t.clock.now().toISOString(),
      ending_balance: 93.26,
      message: 'The distribution was reversed.',
    });
    expect(await balancesOf(setup)).toEqual(before);

    // One opposite row per row the approval wrote, dated today, each naming its original.
    const reversing = await t.ctx.db.select().from(journalEntries).where(isNotNull(journalEntries.reversesJournalId));
    expect(result.body.journal_rows).toBe(reversing.length);
    const byId = new Map(originals.map((row) => [row.id, row]));
    for (const row of reversing) {
      const original = byId.get(row.reversesJournalId as number);
      expect(original?.reason).toMatch(/^distribution_/);
      expect(row).toMatchObject({
        account: original?.account,
        accountId: original?.accountId,
        amount: -(original?.amount ?? 0),
        reason: 'distribution_reversal',
        createdAt: t.clock.now(),
        actorId: admin.id,
      });
    }
    const approvalRows = originals.filter(
      (row) => row.reason.startsWith('distribution_') && row.createdAt.getTime() < t.clock.now().getTime(),
    );
    expect(reversing.length).toBeGreaterThan(0);
    expect(new Set(reversing.map((row) => row.reversesJournalId)).size).toBe(reversing.length);
    expect(reversing.length).toBeLessThanOrEqual(approvalRows.length);

    // Payable again: the report unprocessed, owing its total; the advance requested; donations free.
    const [report] = await t.ctx.db.select().from(expenseReports).where(eq(expenseReports.id, setup.report.id));
    expect(report).toMatchObject({
      processed: false,
      processedAt: null,
      distributionId: null,
      distAmountReimbursed: null,
      payout: null,
      unreimbursedAmount: 96540,
    });
    const [advance] = await t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, setup.advanceId));
    expect(advance).toMatchObject({
      status: 'requested',
      approved: false,
      amountApproved: null,
      distAmountApproved: null,
      distributionId: null,
      matDate: null,
    });
    const freed = await t.ctx.db.select().from(donations).where(inArray(donations.id, setup.donationIds));
    expect(freed.map((d) => [d.distributionId, d.approved])).toEqual([
      [null, false],
      [null, false],
      [null, false],
    ]);
    const posted = await t.ctx.db
      .select({ status: holdAccountTransactions.status })
      .from(holdAccountTransactions)
      .where(eq(holdAccountTransactions.distributionId, novemberId));
    expect(posted.map((row) => row.status)).toEqual(['reversed', 'reversed', 'reversed', 'reversed']);

    const audit = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'distribution'), eq(auditEvents.entityId, novemberId)));
    expect(audit.map((event) => event.action)).toEqual(['create', 'approve', 'reverse']);
    const [mail] = await t.ctx.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.kind, 'distribution_reversed'), eq(mailQueue.refId, novemberId)));
    expect(mail).toMatchObject({ userId: setup.ruth.id, toAddress: setup.ruth.email });
    expect(mail.textBody).toContain('Reason: Paid the wrong month');
    await expectBooksBalanced(setup.ruth.id);
  });

  it('keeps the reversed distribution with its figures, for staff and for the missionary', async () => {
    const own = await ok(t.call('GET', `/api/distribution/${novemberId}`, { token: setup.ruth.token }));
    expect(own).toMatchObject({ status: 'reversed', ending_balance: 93.26, reversal_reason: 'Paid the wrong month' });
    const reversedTab = await ok(
      t.call('GET', '/api/paginated_distribution', { token: admin.token, query: { status: 'reversed' } }),
    );
    expect(reversedTab.data.map((d: { id: number }) => d.id)).toContain(novemberId);
    const context = await ok(
      t.call('GET', '/api/distribution-context', { token: setup.ruth.token, query: { distribution_id: novemberId } }),
    );
    expect(context.profile).toMatchObject({ fund_balance: 1250, unreimbursed_amount: 140 });
  });

  it('keeps its statement, which opens by saying when, by whom and why it was reversed', async () => {
    const result = await t.call('GET', `/api/distribution/${novemberId}/statement.pdf`, { token: setup.ruth.token });
    expect(result.status).toBe(200);
    const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: result.raw, encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain(`This distribution was reversed on 11/21/2026 by ${admin.name}.`);
    expect(text).toContain('Reason: Paid the wrong month');
  });

  it('refuses a second reversal with 409, nothing written', async () => {
    const again = await expectNoChange(t, WRITE_TABLES, () => reverse(novemberId));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REVERSAL_MESSAGES.alreadyReversed);
  });

  it('rebuilt (saved and approved again) leaves every balance as the first approval did', async () => {
    const rebuilt = await saveAndApprove(ruthPayload(setup));
    expect(rebuilt).not.toBe(novemberId);
    expect(await balancesOf(setup)).toEqual(approved);
    await expectBooksBalanced(setup.ruth.id);
  });
});

describe('refusals', () => {
  it('409 for a pending distribution and for one that is not the latest approved', async () => {
    const setup = await setUpRuth(t, admin, categories);
    const october = await saveAndApprove({
      ...ruthPayload(setup),
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      donation_upload_name: null,
      approved_donation_ids: [],
      hold_account_transactions: [],
      advance_requests: [],
    });
    const november = await ok(t.call('POST', '/api/distribution', { token: admin.token, json: ruthPayload(setup) }));
    const pending = await expectNoChange(t, WRITE_TABLES, () => reverse(november.id));
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe(REVERSAL_MESSAGES.pending);
    await approve(november);
    const older = await expectNoChange(t, WRITE_TABLES, () => reverse(october));
    expect(older.status).toBe(409);
    expect(older.body.message).toBe(
      `Only the latest approved distribution of a missionary can be reversed: reverse distribution #${november.id} (11/01/2026 – 11/30/2026) first.`,
    );
    // Newest first: November, then October.
    expect((await reverse(november.id)).status).toBe(200);
    expect((await reverse(october)).status).toBe(200);
    const [row] = await t.ctx.db.select().from(distributions).where(eq(distributions.id, october));
    expect(row.status).toBe('reversed');
    await expectBooksBalanced(setup.ruth.id);
  });

  it('403 for an admin whose second factor is older than 15 minutes, until verified again', async () => {
    const setup = await setUpRuth(t, admin, categories);
    const id = await saveAndApprove(ruthPayload(setup));
    const guarded = await t.signIn('admin');
    const started = await ok(t.call('POST', '/api/account/totp', { token: guarded.token }));
    await ok(
      t.call('POST', '/api/account/totp/confirm', {
        token: guarded.token,
        json: { code: totpCode(started.secret, t.clock.now()) },
      }),
    );
    t.clock.advance(16 * 60_000);
    const stale = await expectNoChange(t, WRITE_TABLES, () => reverse(id, { reason: 'Wrong month' }, guarded.token));
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe(REVERSAL_MESSAGES.staleSecondFactor);
    const preview = await ok(t.call('GET', `/api/distribution/${id}/reverse`, { token: guarded.token }));
    expect(preview.second_factor_needed).toBe(true);

    const wrong = await t.call('POST', '/api/account/second-factor/verify', {
      token: guarded.token,
      json: { code: '000000' },
    });
    expect(wrong.status).toBe(422);
    const verified = await t.call('POST', '/api/account/second-factor/verify', {
      token: guarded.token,
      json: { code: totpCode(started.secret, t.clock.now()) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified_at: t.clock.now().toISOString() });
    expect((await reverse(id, { reason: 'Wrong month' }, guarded.token)).status).toBe(200);
  });
});
