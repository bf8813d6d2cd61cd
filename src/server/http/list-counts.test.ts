import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { queryRows } from '../db/query-rows';
import { donations, expenseReports, listCountDeltas } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { type CountedState, countedTotal, FOLD_AT } from './list-counts';

/** The counters kept by migration 0011's triggers equal `count(*)` after any write. */
let t: TestApp;
let missionary: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  missionary = await t.signIn('missionary');
});
afterAll(() => t.close());

const flags = [true, false, undefined] as const;
/** Every filter a list can ask for: archived, submitted and processed each true, false or any. */
const STATES: CountedState[] = flags.flatMap((archived) =>
  flags.flatMap((submitted) => flags.map((processed) => ({ archived, submitted, processed }))),
);

async function countedByRows(state: CountedState): Promise<number> {
  const [row] = await t.ctx.db
    .select({ total: count() })
    .from(expenseReports)
    .where(
      and(
        state.archived === undefined
          ? undefined
          : state.archived
            ? isNotNull(expenseReports.archivedAt)
            : isNull(expenseReports.archivedAt),
        state.submitted === undefined ? undefined : eq(expenseReports.submitted, state.submitted),
        state.processed === undefined ? undefined : eq(expenseReports.processed, state.processed),
      ),
    );
  return row.total;
}

/** The counters and the rows, grouped by (archived, submitted, processed): one query each. */
async function expectStatesExact() {
  const state = z.object({
    archived: z.boolean(),
    submitted: z.boolean(),
    processed: z.boolean(),
    n: z.coerce.number(),
  });
  const counted = await queryRows(
    t.ctx.db,
    sql`select archived, submitted, processed, sum(n)::integer as n from list_count_deltas
      where list = 'expense_reports' group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
    state,
  );
  const rows = await queryRows(
    t.ctx.db,
    sql`select archived_at is not null as archived, submitted, processed, count(*)::integer as n
      from expense_reports group by 1, 2, 3 order by 1, 2, 3`,
    state,
  );
  expect(counted).toEqual(rows);
}

async function expectCountersExact() {
  for (const state of STATES) {
    expect({ state, total: await countedTotal(t.ctx.db, 'expense_reports', state) }).toEqual({
      state,
      total: await countedByRows(state),
    });
  }
  const [{ total }] = await t.ctx.db.select({ total: count() }).from(donations);
  expect(await countedTotal(t.ctx.db, 'donations')).toBe(total);
}

const ids = async () =>
  (await t.ctx.db.select({ id: expenseReports.id }).from(expenseReports)).map((row) => row.id).sort((a, b) => a - b);

/** A write to expense_reports or donations of the kinds the app makes, as one statement each. */
const write = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    rows: fc.array(fc.record({ submitted: fc.boolean(), processed: fc.boolean(), archived: fc.boolean() }), {
      minLength: 0,
      maxLength: 6,
    }),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.array(fc.nat(), { maxLength: 4 }),
    set: fc.record({ submitted: fc.boolean(), processed: fc.boolean(), archived: fc.boolean() }, { requiredKeys: [] }),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.array(fc.nat(), { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('donations' as const), add: fc.nat({ max: 5 }), remove: fc.nat({ max: 3 }) }),
  fc.constant({ kind: 'truncate' as const }),
);

type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

async function apply(step: Write) {
  const db = t.ctx.db;
  const existing = await ids();
  const picked = (pick: number[]) => [...new Set(pick.map((i) => existing[i % existing.length]))];
  switch (step.kind) {
    case 'insert':
      if (step.rows.length === 0) return;
      await db.insert(expenseReports).values(
        step.rows.map((row: { submitted: boolean; processed: boolean; archived: boolean }) => ({
          type: 'reimbursement',
          userId: missionary.id,
          submitted: row.submitted,
          processed: row.processed,
          archivedAt: row.archived ? new Date() : null,
        })),
      );
      return;
    case 'update': {
      if (existing.length === 0 || step.pick.length === 0) return;
      const { archived, ...rest } = step.set as { archived?: boolean; submitted?: boolean; processed?: boolean };
      const changes = { ...rest, ...(archived !== undefined && { archivedAt: archived ? new Date() : null }) };
      // An UPDATE that changes no state (a total saved) must leave the counters alone too.
      await db
        .update(expenseReports)
        .set(Object.keys(changes).length > 0 ? changes : { totalAmount: 100 })
        .where(inArray(expenseReports.id, picked(step.pick)));
      return;
    }
    case 'delete':
      if (existing.length === 0 || step.pick.length === 0) return;
      await db.delete(expenseReports).where(inArray(expenseReports.id, picked(step.pick)));
      return;
    case 'donations': {
      if (step.add > 0) {
        await db
          .insert(donations)
          .values(
            Array.from({ length: step.add }, () => ({ uploadName: 'Counted', amount: 100, userId: missionary.id })),
          );
      }
      const some = (await db.select({ id: donations.id }).from(donations).limit(step.remove)).map((row) => row.id);
      if (some.length > 0) await db.delete(donations).where(inArray(donations.id, some));
      return;
    }
    case 'truncate':
      await db.execute(sql`truncate expense_reports, donations cascade`);
      return;
  }
}

describe('list counters (migration 0011)', () => {
  it('equal count(*) for every state filter after random inserts, state changes, deletes and truncates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) {
          await apply(step);
          await expectStatesExact();
        }
        await expectCountersExact();
      }),
      { numRuns: 20, seed: 20_261_124 },
    );
  }, 180_000);

  it(`folds more than ${FOLD_AT} delta rows into one per state, keeping every total`, async () => {
    for (let i = 0; i <= FOLD_AT; i += 1) {
      await t.ctx.db
        .insert(expenseReports)
        .values({ type: 'reimbursement', userId: missionary.id, submitted: i % 2 === 0 });
    }
    const before = await countedByRows({ archived: false });
    expect(await countedTotal(t.ctx.db, 'expense_reports', { archived: false })).toBe(before);
    const [{ rows }] = await t.ctx.db
      .select({ rows: count() })
      .from(listCountDeltas)
      .where(eq(listCountDeltas.list, 'expense_reports'));
    // At most one row per (archived, submitted, processed): 2 × 2 × 2.
    expect(rows).toBeLessThanOrEqual(8);
    await expectCountersExact();
  });

  it('is what the lists answer as total_count', async () => {
    const all = await t.call('GET', '/api/paginated_expense_report', {
      token: admin.token,
      query: { page: 0, limit: 10 },
    });
    expect(all.status).toBe(200);
    expect(all.body.total_count).toBe(await countedByRows({ archived: false }));
    const given = await t.call('GET', '/api/paginated_donation', { token: admin.token, query: { page: 0, limit: 10 } });
    expect(given.status).toBe(200);
    const [{ total }] = await t.ctx.db.select({ total: count() }).from(donations);
    expect(given.body.total_count).toBe(total);
  });

  describe('carried by the page (one statement for the page and its count)', () => {
    const deltaRows = async (list: 'expense_reports' | 'donations') => {
      const [{ rows }] = await t.ctx.db
        .select({ rows: count() })
        .from(listCountDeltas)
        .where(eq(listCountDeltas.list, list));
      return rows;
    };
    const page = (path: string, query: Record<string, string | number>) =>
      t.call('GET', path, { token: admin.token, query });

    it('answers the same total on every page, past the end too (a page with no rows reads it alone)', async () => {
      const reports = await countedByRows({ archived: false });
      const [{ total: given }] = await t.ctx.db.select({ total: count() }).from(donations);
      for (const pageNumber of [0, 1, 99_999]) {
        const listed = await page('/api/paginated_expense_report', { page: pageNumber, limit: 10 });
        expect(listed.status).toBe(200);
        expect(listed.body.total_count).toBe(reports);
        const listedGifts = await page('/api/paginated_donation', { page: pageNumber, limit: 10 });
        expect(listedGifts.status).toBe(200);
        expect(listedGifts.body.total_count).toBe(given);
      }
      expect((await page('/api/paginated_expense_report', { page: 99_999, limit: 10 })).body.data).toEqual([]);
      // The office's queue: a state filter's own count.
      const queue = await page('/api/paginated_expense_report', { page: 0, limit: 10, submitted: 1, processed: 0 });
      expect(queue.status).toBe(200);
      expect(queue.body.total_count).toBe(await countedByRows({ archived: false, submitted: true, processed: false }));
    });

    it(`folds the counter when a page finds more than ${FOLD_AT} delta rows, keeping the total`, async () => {
      // Pairs of +1 and −1 rows: the sum is unchanged, the counter long.
      for (const list of ['expense_reports', 'donations'] as const) {
        await t.ctx.db.insert(listCountDeltas).values(
          Array.from({ length: FOLD_AT + 2 }, (_, i) => ({
            list,
            ...(list === 'expense_reports' ? { archived: false, submitted: true, processed: false } : {}),
            n: i % 2 === 0 ? 1 : -1,
          })),
        );
        expect(await deltaRows(list)).toBeGreaterThan(FOLD_AT);
      }
      const reports = await page('/api/paginated_expense_report', { page: 0, limit: 10 });
      expect(reports.body.total_count).toBe(await countedByRows({ archived: false }));
      expect(await deltaRows('expense_reports')).toBeLessThanOrEqual(8);
      const gifts = await page('/api/paginated_donation', { page: 0, limit: 10 });
      const [{ total }] = await t.ctx.db.select({ total: count() }).from(donations);
      expect(gifts.body.total_count).toBe(total);
      expect(await deltaRows('donations')).toBeLessThanOrEqual(1);
      await expectCountersExact();
    });
  });
});
