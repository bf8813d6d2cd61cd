import { expenseReports } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { CURSOR_INVALID, decodeCursor, encodeCursor } from './keyset';

/**
 * Keyset paging (`cursor` beside `page`) through a real list: walking every page forward by
 * next_cursor and back by prev_cursor gives exactly the rows OFFSET paging gives, in the same order,
 * for NOT NULL and nullable sort columns, with ties, in both directions.
 */
let t: TestApp;
let admin: SignedIn;
const URL = '/api/paginated_expense_report';
const LIMIT = 4;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  const owners = [
    await t.signIn('missionary', { name: 'Zed Able' }),
    await t.signIn('missionary', { name: 'Amy Bell' }),
  ];
  // 23 reports: totals with many ties (5 values), submission dates with NULLs (every third has none).
  await t.ctx.db.insert(expenseReports).values(
    Array.from({ length: 23 }, (_, i) => ({
      type: i % 4 === 0 ? 'advance' : 'reimbursement',
      userId: owners[i % 2].id,
      totalAmount: (i % 5) * 1000,
      dateSubmitted: i % 3 === 0 ? null : `2026-0${1 + (i % 7)}-1${i % 9}`,
    })),
  );
});
afterAll(() => t.close());

async function list(query: Record<string, string | number>) {
  const result = await t.call('GET', URL, { token: admin.token, query: { limit: LIMIT, ...query } });
  if (result.status !== 200) throw new Error(`${result.status} ${JSON.stringify(result.body)}`);
  return result.body as {
    data: Array<{ id: number }>;
    total_count: number;
    next_cursor: string | null;
    prev_cursor: string | null;
  };
}

const sorts: Array<[string, 'asc' | 'desc']> = [
  ['id', 'desc'],
  ['total_amount', 'asc'],
  ['total_amount', 'desc'],
  ['date_submitted', 'asc'],
  ['date_submitted', 'desc'],
  ['user_name', 'asc'],
  ['type', 'desc'],
];

describe.each(sorts)('sorted by %s %s', (orderBy, order) => {
  it('walks forward by cursor and back again over exactly the OFFSET pages', async () => {
    const byOffset: number[][] = [];
    for (let page = 0; ; page++) {
      const body = await list({ order_by: orderBy, order, page });
      if (body.data.length === 0) break;
      byOffset.push(body.data.map((row) => row.id));
      expect(body.total_count).toBe(23);
    }
    expect(byOffset.flat()).toHaveLength(23);
    expect(new Set(byOffset.flat()).size).toBe(23);

    const forward: number[][] = [];
    let body = await list({ order_by: orderBy, order });
    expect(body.prev_cursor).toBeNull();
    forward.push(body.data.map((row) => row.id));
    while (body.next_cursor) {
      body = await list({ order_by: orderBy, order, cursor: body.next_cursor });
      forward.push(body.data.map((row) => row.id));
    }
    expect(forward).toEqual(byOffset);

    const backward: number[][] = [forward[forward.length - 1]];
    while (body.prev_cursor) {
      body = await list({ order_by: orderBy, order, cursor: body.prev_cursor });
      backward.unshift(body.data.map((row) => row.id));
    }
    expect(backward).toEqual(byOffset);
  });
});

it('continues from an OFFSET page by its next_cursor', async () => {
  const third = await list({ order_by: 'total_amount', order: 'asc', page: 2 });
  const fourth = await list({ order_by: 'total_amount', order: 'asc', page: 3 });
  const next = await list({ order_by: 'total_amount', order: 'asc', cursor: third.next_cursor as string });
  expect(next.data).toEqual(fourth.data);
  const back = await list({ order_by: 'total_amount', order: 'asc', cursor: third.prev_cursor as string });
  expect(back.data).toEqual((await list({ order_by: 'total_amount', order: 'asc', page: 1 })).data);
});

it.each([
  ['not base64 JSON', 'nope'],
  ['a list', Buffer.from('[1,2]').toString('base64url')],
  ['a negative id', encodeCursor(5, -1, false)],
  ['an object value', Buffer.from(JSON.stringify([{ x: 1 }, 1, 0])).toString('base64url')],
  ['too long', 'a'.repeat(2001)],
])('refuses a cursor that is %s with 422', async (_label, cursor) => {
  const result = await t.call('GET', URL, { token: admin.token, query: { cursor } });
  expect(result.status).toBe(422);
  expect(result.body.errors.cursor).toEqual([CURSOR_INVALID]);
});

/** A well-formed cursor whose value is not what the sort column holds (edited by hand). */
const forged = (value: unknown, id = 5) => Buffer.from(JSON.stringify([value, id, 0])).toString('base64url');

it.each([
  ['/api/paginated_expense_report', 'total_amount', forged('abc')],
  ['/api/paginated_expense_report', 'total_amount', forged(1.5)],
  ['/api/paginated_expense_report', 'created_at', forged('abc')],
  ['/api/paginated_expense_report', 'created_at', forged(12)],
  ['/api/paginated_expense_report', 'submitted', forged('x')],
  ['/api/paginated_expense_report', 'date_submitted', forged(5)],
  ['/api/paginated_expense_report', 'id', forged(5, 99_999_999_999)],
  ['/api/paginated_donation', 'amount', forged(true)],
  ['/api/paginated_donation', 'approved', forged('abc')],
  ['/api/paginated_donation', 'user_name', forged(12)],
])('refuses %s sorted by %s with a cursor its column cannot hold (422)', async (url, orderBy, cursor) => {
  const result = await t.call('GET', url, { token: admin.token, query: { order_by: orderBy, cursor } });
  expect(result.status).toBe(422);
  expect(result.body.errors.cursor).toEqual([CURSOR_INVALID]);
});

it('round-trips values of every kind', () => {
  const at = new Date('2026-11-21T15:00:00.000Z');
  expect(decodeCursor(encodeCursor(at, 7, true))).toEqual({ value: at, id: 7, before: true });
  expect(decodeCursor(encodeCursor(null, 1, false))).toEqual({ value: null, id: 1, before: false });
  expect(decodeCursor(encodeCursor('Ruth', 2, false))).toEqual({ value: 'Ruth', id: 2, before: false });
  expect(decodeCursor(encodeCursor(12_345, 3, false))).toEqual({ value: 12_345, id: 3, before: false });
});
