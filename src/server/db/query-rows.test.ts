import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openPglite } from './client';
import { queryRow, queryRows, rowsOfResult } from './query-rows';

describe('queryRows', () => {
  it('parses each row with its schema, coercing what the drivers give as text', async () => {
    const database = await openPglite(null);
    try {
      const rows = await queryRows(
        database.db,
        sql`select n, (n * 2)::bigint as twice from generate_series(1, 3) as n`,
        z.object({ n: z.number(), twice: z.coerce.number() }),
      );
      expect(rows).toEqual([
        { n: 1, twice: 2 },
        { n: 2, twice: 4 },
        { n: 3, twice: 6 },
      ]);
      const counted = await queryRow(
        database.db,
        sql`select count(*) as n from generate_series(1, 5)`,
        z.object({ n: z.coerce.number() }),
      );
      expect(counted).toEqual({ n: 5 });
      await expect(queryRows(database.db, sql`select 1 as m`, z.object({ n: z.number() }))).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it('refuses an answer without rows', () => {
    expect(() => rowsOfResult({}, z.object({}))).toThrow('The query answered without rows.');
    expect(() => rowsOfResult(null, z.object({}))).toThrow('The query answered without rows.');
  });
});
