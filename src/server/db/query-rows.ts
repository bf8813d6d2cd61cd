import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { z } from 'zod';
import type { DbOrTx } from './client';

/**
 * The single documented adapter of src/: the only file with `as unknown as` (test/casts.test.ts
 * refuses one anywhere else). Its two casts reach what Drizzle's public types do not name — its
 * session and dialect (`internalsOf`: a named statement for `executeNamed`, the connection under a
 * database or transaction for `queryRowsDirect`) and the driver client under a database
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
 * What Drizzle's public types do not name of a database or transaction: its session (which prepares
 * a named statement, and holds the driver connection: a pg Pool, the PoolClient of a transaction, or
 * PGlite) and its dialect (SQL to text and parameters). One cast, for `executeNamed` and
 * `queryRowsDirect`.
 */
interface DrizzleInternals {
  session: {
    client: unknown;
    prepareQuery(q: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> };
  };
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
}

function internalsOf(db: DbOrTx): DrizzleInternals {
  return db as unknown as DrizzleInternals;
}

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call. Only for statements whose text never changes (every value
 * a parameter) — approval's two statements, run a thousand times on MAT Day. drizzle's `execute`
 * has no name parameter, so this goes through its session's prepareQuery, as its query builders'
 * `.prepare(name)` does; on PGlite the name is simply not used.
 */
export async function executeNamed(db: DbOrTx, name: string, query: SQL): Promise<unknown> {
  const internal = internalsOf(db);
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

/**
 * What Drizzle's node-postgres session reads as text rather than through pg's parsers: timestamps,
 * dates, intervals and arrays of them and of numerics (type OIDs). `queryRowsDirect` reads the same,
 * so its rows equal `queryRows`' rows.
 */
const AS_TEXT = new Set([1114, 1184, 1082, 1186, 1115, 1185, 1182, 1187, 1231]);
const drizzleTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
};

/**
 * `queryRows` for a statement run many times over big answers: on node-postgres, through pg's
 * callback API on the connection under the database or transaction (a pg Pool, or the PoolClient
 * of the transaction), instead of Drizzle's execute, which uses pg's promise API; on PGlite, the
 * same as `queryRows`. The rows are the same (`query-rows-direct.test.ts`).
 *
 * Why: the journal export reads a year a page at a time from a cursor, and what a page's answer
 * allocated outlived V8's young generation when read through the promise API, piling up in the old
 * one until a full collection. Measured with `--trace-gc-nvp` on a bare loop of `fetch 200` from a
 * cursor over 60,000 rows, ten times: 90 of the 236 MB allocated were promoted through
 * `client.query(text)`'s promise, 2 of 239 MB through its callback (docs/performance.md "Journal export").
 */
export async function queryRowsDirect<S extends z.ZodType>(
  db: DbOrTx,
  query: SQL,
  row: S,
): Promise<Array<z.output<S>>> {
  const internal = internalsOf(db);
  const client = internal.session.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return queryRows(db, query, row);
  const { sql: text, params } = internal.dialect.sqlToQuery(query);
  const result = await new Promise<pg.QueryResult>((resolve, reject) => {
    client.query({ text, values: params, types: drizzleTypes }, (error: Error | null, answer: pg.QueryResult) =>
      error ? reject(error) : resolve(answer),
    );
  });
  return rowsOfResult(result, row);
}
