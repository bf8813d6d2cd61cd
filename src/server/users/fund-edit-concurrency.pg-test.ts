import { and, asc, eq } from 'drizzle-orm';
import { journalEntries } from '../db/schema';
import { closeApp, ok, owedReport, profileOf, RANGE, setPayroll } from '../distributions/test-fixtures';
import { journalMismatches } from '../hold-accounts/journal-check';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Decision 14 (docs/decisions.md) on PostgreSQL: editing a fund balance by hand locks the row, so an approval
 * committing at the same moment never leaves a journal row that does not add up. Whichever commits
 * first, every user_fund row's balance_after equals the running sum of the rows before it.
 */
let t: TestApp;
let admin: SignedIn;
let other: SignedIn;
let categories: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.dbKind).toBe('postgres');
  admin = await t.signIn('admin');
  other = await t.signIn('admin');
  categories = await seedCategories(t);
});
afterAll(() => closeApp(t));

async function fundRows(userId: number) {
  return t.ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.account, 'user_fund'), eq(journalEntries.accountId, userId)))
    .orderBy(asc(journalEntries.id));
}

it('a fund-balance edit racing an approval: the journal adds up whichever wins', async () => {
  for (let round = 0; round < 6; round++) {
    const ruth = await t.signIn('missionary');
    await setPayroll(t, admin, ruth.id, { fund_balance: 1000 });
    await owedReport(t, admin, ruth, categories, '100.00'); // the distribution pays 100 from the fund
    const created = await ok(
      t.call('POST', '/api/distribution', {
        token: admin.token,
        json: { user_id: ruth.id, ...RANGE, hold_account_transactions: [], advance_requests: [] },
      }),
    );
    const [edit, approval] = await Promise.all([
      t.call('POST', `/api/user/${ruth.id}`, { token: other.token, json: { fund_balance: 2000 + round } }),
      t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.id] } }),
    ]);
    expect(edit.status).toBe(200);
    // The approval either went first (200) or saw the edited balance and asked for a review (409).
    expect([200, 409]).toContain(approval.status);

    const rows = await fundRows(ruth.id);
    let running = 0;
    for (const row of rows) {
      running += row.amount;
      expect(row.balanceAfter).toBe(running);
    }
    const profile = await profileOf(t, ruth.id);
    expect(profile.fundBalance).toBe(running);
    expect(profile.fundBalance).toBe((2000 + round) * 100); // the edit is the last word either way
  }
  expect(await journalMismatches(t.ctx.db)).toEqual([]);
});
