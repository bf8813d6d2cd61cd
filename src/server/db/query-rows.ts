import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from './client';

/**
 * The single documented adapter of src/: the only file with `as unknown as` (test/casts.test.ts
 * refuses one anywhere else). Its two casts reach what Drizzle's public types do not name — the
 * session that prepares a named statement (`executeNamed`) and the driver client under a database
 * (`driverClientOf`) — and each says why below. Everything else reads rows through the parsing
 * functions here.
 *
 * The one adapter between hand-written SQL and typed rows. Both drivers answer
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

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call. Only for statements whose text never changes (every value
 * a parameter) — approval's two statements, run a thousand times on MAT Day. drizzle's `execute`
 * has no name parameter, so this goes through its session's prepareQuery, as its query builders'
 * `.prepare(name)` does; on PGlite the name is simply not used.
 */
export async function executeNamed(db: DbOrTx, name: string, query: SQL): Promise<unknown> {
  const internal = db as unknown as {
    session: {
      prepareQuery(q: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> };
    };
    dialect: { sqlToQuery(q: SQL): unknown };
  };
  return internal.session.prepareQuery(internal.dialect.sqlToQuery(query), undefined, name, false).execute();
}

/**
 * The driver client under a Drizzle database: node-postgres's `pg.Pool` or PGlite. Drizzle keeps it
 * as `$client` but our `Db` type (client.ts) names neither driver; the caller knows which one it
 * opened — migrate.ts takes a connection of the pool for its advisory lock, the test databases dump
 * PGlite's data directory.
 */
export function driverClientOf<Client>(db: DbOrTx): Client {
  return (db as unknown as { $client: Client }).$client;
}
