import { type AnyColumn, and, asc, desc, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type Continuation, type Cursor, continuation, decodeCursor, keysetCondition } from './keyset';

export { PAGE_SIZES } from '../../domain/list-query';

/** Decision 18: the lists SPEC.md shows unpaginated answer at most this many rows, newest first. */
export const MAX_LIST_ROWS = 1000;

/**
 * An unpaginated list (decision 18): at most MAX_LIST_ROWS rows (the caller queries newest first
 * with `limit(MAX_LIST_ROWS)`), and the full count in an X-Total-Count header.
 */
export function sendBoundedList<T>(reply: FastifyReply, list: { rows: T[]; total: number }): T[] {
  reply.header('x-total-count', String(list.total));
  return list.rows.slice(0, MAX_LIST_ROWS);
}

export interface ListQuery<K extends string> {
  page: number;
  limit: number;
  orderBy: K;
  order: 'asc' | 'desc';
  q: string | null;
  /** Keyset continuation (keyset.ts): when given, `page` only labels the page; the cursor picks the rows. */
  cursor: Cursor | null;
}

/** The list part of a query parsed by `listQuerySchema` (src/domain/list-query.ts), for the services. */
export function listQueryOf<K extends string>(query: {
  page: number;
  limit: number;
  order_by: K;
  order: 'asc' | 'desc';
  q: string | null;
  cursor?: string;
}): ListQuery<K> {
  return {
    page: query.page,
    limit: query.limit,
    orderBy: query.order_by,
    order: query.order,
    q: query.q,
    cursor: query.cursor ? decodeCursor(query.cursor) : null,
  };
}

/** ORDER BY the chosen column, then id so pages never overlap on ties. */
export function orderOf(column: AnyColumn | SQL, order: 'asc' | 'desc', tieBreaker: AnyColumn): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return [direction(column), direction(tieBreaker)];
}

/** Escape a search term for LIKE patterns. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface Page<T> extends Partial<Continuation> {
  data: T[];
  total_count: number;
}

/**
 * One page of a list, by keyset when the query carries a cursor and by OFFSET otherwise; either way
 * with the cursors of the neighbouring pages, so the web app pages on by keyset after the first page.
 * `fetch` runs the list's own select with the given WHERE, ORDER BY, LIMIT and OFFSET; `key` gives a
 * row's sort value (as the sort column maps it) and id.
 */
export async function pageRows<Row>(
  query: ListQuery<string>,
  spec: {
    column: AnyColumn;
    id: AnyColumn;
    nullable: boolean;
    where: SQL | undefined;
    fetch: (where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) => Promise<Row[]>;
    key: (row: Row) => { value: unknown; id: number };
  },
): Promise<{ rows: Row[] } & Continuation> {
  const { cursor, limit, page } = query;
  const fetched = cursor
    ? await spec.fetch(
        and(spec.where, keysetCondition(spec.column, spec.id, query.order, cursor, spec.nullable)),
        orderOf(spec.column, cursor.before ? (query.order === 'asc' ? 'desc' : 'asc') : query.order, spec.id),
        limit + 1,
        0,
      )
    : await spec.fetch(spec.where, orderOf(spec.column, query.order, spec.id), limit + 1, page * limit);
  return continuation(fetched, { limit, cursor, page }, spec.key);
}
