import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { listCountDeltas } from '../db/schema';
import { statementCache } from '../db/statement-cache';

/**
 * `total_count` of the unfiltered lists of expense reports and donations (a million rows
 * and more) from the rows the triggers of migration 0011 keep, instead of `count(*)` per request.
 * The sum is exact: it reads the committed deltas in one snapshot, as `count(*)` reads the committed
 * rows. Filtered lists (one missionary, an upload, a search) still count their rows from an index:
 * they are small. docs/performance.md says which list counts how.
 */
export type CountedList = 'expense_reports' | 'donations';

/** Expense reports' states a list may filter on; absent means "any". */
export interface CountedState {
  archived?: boolean;
  submitted?: boolean;
  processed?: boolean;
}

/** Once a list has more delta rows than this, the reader folds them into one row per state. */
export const FOLD_AT = 200;

/** The counter's sum and row count for one list and the states it names (placeholders, built once). */
function countStatement(db: DbOrTx, state: CountedState) {
  return db
    .select({
      total: sql<number>`coalesce(sum(${listCountDeltas.n}), 0)::integer`,
      rows: sql<number>`count(*)::integer`,
    })
    .from(listCountDeltas)
    .where(
      and(
        eq(listCountDeltas.list, sql.placeholder('list')),
        state.archived === undefined ? undefined : eq(listCountDeltas.archived, sql.placeholder('archived')),
        state.submitted === undefined ? undefined : eq(listCountDeltas.submitted, sql.placeholder('submitted')),
        state.processed === undefined ? undefined : eq(listCountDeltas.processed, sql.placeholder('processed')),
      ),
    )
    .prepare('');
}

/** Every office list request reads its count: the statement is built once per set of states named. */
const countStatements = statementCache<{ total: number; rows: number }>(16);

export async function countedTotal(db: DbOrTx, list: CountedList, state: CountedState = {}): Promise<number> {
  const shape = (['archived', 'submitted', 'processed'] as const)
    .map((key) => (state[key] === undefined ? '-' : '='))
    .join('');
  const statement = countStatements.get(db, shape, () => countStatement(db, state));
  const [row] = await statement.execute({ list, ...state });
  if (row.rows > FOLD_AT) await foldCounts(db, list);
  return row.total;
}

/** The counter that answers a list's total: the list and the states it names. */
export interface Counter {
  list: CountedList;
  state: CountedState;
}

/** The two values a counted page carries: null in a page that is not counted this way. */
export interface CountedColumns {
  countedTotal: SQL<number | null>;
  countedRows: SQL<number | null>;
}

const NOT_COUNTED: CountedColumns = {
  countedTotal: sql<number | null>`null::integer`,
  countedRows: sql<number | null>`null::integer`,
};

/**
 * The counter's sum and row count as two columns of a page statement, so that a list's page and its
 * `total_count` take one round trip to the database instead of two (every row of the page carries
 * the same values; they are uncorrelated subqueries, run once). The list and states are constants of
 * the statement: a page statement is built per shape, and the states named are part of it. A list
 * counted otherwise (`null`) carries nulls.
 */
export function countedColumns(counter: Counter | null): CountedColumns {
  if (!counter) return NOT_COUNTED;
  const { list, state } = counter;
  const where = and(
    eq(listCountDeltas.list, list),
    state.archived === undefined ? undefined : eq(listCountDeltas.archived, state.archived),
    state.submitted === undefined ? undefined : eq(listCountDeltas.submitted, state.submitted),
    state.processed === undefined ? undefined : eq(listCountDeltas.processed, state.processed),
  );
  return {
    countedTotal: sql<
      number | null
    >`(select coalesce(sum(${listCountDeltas.n}), 0)::integer from ${listCountDeltas} where ${where})`,
    countedRows: sql<number | null>`(select count(*)::integer from ${listCountDeltas} where ${where})`,
  };
}

type CarryingRow = { countedTotal: number | null; countedRows: number | null };

/**
 * A page and its total. A counted list's page carried the total on its first row (folding the
 * counter, as `countedTotal` does, when it has grown long; a page with no rows carried nothing, and
 * the total is read on its own); any other list's total is `count`, run beside the page.
 */
export async function pageWithTotal<P extends { rows: CarryingRow[] }>(
  db: DbOrTx,
  counter: Counter | null,
  page: () => Promise<P>,
  count: () => Promise<number>,
): Promise<[P, number]> {
  if (!counter) return Promise.all([page(), count()]);
  const read = await page();
  const first = read.rows[0];
  if (first?.countedTotal == null || first.countedRows == null) {
    return [read, await countedTotal(db, counter.list, counter.state)];
  }
  if (first.countedRows > FOLD_AT) await foldCounts(db, counter.list);
  return [read, first.countedTotal];
}

/**
 * One row per state in place of many. Safe beside writers and other folds: a statement deletes only
 * the rows its snapshot sees (a concurrent fold's deletions are skipped, a writer's new rows are
 * not seen) and inserts the sum of exactly what it deleted.
 */
export async function foldCounts(db: DbOrTx, list: CountedList): Promise<void> {
  await db.execute(sql`
    with moved as (
      delete from list_count_deltas where list = ${list}
      returning archived, submitted, processed, n
    )
    insert into list_count_deltas (list, archived, submitted, processed, n)
    select ${list}, archived, submitted, processed, sum(n) from moved
    group by archived, submitted, processed having sum(n) <> 0`);
}
