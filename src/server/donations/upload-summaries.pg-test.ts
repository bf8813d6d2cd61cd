import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { toDecimalString, toDollars } from '../../domain/money';
import { queryRows } from '../db/query-rows';
import { donations } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Migration 0017 on PostgreSQL: the per-upload summaries stay exact when many connections write the
 * same uploads at once, and writers never deadlock on them. Inserts naming several uploads in one
 * statement upsert their rows in name order; a PATCH or DELETE takes its donation's row lock and
 * then its upload's, as an import does, so no two writers wait on each other in opposite orders.
 */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.dbKind).toBe('postgres');
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const NAMES = ['Race A', 'Race B', 'Race C'];

/** The grouping the summaries replace, straight from the donations. */
async function grouped() {
  return queryRows(
    t.ctx.db,
    sql`select g.upload_name, g.n as donations, g.total, d.created_at
        from (select upload_name, count(*)::int as n, sum(amount)::text as total, max(id) as last_id
              from donations group by upload_name) g
        join donations d on d.id = g.last_id
        order by g.last_id desc`,
    z.object({ upload_name: z.string(), donations: z.number(), total: z.string(), created_at: z.coerce.date() }),
  );
}

it('20 connections inserting, changing and deleting donations of the same uploads leave exact summaries', async () => {
  await t.ctx.db.delete(donations);
  const failures: string[] = [];
  let patches = 0;
  const writer = async (n: number) => {
    for (let round = 0; round < 6; round += 1) {
      // Two uploads in one statement, listed in an order that differs between writers.
      const pair =
        n % 2 === 0 ? [NAMES[round % 3], NAMES[(round + 1) % 3]] : [NAMES[(round + 1) % 3], NAMES[round % 3]];
      const written = await t.ctx.db
        .insert(donations)
        .values(pair.flatMap((uploadName, i) => [1, 2].map((k) => ({ uploadName, amount: 100 * (n + 1) + k + i }))))
        .returning({ id: donations.id });
      const patched = await t.call('PATCH', `/api/donation/${written[(n + round) % written.length].id}`, {
        token: admin.token,
        json: { amount: toDecimalString(n * 7 + round), count: 1 },
      });
      // Its own new row, unless another writer's DELETE (below) took it first: 200 or 404.
      if (patched.status === 200) patches += 1;
      else if (patched.status !== 404) failures.push(`PATCH ${patched.status}`);
      // Another writer's row, which may be gone already or going now: 200 or 404, never a 5xx.
      const other = Math.max(1, written[0].id - 1 - ((n * 3 + round) % 12));
      const removed = await t.call('DELETE', `/api/donation/${other}`, { token: admin.token });
      if (![200, 204, 404].includes(removed.status)) failures.push(`DELETE ${removed.status}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, (_, n) => writer(n)));
  expect(failures).toEqual([]);
  expect(patches).toBeGreaterThan(60); // of 120: most land on a row still there

  const expected = await grouped();
  expect(expected.map((g) => g.upload_name).sort()).toEqual(NAMES);
  const listed = await t.call('GET', '/api/donation/upload-names', { token: admin.token });
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual(
    expected.map((g) => ({
      upload_name: g.upload_name,
      donations: g.donations,
      total_amount: toDollars(centsFromDatabase(g.total)),
      last_imported_at: g.created_at.toISOString(),
    })),
  );
}, 120_000);
