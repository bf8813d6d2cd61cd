import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/query-rows';
import { countedTotal } from '../http/list-counts';

/**
 * A 10 MB donor file (142,760 gifts) on the embedded database spent 3.8 s of its 4.7–5.1 s
 * keeping donations' secondary indexes up to date row by row (a b-tree descent and its WAL per
 * index per row, in WebAssembly). Written without them the rows took 1.5 s, and building them all
 * again from the table afterwards 0.8 s (bench/import-http.ts, docs/performance.md). Which indexes
 * and how many is whatever the migrations have made: `secondaryDonationIndexes` reads them from the
 * catalog, so no count is kept here to go stale (the test compares the catalog before and after). That is
 * PostgreSQL's own advice for loading much data ("Populating a Database": remove the indexes, load,
 * create them again), done only where it pays and where nobody can see it:
 * - on PGlite alone. There the import's transaction holds the one connection, so no other request runs
 *   until it commits and no query ever meets donations without its indexes. On PostgreSQL a DROP INDEX
 *   would lock every reader of donations out for the whole import; it is never done there;
 * - for an import of at least BULK_MIN_ROWS rows into a table holding no more rows than it brings:
 *   the saving is per row imported, the cost of the build per row in the table.
 */
export const BULK_MIN_ROWS = 20_000;

/** Whether an import of `importedRows` into a table of `existingRows` sets the indexes aside (above). */
export function setsIndexesAside(dbKind: AppContext['dbKind'], importedRows: number, existingRows: number): boolean {
  return dbKind === 'pglite' && importedRows >= BULK_MIN_ROWS && existingRows <= importedRows;
}

const indexRow = z.object({ name: z.string(), definition: z.string() });

/** Donations' indexes but those behind a constraint (the primary key), with their definitions. */
export function secondaryDonationIndexes(db: DbOrTx) {
  return queryRows(
    db,
    sql`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = 'donations'
      and indexname not in (select conname from pg_constraint where conrelid = 'donations'::regclass)
    order by indexname`,
    indexRow,
  );
}

/**
 * Runs `write` inside the caller's transaction with donations' secondary indexes dropped, then creates
 * each again from the definition the catalog held. A failure anywhere rolls the drops back with the
 * rest of the transaction.
 */
export async function withDonationIndexesSetAside<T>(tx: DbOrTx, write: () => Promise<T>): Promise<T> {
  const indexes = await secondaryDonationIndexes(tx);
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  const result = await write();
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  return result;
}

/** `write` with the indexes set aside when the rule above says it pays, else as it is. */
export async function bulkWrite<T>(
  tx: DbOrTx,
  dbKind: AppContext['dbKind'],
  importedRows: number,
  write: () => Promise<T>,
): Promise<T> {
  // The table's size is read only where the rule could hold: PostgreSQL never pays for the count.
  if (!setsIndexesAside(dbKind, importedRows, 0)) return write();
  const existingRows = await countedTotal(tx, 'donations');
  return setsIndexesAside(dbKind, importedRows, existingRows) ? withDonationIndexesSetAside(tx, write) : write();
}
