import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from './client';

/**
 * The one adapter between hand-written SQL and typed rows (issue 14). Both drivers answer
 * `db.execute` with `{rows}` of loosely typed values (pg gives count(*) and numeric as text, PGlite
 * numbers); each row is parsed with its zod schema, so a renamed column or a changed type fails here,
 * loudly, instead of flowing on as `undefined`. Schemas coerce where the drivers differ.
 */
export function rowsOfResult<S extends z.ZodType>(result: unknown, row: S): Array<z.output<S>> {
  const rows = typeof result === 'object' && result !== null ? (result as { rows?: unknown }).rows : undefined;
  if (!Array.isArray(rows)) throw new Error('The query answered without rows.');
  return rows.map((value) => row.parse(value));
}

/** Runs hand SQL and parses every row with its schema. */
export async function queryRows<S extends z.ZodType>(db: DbOrTx, query: SQL, row: S): Promise<Array<z.output<S>>> {
  return rowsOfResult(await db.execute(query), row);
}

/** The first row of a query that always answers one (aggregates), parsed with its schema. */
export async function queryRow<S extends z.ZodType>(db: DbOrTx, query: SQL, row: S): Promise<z.output<S>> {
  const [first] = await queryRows(db, query, row);
  if (first === undefined) throw new Error('The query answered no row.');
  return first;
}
