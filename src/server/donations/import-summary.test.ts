import { holdAccounts, users } from '../db/schema';
import { type CallResult, createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Decisions 12 and 18: the import's answer is a summary of bounded size however many missionaries
 * the file names — the largest ones listed, the others added up, every one paged by
 * GET /donation/upload/{id}/missionary-totals — and its figures stay exact.
 */
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let missionary: SignedIn;
const MISSIONARIES = 500;
let ids: number[] = [];
let uploadId: number;
let answer: CallResult;
let answerBytes = 0;

type Totals = { rows: number; count: number; general: number; designated: number; total: number };
/** Missionary i gets (i + 1) × $1.01 general in (i % 3) + 1 rows, and $0.50 designated when i % 7 = 0. */
const expected = new Map<number, Totals>();

const cents = (dollars: number) => Math.round(dollars * 100);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  missionary = await t.signIn('missionary');
  const inserted = await t.ctx.db
    .insert(users)
    .values(
      Array.from({ length: MISSIONARIES }, (_, i) => ({
        name: `Summary Missionary ${String(i).padStart(3, '0')}`,
        email: `summary-${i}@example.org`,
        passwordHash: 'x',
        role: 'missionary',
        missionaryNumber: `SUM-${i}`,
      })),
    )
    .returning({ id: users.id });
  ids = inserted.map((row) => row.id);
  await t.ctx.db
    .insert(holdAccounts)
    .values(ids.flatMap((userId, i) => (i % 7 === 0 ? [{ userId, fundName: `Summary Fund ${i}` }] : [])));
  const lines = ['Fund,Account #,Amount,Count,Donor ID'];
  ids.forEach((userId, i) => {
    const totals: Totals = { rows: 0, count: 0, general: 0, designated: 0, total: 0 };
    for (let row = 0; row <= i % 3; row++) {
      const amount = cents((i + 1) * 1.01);
      lines.push(`General,SUM-${i},${(amount / 100).toFixed(2)},2,D${i}-${row}`);
      Object.assign(totals, { rows: totals.rows + 1, count: totals.count + 2, general: totals.general + amount });
    }
    if (i % 7 === 0) {
      lines.push(`Summary Fund ${i},,0.50,1,D${i}-x`);
      Object.assign(totals, { rows: totals.rows + 1, count: totals.count + 1, designated: totals.designated + 50 });
    }
    totals.total = totals.general + totals.designated;
    expected.set(userId, totals);
  });
  answer = await t.call('POST', '/api/donation/denari-upload', {
    token: admin.token,
    multipart: {
      upload_name: 'Summary November 2026',
      denari: { content: Buffer.from(lines.join('\n')), filename: 'many.csv', type: 'text/csv' },
    },
  });
  answerBytes = answer.raw.length;
  uploadId = answer.body.id;
});
afterAll(() => t.close());

const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('the import answer with 500 missionaries', () => {
  it('stays under 10 KB', () => {
    expect(answer.status).toBe(201);
    expect(answerBytes).toBeLessThan(10 * 1024);
  });

  it('lists the 20 largest missionaries by name, adds up the others, and the figures are exact', () => {
    const { totals } = answer.body;
    expect(totals.missionaries).toBe(MISSIONARIES);
    expect(totals.by_missionary_limit).toBe(20);
    expect(totals.by_missionary).toHaveLength(20);
    // The largest totals belong to the last missionaries (amounts grow with i).
    const largest = [...expected.entries()].sort((a, b) => b[1].total - a[1].total).slice(0, 20);
    expect(totals.by_missionary.map((m: { user_id: number }) => m.user_id).sort()).toEqual(
      largest.map(([id]) => id).sort(),
    );
    const names = totals.by_missionary.map((m: { user_name: string }) => m.user_name);
    expect(names).toEqual([...names].sort());
    for (const listed of totals.by_missionary) {
      const want = expected.get(listed.user_id) as Totals;
      expect([listed.rows, listed.count, cents(listed.general), cents(listed.designated), cents(listed.total)]).toEqual(
        [want.rows, want.count, want.general, want.designated, want.total],
      );
    }
    const listedIds = new Set(totals.by_missionary.map((m: { user_id: number }) => m.user_id));
    const rest = [...expected.entries()].filter(([id]) => !listedIds.has(id)).map(([, v]) => v);
    expect(totals.others).toEqual({
      missionaries: MISSIONARIES - 20,
      rows: sumOf(rest.map((v) => v.rows)),
      count: sumOf(rest.map((v) => v.count)),
      general: sumOf(rest.map((v) => v.general)) / 100,
      designated: sumOf(rest.map((v) => v.designated)) / 100,
      total: sumOf(rest.map((v) => v.total)) / 100,
    });
    // Listed + others = grand, to the cent.
    const all = [...expected.values()];
    expect(cents(totals.grand.matched_total)).toBe(sumOf(all.map((v) => v.total)));
    expect(sumOf(totals.by_missionary.map((m: { total: number }) => cents(m.total))) + cents(totals.others.total)).toBe(
      cents(totals.grand.matched_total),
    );
    expect(totals.grand.matched_rows).toBe(sumOf(all.map((v) => v.rows)));
  });
});

describe('GET /api/donation/upload/:id/missionary-totals', () => {
  const url = () => `/api/donation/upload/${uploadId}/missionary-totals`;

  it('pages every missionary of the upload, at most 100 at a time, with exact totals', async () => {
    const seen = new Map<number, Totals & { donors: number }>();
    for (let page = 0; page < 6; page++) {
      const result = await t.call('GET', url(), { token: employee.token, query: { page, limit: 500 } });
      expect(result.status).toBe(200);
      expect(result.body.total_count).toBe(MISSIONARIES);
      expect(result.body.data.length).toBe(page < 5 ? 100 : 0);
      for (const row of result.body.data) {
        seen.set(row.user_id, {
          rows: row.rows,
          count: row.count,
          donors: row.donors,
          general: cents(row.general),
          designated: cents(row.designated),
          total: cents(row.total),
        });
      }
    }
    expect(seen.size).toBe(MISSIONARIES);
    for (const [id, want] of expected) {
      expect(seen.get(id)).toEqual({ ...want, donors: want.rows });
    }
  });

  it('sorts by name by default, by total on request, and searches names and Account #s', async () => {
    const first = await t.call('GET', url(), { token: admin.token, query: { limit: 2 } });
    expect(first.body.data.map((row: { user_name: string }) => row.user_name)).toEqual([
      'Summary Missionary 000',
      'Summary Missionary 001',
    ]);
    const byTotal = await t.call('GET', url(), {
      token: admin.token,
      query: { limit: 1, order_by: 'total', order: 'desc' },
    });
    const [largestId] = [...expected.entries()].sort((a, b) => b[1].total - a[1].total)[0];
    expect(byTotal.body.data[0]).toMatchObject({
      user_id: largestId,
      total: (expected.get(largestId) as Totals).total / 100,
    });
    const search = await t.call('GET', url(), { token: admin.token, query: { q: 'sum-49' } });
    expect(search.body.total_count).toBe(11); // SUM-49 and SUM-490…499
  });

  it('refuses bad paging with 422, answers 401 without a token, 403 to a missionary, 404 for an unknown upload', async () => {
    for (const query of [{ limit: 0 }, { page: -1 }, { order_by: 'email' }, { order: 'up' }]) {
      const result = await t.call('GET', url(), { token: admin.token, query });
      expect(result.status).toBe(422);
      expect(Object.keys(result.body.errors)).toEqual([Object.keys(query)[0]]);
    }
    await expectStatus(t, 401, [['GET', url()]]);
    await expectStatus(t, 403, [['GET', url(), { token: missionary.token }]]);
    await expectStatus(t, 404, [
      ['GET', '/api/donation/upload/999999/missionary-totals', { token: admin.token }],
      ['GET', '/api/donation/upload/2147483648/missionary-totals', { token: admin.token }],
    ]);
  });
});
