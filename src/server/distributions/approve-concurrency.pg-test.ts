import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MESSAGES } from '../../domain/messages';
import { queryRow } from '../db/query-rows';
import { auditEvents, distributions, holdAccountTransactions, journalEntries } from '../db/schema';
import { journalMismatches } from '../hold-accounts/journal-check';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { closeApp, holdAccountOf, journalSum, ok, profileOf, ruthPayload, setUpRuth } from './test-fixtures';
import { DISTRIBUTION_MESSAGES } from './write';

/**
 * Real concurrency on PostgreSQL (the api-postgres project only): many admins approving the same
 * distribution at the same moment, through the real app and its connection pool, pay it once.
 */
let t: TestApp;
let admins: SignedIn[];
let categories: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.dbKind).toBe('postgres');
  admins = [];
  for (let i = 0; i < 4; i++) admins.push(await t.signIn('admin'));
  categories = await seedCategories(t);
});
afterAll(() => closeApp(t));

async function journalRowsOf(distributionId: number) {
  const posted = await t.ctx.db
    .select({ id: holdAccountTransactions.id })
    .from(holdAccountTransactions)
    .where(eq(holdAccountTransactions.distributionId, distributionId));
  const transactionIds = posted.map((row) => row.id);
  const byDistribution = await t.ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.refType, 'distribution'), eq(journalEntries.refId, distributionId)));
  const byTransaction =
    transactionIds.length === 0
      ? []
      : await t.ctx.db
          .select()
          .from(journalEntries)
          .where(
            and(eq(journalEntries.refType, 'hold_account_transaction'), inArray(journalEntries.refId, transactionIds)),
          );
  return { posted, journal: [...byDistribution, ...byTransaction] };
}

describe('20 concurrent approvals of one distribution', () => {
  it('succeed exactly once; the other 19 are refused with 409 and nothing is posted twice', async () => {
    const setup = await setUpRuth(t, admins[0], categories);
    const created = await ok(t.call('POST', '/api/distribution', { token: admins[0].token, json: ruthPayload(setup) }));

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.call('POST', '/api/batch-approve', {
          token: admins[index % admins.length].token,
          json: { distribution_ids: [created.id] },
        }),
      ),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    const winner = results.find((result) => result.status === 200)!;
    expect(winner.body).toEqual({ message: MESSAGES.distributionsApproved, approved: [created.id], failed: [] });
    for (const refused of results.filter((result) => result.status === 409)) {
      expect(refused.body).toEqual({
        message: DISTRIBUTION_MESSAGES.alreadyApproved,
        approved: [],
        failed: [{ id: created.id, status: 409, message: DISTRIBUTION_MESSAGES.alreadyApproved }],
      });
    }

    // One set of postings: the four hold-account transactions once, each with its journal rows.
    const { posted, journal } = await journalRowsOf(created.id);
    expect(posted).toHaveLength(4);
    const statusRows = await t.ctx.db
      .select({ status: holdAccountTransactions.status })
      .from(holdAccountTransactions)
      .where(eq(holdAccountTransactions.distributionId, created.id));
    expect(statusRows.every((row) => row.status === 'posted')).toBe(true);
    // hold_account: 4 movements; hold_account_unreimbursed: 1 shortfall; user_fund: donations, admin
    // fee, payroll, deposits, reimbursement, advance (transfers are 0); user_unreimbursed: 140.00 paid.
    expect(journal.filter((row) => row.account === 'hold_account')).toHaveLength(4);
    expect(journal.filter((row) => row.account === 'hold_account_unreimbursed')).toHaveLength(1);
    expect(journal.filter((row) => row.account === 'user_fund')).toHaveLength(6);
    expect(journal.filter((row) => row.account === 'user_unreimbursed')).toHaveLength(1);
    const approvals = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'approve')));
    expect(approvals).toHaveLength(1);

    // Paid once: the balances moved once.
    expect(await profileOf(t, setup.ruth.id)).toMatchObject({ fundBalance: 9326, unreimbursedAmount: 0 });
    expect(await holdAccountOf(t, setup.fund.id)).toMatchObject({ balance: 0, unreimbursedAmount: 3000 });
    expect(await journalSum(t, 'user_fund', setup.ruth.id)).toBe(9326);
    expect(await journalMismatches(t.ctx.db)).toEqual([]);
    const [row] = await t.ctx.db.select().from(distributions).where(eq(distributions.id, created.id));
    expect(row.status).toBe('approved');
  });
});

describe('approvals racing other balance writers', () => {
  it('never deadlock, and the journal still balances whichever wins', async () => {
    const setups = [];
    for (let i = 0; i < 3; i++) setups.push(await setUpRuth(t, admins[0], categories));
    const ids: number[] = [];
    for (const setup of setups) {
      ids.push(
        (await ok(t.call('POST', '/api/distribution', { token: admins[0].token, json: ruthPayload(setup) }))).id,
      );
    }
    // Approvals and manual transfers on the same funds, all at once.
    const calls = [
      ...ids.map((id, index) =>
        t.call('POST', '/api/batch-approve', {
          token: admins[index % admins.length].token,
          json: { distribution_ids: [id] },
        }),
      ),
      ...setups.flatMap((setup) =>
        Array.from({ length: 3 }, () =>
          t.call('POST', `/api/hold-account/${setup.fund.id}/transaction`, {
            token: admins[1].token,
            json: { transaction_type: 'Transfer', transaction_amount: 1 },
          }),
        ),
      ),
    ];
    const results = await Promise.all(calls);
    // Per fund, whichever took the row lock first decides: an approval that wins (200) empties the
    // hold account (400.00 -> 0.00), so the transfers after it are refused as overdrawing (422);
    // a transfer that wins moves the balance, so the approval is refused as stale (409) and all
    // three transfers go through (400.00 - 3 x 1.00 never overdraws). Nothing else may happen.
    ids.forEach((_, index) => {
      const approval = results[index];
      const transfers = results.slice(ids.length + index * 3, ids.length + index * 3 + 3);
      expect([200, 409]).toContain(approval.status);
      if (approval.status === 200) {
        for (const transfer of transfers) {
          expect(transfer.status).toBe(422);
          expect(JSON.stringify(transfer.body)).toContain('is more than the account balance of $0.00');
        }
      } else {
        for (const transfer of transfers) expect(transfer.status).toBe(201);
      }
    });
    expect(await journalMismatches(t.ctx.db)).toEqual([]);
    for (const setup of setups) {
      const profile = await profileOf(t, setup.ruth.id);
      expect(await journalSum(t, 'user_fund', setup.ruth.id)).toBe(profile.fundBalance);
    }
    const { pending } = await queryRow(
      t.ctx.db,
      sql`select count(*)::int as pending from distributions where id = any(${sql.param(ids)}::int[]) and status = 'pending'`,
      z.object({ pending: z.coerce.number() }),
    );
    const approvedCount = results.slice(0, ids.length).filter((result) => result.status === 200).length;
    expect(pending).toBe(ids.length - approvedCount);
  });
});
