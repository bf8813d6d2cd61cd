import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorSummary } from '../background';
import { openTestDatabase } from '../test-support/databases';
import type { Database } from './client';
import { queryRow } from './query-rows';
import { TRANSACTION_ATTEMPTS } from './retry';

/**
 * db.transaction runs a transaction again when the database aborts it as a deadlock victim (40P01)
 * or a serialization failure (40001), a bounded number of times; nothing else is retried. The
 * failures are raised by the database itself (RAISE … USING ERRCODE), so they reach the wrapper
 * through the real driver and Drizzle's "Failed query" wrapping, on PGlite and on PostgreSQL.
 */
let database: Database;
const retries: Array<{ attempt: number; code: string; message: string }> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  database.retry.pause = async () => {};
  database.retry.onRetry = (retry) => retries.push(retry);
  await database.db.execute(sql`create table retry_probe (run int not null)`);
});
afterAll(() => database.close());
beforeEach(async () => {
  retries.length = 0;
  await database.db.execute(sql`delete from retry_probe`);
});

const raise = (code: string, message: string) =>
  sql.raw(`do $$ begin raise exception '${message}' using errcode = '${code}'; end $$`);

async function probeRows(): Promise<number> {
  const row = await queryRow(
    database.db,
    sql`select count(*) as n from retry_probe`,
    z.object({ n: z.coerce.number() }),
  );
  return row.n;
}

describe('retrying transactions', () => {
  it('runs a deadlock victim again and returns what the run that commits returns', async () => {
    let runs = 0;
    const result = await database.db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(sql`insert into retry_probe (run) values (${runs})`);
      if (runs <= 2) await tx.execute(raise('40P01', 'deadlock detected'));
      return `run ${runs}`;
    });
    expect(result).toBe('run 3');
    expect(runs).toBe(3);
    // The two aborted runs left nothing behind: one row, the third run's.
    expect(await probeRows()).toBe(1);
    expect(retries).toEqual([
      { attempt: 1, code: '40P01', message: 'deadlock detected' },
      { attempt: 2, code: '40P01', message: 'deadlock detected' },
    ]);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} runs of a serialization failure and throws the database's error`, async () => {
    let runs = 0;
    const failing = database.db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(sql`insert into retry_probe (run) values (${runs})`);
      await tx.execute(raise('40001', 'could not serialize access'));
    });
    const error = await failing.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(TRANSACTION_ATTEMPTS).toBeGreaterThan(1);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(retries).toHaveLength(TRANSACTION_ATTEMPTS - 1);
    expect(errorSummary(error).database).toEqual({ code: '40001', message: 'could not serialize access' });
    expect(await probeRows()).toBe(0);
  });

  it('does not retry any other error, nor an error the body throws itself', async () => {
    for (const fail of [
      (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => tx.execute(raise('23505', 'duplicate')),
      () => Promise.reject(Object.assign(new Error('not from the database'), { code: 'ECONNRESET' })),
    ]) {
      let runs = 0;
      await expect(
        database.db.transaction(async (tx) => {
          runs += 1;
          await fail(tx);
        }),
      ).rejects.toThrow();
      expect(runs).toBe(1);
    }
    expect(retries).toEqual([]);
  });
});

describe('the log of a failed query', () => {
  it("keeps the database's code and message, never the query's parameters", async () => {
    const secret = 'hunter2-secret-value';
    const error = await database.db.execute(sql`select length(${secret}) / 0`).then(
      () => null,
      (caught: unknown) => caught,
    );
    const summary = errorSummary(error);
    expect(summary.database).toEqual({ code: '22012', message: 'division by zero' });
    expect(JSON.stringify(summary)).not.toContain(secret);
    // A data exception's message can quote the value; the quoted part is left out.
    const quoted = await database.db.execute(sql`select ${secret}::int`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(errorSummary(quoted).database?.code).toBe('22P02');
    expect(JSON.stringify(errorSummary(quoted))).not.toContain(secret);
  });
});
