import { count, eq, inArray, isNull } from 'drizzle-orm';
import { donations, expenseReports, listCountDeltas } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { countedTotal, foldCounts } from './list-counts';

/**
 * On PostgreSQL: the counters of migration 0011 stay exact when many connections write and
 * fold at once. Writers append rows (no shared counter row, so no lock waits between them) and a
 * fold removes only what its snapshot saw, so nothing is counted twice or lost.
 */
let t: TestApp;
let missionary: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.dbKind).toBe('postgres');
  missionary = await t.signIn('missionary');
});
afterAll(() => t.close());

it('20 connections inserting, submitting, deleting and folding at once leave exact totals', async () => {
  const writer = async (n: number) => {
    for (let round = 0; round < 5; round += 1) {
      await t.ctx.db.transaction(async (tx) => {
        const made = await tx
          .insert(expenseReports)
          .values(Array.from({ length: 3 }, () => ({ type: 'reimbursement', userId: missionary.id })))
          .returning({ id: expenseReports.id });
        await tx
          .update(expenseReports)
          .set({ submitted: true })
          .where(inArray(expenseReports.id, [made[0].id, made[1].id]));
        await tx.delete(expenseReports).where(eq(expenseReports.id, made[2].id));
        await tx.insert(donations).values({ uploadName: `Upload ${n}`, amount: 100, userId: missionary.id });
      });
      if ((n + round) % 3 === 0) await foldCounts(t.ctx.db, 'expense_reports');
      if ((n + round) % 4 === 0) await foldCounts(t.ctx.db, 'donations');
    }
  };
  await Promise.all(Array.from({ length: 20 }, (_, n) => writer(n)));

  const [{ live }] = await t.ctx.db
    .select({ live: count() })
    .from(expenseReports)
    .where(isNull(expenseReports.archivedAt));
  expect(live).toBe(20 * 5 * 2);
  expect(await countedTotal(t.ctx.db, 'expense_reports', { archived: false })).toBe(live);
  expect(await countedTotal(t.ctx.db, 'expense_reports', { archived: false, submitted: true })).toBe(live);
  expect(await countedTotal(t.ctx.db, 'donations')).toBe(100);
  const [{ rows }] = await t.ctx.db.select({ rows: count() }).from(listCountDeltas);
  expect(rows).toBeGreaterThan(0);
}, 120_000);
