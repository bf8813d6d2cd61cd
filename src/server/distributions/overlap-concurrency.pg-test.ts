import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import { distributionOverlapMessage } from '../../domain/messages';
import { driverClientOf, queryRows } from '../db/query-rows';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { NO_OVERLAP_CONSTRAINT, withOverlapConflict } from './overlap';
import { closeApp, ok, setPayroll, unique } from './test-fixtures';

/**
 * Real concurrency on PostgreSQL (the api-postgres project only): saves of overlapping distributions
 * for one missionary at the same moment, on separate connections of the app's pool, leave exactly
 * one (docs/distribution.md "One distribution per day"); the others are 409, never 5xx.
 */
let t: TestApp;
let admins: SignedIn[];

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.dbKind).toBe('postgres');
  admins = [];
  for (let i = 0; i < 4; i++) admins.push(await t.signIn('admin'));
});
afterAll(() => closeApp(t));

async function missionary() {
  const user = await t.signIn('missionary', { name: unique('Lydia Mensah') });
  await setPayroll(t, admins[0], user.id, { tax_status: 'W2', net_salary: '1000.00', fund_balance: '5000.00' });
  return user;
}

const ZRow = z.object({ id: z.coerce.number(), start_date: z.string(), end_date: z.string(), status: z.string() });
const rowsOf = (userId: number) =>
  queryRows(
    t.ctx.db,
    sql`select id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, status
      from distributions where user_id = ${userId} order by id`,
    ZRow,
  );

const RANGES = [
  ['2026-11-01', '2026-11-30'],
  ['2026-11-15', '2026-12-15'],
  ['2026-10-20', '2026-11-05'],
  ['2026-11-30', '2026-11-30'],
  ['2026-11-10', '2026-11-20'],
];

describe('overlapping saves for one missionary at once', () => {
  it('POST ×10 on separate connections: exactly one wins, the others 409 naming it', async () => {
    const lydia = await missionary();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => {
        const [start_date, end_date] = RANGES[index % RANGES.length];
        return t.call('POST', '/api/distribution', {
          token: admins[index % admins.length].token,
          json: { user_id: lydia.id, start_date, end_date },
        });
      }),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    const [winner] = await rowsOf(lydia.id);
    expect(await rowsOf(lydia.id)).toHaveLength(1);
    const message = distributionOverlapMessage(lydia.name, {
      id: winner.id,
      status: 'pending',
      startDate: winner.start_date,
      endDate: winner.end_date,
    });
    for (const refused of results.filter((result) => result.status === 409)) expect(refused.body).toEqual({ message });
  });

  it('POST, PATCH moving dates and Build MAT Day at once: never two sharing a day, never a 5xx', async () => {
    const lydia = await missionary();
    const december = await ok(
      t.call('POST', '/api/distribution', {
        token: admins[0].token,
        json: { user_id: lydia.id, start_date: '2026-12-01', end_date: '2026-12-31' },
      }),
    );
    const results = await Promise.all([
      t.call('PATCH', `/api/distribution/${december.id}`, {
        token: admins[1].token,
        json: { user_id: lydia.id, start_date: '2026-11-20', end_date: '2026-12-31' },
      }),
      t.call('POST', '/api/distribution', {
        token: admins[2].token,
        json: { user_id: lydia.id, start_date: '2026-11-01', end_date: '2026-11-30' },
      }),
      t.call('POST', '/api/batch-distributions', {
        token: admins[3].token,
        json: { start_date: '2026-11-01', end_date: '2026-11-30' },
      }),
    ]);
    for (const result of results) expect(result.status).toBeLessThan(500);
    const rows = await rowsOf(lydia.id);
    for (const a of rows)
      for (const b of rows) {
        if (a.id < b.id) expect(a.start_date <= b.end_date && b.start_date <= a.end_date).toBe(false);
      }
    const [patch, post] = results;
    // The PATCH and the POST cannot both win: they share Nov 20–30.
    expect([patch.status, post.status]).not.toEqual([200, 201]);
  });

  it('the constraint alone (the check skipped) lets one of two racing transactions commit; the other is the same 409', async () => {
    const lydia = await missionary();
    const pool = driverClientOf<pg.Pool>(t.ctx.db);
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      const insert = (client: pg.PoolClient, start: string, end: string) =>
        client.query(
          `insert into distributions (user_id, user_name, user_email, start_date, end_date) values ($1, 'x', 'x@example.org', $2, $3)`,
          [lydia.id, start, end],
        );
      await a.query('begin');
      await b.query('begin');
      await insert(a, '2026-11-01', '2026-11-30');
      // b waits on a's uncommitted row (the constraint's own wait), then fails once a commits.
      const second = insert(b, '2026-11-15', '2026-12-15').then(
        () => null,
        (error: unknown) => error,
      );
      await a.query('commit');
      const error = await second;
      await b.query('rollback');
      expect(error).toMatchObject({ code: '23P01', constraint: NO_OVERLAP_CONSTRAINT });
      const wanted = { id: null, userId: lydia.id, startDate: '2026-11-15', endDate: '2026-12-15' };
      await expect(withOverlapConflict(t.ctx.db, wanted, () => Promise.reject(error))).rejects.toMatchObject({
        code: 'conflict',
      });
      expect(await rowsOf(lydia.id)).toHaveLength(1);
    } finally {
      a.release();
      b.release();
    }
  });
});
