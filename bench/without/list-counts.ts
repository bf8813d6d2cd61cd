/**
 * Without the count-delta counters: a list's `total_count` is `count(*)` of the rows its filter
 * selects, run beside the page (what every other list does), and the counters' rows are never read.
 */
import { and, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client';
import { donations, expenseReports } from '../../src/server/db/schema';
import type { CountedColumns, CountedList, CountedState, Counter } from '../../src/server/http/list-counts';

export * from '../../src/server/http/list-counts';

export async function countedTotal(db: DbOrTx, list: CountedList, state: CountedState = {}): Promise<number> {
  const where: SQL | undefined =
    list === 'donations'
      ? undefined
      : and(
          state.archived === undefined
            ? undefined
            : state.archived
              ? isNotNull(expenseReports.archivedAt)
              : isNull(expenseReports.archivedAt),
          state.submitted === undefined ? undefined : eq(expenseReports.submitted, state.submitted),
          state.processed === undefined ? undefined : eq(expenseReports.processed, state.processed),
        );
  const [row] = await db
    .select({ total: count() })
    .from(list === 'donations' ? donations : expenseReports)
    .where(where);
  return row.total;
}

export function countedColumns(_counter: Counter | null): CountedColumns {
  return { countedTotal: sql<number | null>`null::integer`, countedRows: sql<number | null>`null::integer` };
}

export async function pageWithTotal<P>(
  _db: DbOrTx,
  _counter: Counter | null,
  page: () => Promise<P>,
  total: () => Promise<number>,
): Promise<[P, number]> {
  return Promise.all([page(), total()]);
}
