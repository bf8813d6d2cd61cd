import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openTestDatabase } from '../test-support/databases';
import type { Database } from './client';
import { queryRows, queryRowsDirect } from './query-rows';

/**
 * queryRowsDirect (pg's callback API on node-postgres, db.execute on PGlite) reads the same rows as
 * queryRows (Drizzle's execute): the same types as text, on the database and in a transaction, on
 * both databases (api-pglite and api-postgres).
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const STATEMENT = sql`select n, (n * 2)::bigint as twice, (n * 1.5)::numeric(14, 2) as money,
    ('2026-11-0' || n)::date as day, ('2026-11-0' || n || ' 12:30:00+00')::timestamptz as moment,
    interval '1 day' * n as span, array['2026-11-01'::date] as days, json_build_array(n, 'a') as list,
    case when n = 2 then null else 'Anna Müller — ' || n end as name
  from generate_series(1, 3) as n order by n`;

const ZRow = z.object({
  n: z.number(),
  twice: z.coerce.number(),
  money: z.coerce.string(),
  day: z.string(),
  moment: z.string(),
  span: z.unknown(),
  days: z.unknown(),
  list: z.unknown(),
  name: z.string().nullable(),
});

describe('queryRowsDirect', () => {
  it('reads what queryRows reads, on the database and in a transaction', async () => {
    const expected = await queryRows(database.db, STATEMENT, ZRow);
    expect(expected).toHaveLength(3);
    expect(expected[1]).toMatchObject({ n: 2, twice: 4, day: '2026-11-02', list: [2, 'a'], name: null });
    expect(await queryRowsDirect(database.db, STATEMENT, ZRow)).toEqual(expected);
    await database.db.transaction(async (tx) => {
      expect(await queryRowsDirect(tx, STATEMENT, ZRow)).toEqual(expected);
    });
  });

  it('takes parameters, and fails as queryRows does', async () => {
    const ids = [3, 1];
    const rows = await queryRowsDirect(
      database.db,
      sql`select n from generate_series(1, 3) as n where n = any(${sql.param(ids)}::int[]) order by n`,
      z.object({ n: z.number() }),
    );
    expect(rows).toEqual([{ n: 1 }, { n: 3 }]);
    await expect(queryRowsDirect(database.db, sql`select 1 as m`, z.object({ n: z.number() }))).rejects.toThrow();
    await expect(queryRowsDirect(database.db, sql`select * from no_such_table`, z.object({}))).rejects.toThrow(
      /no_such_table/,
    );
  });
});
