import type pg from 'pg';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { driverClientOf } from './query-rows';

/**
 * Migration 0015 on PostgreSQL: the per-statement reference check holds when a delete races an
 * insert, in both orders, as the foreign key it replaced did. The insert locks the hold account FOR
 * KEY SHARE, so a delete waits for it and then sees its rows; an insert after an uncommitted delete
 * waits for the delete and then finds the row gone.
 */
let t: TestApp;
let missionary: SignedIn;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.dbKind).toBe('postgres');
  missionary = await t.signIn('missionary');
  pool = driverClientOf<pg.Pool>(t.ctx.db);
});
afterAll(() => t.close());

async function newHoldAccount(): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into hold_accounts (user_id, fund_name) values ($1, 'Race fund') returning id`,
    [missionary.id],
  );
  return rows[0].id;
}

const insertDonation = (client: pg.PoolClient, hold: number) =>
  client.query(`insert into donations (upload_name, amount, user_id, hold_account_id) values ('Race', 1, $1, $2)`, [
    missionary.id,
    hold,
  ]);

/** 'pending' when `promise` has not settled within `ms`, else how it settled. */
async function stateAfter(promise: Promise<unknown>, ms: number): Promise<'pending' | 'done' | 'failed'> {
  return Promise.race([
    promise.then(
      () => 'done' as const,
      () => 'failed' as const,
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);
}

async function twoClients<T>(work: (a: pg.PoolClient, b: pg.PoolClient) => Promise<T>): Promise<T> {
  const a = await pool.connect();
  const b = await pool.connect();
  try {
    return await work(a, b);
  } finally {
    await a.query('rollback').catch(() => {});
    await b.query('rollback').catch(() => {});
    a.release();
    b.release();
  }
}

it('a delete after an uncommitted insert waits for it, then is refused with 23503', async () => {
  const hold = await newHoldAccount();
  await twoClients(async (a, b) => {
    await a.query('begin');
    await insertDonation(a, hold);
    const deleting = b.query('delete from hold_accounts where id = $1', [hold]);
    deleting.catch(() => {});
    expect(await stateAfter(deleting, 300)).toBe('pending');
    await a.query('commit');
    await expect(deleting).rejects.toMatchObject({ code: '23503' });
  });
  const { rows } = await pool.query('select 1 from hold_accounts where id = $1', [hold]);
  expect(rows).toHaveLength(1);
});

it('an insert after an uncommitted delete waits for it, then is refused with 23503 (or written if it rolls back)', async () => {
  for (const ending of ['commit', 'rollback'] as const) {
    const hold = await newHoldAccount();
    await twoClients(async (a, b) => {
      await b.query('begin');
      await b.query('delete from hold_accounts where id = $1', [hold]);
      await a.query('begin');
      const inserting = insertDonation(a, hold);
      inserting.catch(() => {});
      expect(await stateAfter(inserting, 300)).toBe('pending');
      await b.query(ending);
      if (ending === 'commit') {
        await expect(inserting).rejects.toMatchObject({ code: '23503' });
      } else {
        await inserting;
        await a.query('commit');
      }
    });
    const { rows } = await pool.query('select count(*)::int as n from donations where hold_account_id = $1', [hold]);
    expect(rows[0].n).toBe(ending === 'commit' ? 0 : 1);
  }
});
