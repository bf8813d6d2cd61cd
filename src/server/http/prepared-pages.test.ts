import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { DONATION_SORTS } from '../../domain/donations/contract';
import { REPORT_SORTS } from '../../domain/expense-reports/contract';
import { queryRows } from '../db/query-rows';
import { donations, expenseReports, holdAccounts } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * The lists without a search page through statements built once per shape, with every value a
 * placeholder (db/statement-cache.ts). Random filters, sorts, directions and page sizes,
 * one after another on the same cached statements: paging by OFFSET, forward by next_cursor and
 * back by prev_cursor must each give exactly the order PostgreSQL gives the same filter in one
 * statement — so a value baked into a cached statement (another missionary's, another upload's,
 * another cursor's) would show.
 */
let t: TestApp;
let admin: SignedIn;
let missionaries: SignedIn[];
let holdAccountId: number;
const UPLOADS = ['October 2026', 'November 2026', 'December 2026'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  missionaries = [
    await t.signIn('missionary', { name: 'Zed Able' }),
    await t.signIn('missionary', { name: 'Amy Bell' }),
    await t.signIn('missionary', { name: 'Amy Bell' }),
  ];
  const [hold] = await t.ctx.db
    .insert(holdAccounts)
    .values({ userId: missionaries[0].id, fundName: 'Vehicle fund' })
    .returning();
  holdAccountId = hold.id;
  // Ties everywhere (a few amounts, counts, names, dates) and NULLs in the nullable sort columns.
  await t.ctx.db.insert(donations).values(
    Array.from({ length: 41 }, (_, i) => {
      const owner = i % 7 === 6 ? null : missionaries[i % 3];
      return {
        uploadName: UPLOADS[i % 3],
        amount: ((i % 4) + 1) * 2500,
        count: 1 + (i % 2),
        userId: owner?.id ?? null,
        userName: owner?.name ?? null,
        fundName: i % 5 === 0 ? null : i % 5 === 1 ? 'Vehicle fund' : 'General',
        holdAccountId: i % 5 === 1 && owner === missionaries[0] ? holdAccountId : null,
        approved: i % 3 === 0,
        createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 6))),
      };
    }),
  );
  await t.ctx.db.insert(expenseReports).values(
    Array.from({ length: 37 }, (_, i) => ({
      type: i % 4 === 0 ? 'advance' : 'reimbursement',
      userId: missionaries[i % 3].id,
      totalAmount: (i % 5) * 1000,
      unreimbursedAmount: (i % 3) * 500,
      submitted: i % 2 === 0,
      processed: i % 4 === 0,
      archivedAt: i % 6 === 5 ? new Date(Date.UTC(2026, 9, 1)) : null,
      startDate: i % 4 === 3 ? null : `2026-0${1 + (i % 5)}-01`,
      endDate: i % 5 === 4 ? null : `2026-0${1 + (i % 6)}-15`,
      dateSubmitted: i % 3 === 0 ? null : `2026-0${1 + (i % 7)}-1${i % 9}`,
      createdAt: new Date(Date.UTC(2026, 8, 1 + (i % 4))),
    })),
  );
});
afterAll(() => t.close());

interface Page {
  data: Array<{ id: number }>;
  next_cursor: string | null;
  prev_cursor: string | null;
}

async function page(url: string, query: Record<string, string | number>): Promise<Page> {
  const result = await t.call('GET', url, { token: admin.token, query });
  if (result.status !== 200) throw new Error(`${result.status} ${JSON.stringify(result.body)}`);
  return result.body as Page;
}

/** More pages than any walk here needs: a walk that goes on is a failure, not a hang. */
const MAX_PAGES = 60;

/** Every row by OFFSET pages, then forward by next_cursor, then back by prev_cursor from the last page. */
async function walks(url: string, query: Record<string, string | number>) {
  const byOffset: number[] = [];
  for (let n = 0; n < MAX_PAGES; n++) {
    const body = await page(url, { ...query, page: n });
    if (body.data.length === 0) break;
    byOffset.push(...body.data.map((row) => row.id));
  }
  const forward: number[] = [];
  let body = await page(url, { ...query, page: 0 });
  forward.push(...body.data.map((row) => row.id));
  for (let n = 0; body.next_cursor && n < MAX_PAGES; n++) {
    body = await page(url, { ...query, cursor: body.next_cursor });
    forward.push(...body.data.map((row) => row.id));
  }
  const backward: number[][] = [body.data.map((row) => row.id)];
  for (let n = 0; body.prev_cursor && n < MAX_PAGES; n++) {
    body = await page(url, { ...query, cursor: body.prev_cursor });
    backward.unshift(body.data.map((row) => row.id));
  }
  return { byOffset, forward, backward: backward.flat() };
}

const ids = (statement: string) =>
  queryRows(t.ctx.db, sql.raw(statement), z.object({ id: z.number() })).then((rows) => rows.map((row) => row.id));

/** Each walk of the list gives the ids in the order `statement` gives them. */
async function expectPagedAs(url: string, query: Record<string, string | number>, statement: string) {
  const expected = await ids(statement);
  const walked = await walks(url, query);
  expect(walked.byOffset).toEqual(expected);
  expect(walked.forward).toEqual(expected);
  expect(walked.backward).toEqual(expected);
}

const direction = fc.constantFrom<'asc' | 'desc'>('asc', 'desc');
const pageSize = fc.integer({ min: 3, max: 12 });

it('pages donations as one statement orders them, whatever the filters, sort and page size', async () => {
  const filter = fc.record(
    {
      user_id: fc.integer({ min: 0, max: 2 }),
      upload_name: fc.constantFrom(...UPLOADS),
      hold_account_id: fc.constant(0),
    },
    { requiredKeys: [] },
  );
  await fc.assert(
    fc.asyncProperty(
      filter,
      fc.constantFrom(...DONATION_SORTS),
      direction,
      pageSize,
      async (f, orderBy, order, limit) => {
        const query: Record<string, string | number> = { order_by: orderBy, order, limit };
        const where: string[] = ['true'];
        if (f.user_id !== undefined) {
          query.user_id = missionaries[f.user_id].id;
          where.push(`user_id = ${missionaries[f.user_id].id}`);
        }
        if (f.upload_name !== undefined) {
          query.upload_name = f.upload_name;
          where.push(`upload_name = '${f.upload_name}'`);
        }
        if (f.hold_account_id !== undefined) {
          query.hold_account_id = holdAccountId;
          where.push(`hold_account_id = ${holdAccountId}`);
        }
        await expectPagedAs(
          '/api/paginated_donation',
          query,
          `select id from donations where ${where.join(' and ')} order by ${orderBy} ${order}, id ${order}`,
        );
      },
    ),
    { numRuns: 40 },
  );
});

const REPORT_SORT_SQL: Record<(typeof REPORT_SORTS)[number], string> = {
  id: 'r.id',
  user_name: 'u.name',
  missionary_number: 'u.missionary_number',
  type: 'r.type',
  total_amount: 'r.total_amount',
  unreimbursed_amount: 'r.unreimbursed_amount',
  start_date: 'r.start_date',
  end_date: 'r.end_date',
  date_submitted: 'r.date_submitted',
  submitted: 'r.submitted',
  processed: 'r.processed',
  created_at: 'r.created_at',
};

it('pages expense reports as one statement orders them, whatever the filters, sort and page size', async () => {
  const filter = fc.record(
    {
      user_id: fc.integer({ min: 0, max: 2 }),
      submitted: fc.boolean(),
      processed: fc.boolean(),
      archived: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  await fc.assert(
    fc.asyncProperty(
      filter,
      fc.constantFrom(...REPORT_SORTS),
      direction,
      pageSize,
      async (f, orderBy, order, limit) => {
        const query: Record<string, string | number> = { order_by: orderBy, order, limit };
        const where: string[] = ['true'];
        if (f.user_id !== undefined) {
          query.user_id = missionaries[f.user_id].id;
          where.push(`r.user_id = ${missionaries[f.user_id].id}`);
        }
        for (const state of ['submitted', 'processed'] as const) {
          if (f[state] === undefined) continue;
          query[state] = String(f[state]);
          where.push(`r.${state} = ${f[state]}`);
        }
        if (f.archived !== undefined) query.archived = String(f.archived);
        // Archived reports are listed only when asked for, or among one missionary's own.
        if (f.archived === true) where.push('r.archived_at is not null');
        else if (f.archived === false || f.user_id === undefined) where.push('r.archived_at is null');
        await expectPagedAs(
          '/api/paginated_expense_report',
          query,
          `select r.id from expense_reports r join users u on u.id = r.user_id where ${where.join(' and ')}
           order by ${REPORT_SORT_SQL[orderBy]} ${order}, r.id ${order}`,
        );
      },
    ),
    { numRuns: 40 },
  );
});
