import { type AnyColumn, and, asc, desc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../db/client';
import type { BuiltStatement, StatementCache } from '../db/statement-cache';
import { type Continuation, type Cursor, checkCursorFits, continuation, decodeCursor, keysetCondition } from './keyset';

export { PAGE_SIZES } from '../../domain/list-query';

/** Decision 18: the lists docs/product.md shows unpaginated answer at most this many rows, newest first. */
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
 * How a page is read: a page before the cursor is read backwards (`continuation` puts it back in
 * display order), one row more than the page says whether more lie that way, and a cursor (checked
 * against the sort column first) replaces the OFFSET.
 */
function readPlan(
  query: ListQuery<string>,
  column: AnyColumn,
): { order: 'asc' | 'desc'; limit: number; offset: number } {
  const { cursor, limit, page, order } = query;
  if (cursor) checkCursorFits(column, cursor);
  return {
    order: cursor?.before ? (order === 'asc' ? 'desc' : 'asc') : order,
    limit: limit + 1,
    offset: cursor ? 0 : page * limit,
  };
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
  const read = readPlan(query, spec.column);
  const where = cursor
    ? and(spec.where, keysetCondition(spec.column, spec.id, query.order, cursor, spec.nullable))
    : spec.where;
  const fetched = await spec.fetch(where, orderOf(spec.column, read.order, spec.id), read.limit, read.offset);
  return continuation(fetched, { limit, cursor, page }, spec.key);
}

/** The placeholders a prepared page statement's LIMIT and OFFSET are built with. */
const PAGE_LIMIT = sql.placeholder('pageLimit');
const PAGE_OFFSET = sql.placeholder('pageOffset');

/**
 * `pageRows` through a statement built once per shape (db/statement-cache.ts): the list gives its
 * WHERE with placeholders (`where`, built only when the shape is new) and their values; the keyset
 * condition's cursor value and id, LIMIT and OFFSET are placeholders too. The shape is the list's
 * own (`shape`: its filters present) plus the sort, the direction and the kind of cursor (none,
 * after or before, at a NULL value or not), everything that changes the statement's text.
 */
async function preparedPageRows<Row>(
  query: ListQuery<string>,
  spec: {
    db: DbOrTx;
    statements: StatementCache<Row>;
    shape: string;
    column: AnyColumn;
    id: AnyColumn;
    nullable: boolean;
    where: () => SQL | undefined;
    values: Record<string, unknown>;
    /** The list's select with this WHERE and ORDER BY, `.limit(PAGE_LIMIT).offset(PAGE_OFFSET).prepare('')`. */
    prepare: (where: SQL | undefined, orderBy: SQL[]) => BuiltStatement<Row>;
    key: (row: Row) => { value: unknown; id: number };
  },
): Promise<{ rows: Row[] } & Continuation> {
  const { cursor, limit, page } = query;
  const cursorKind = cursor
    ? `${cursor.before ? 'before' : 'after'}-${cursor.value === null ? 'null' : 'value'}`
    : 'page';
  const read = readPlan(query, spec.column);
  const statement = spec.statements.get(spec.db, `${spec.shape}|${query.orderBy}|${query.order}|${cursorKind}`, () => {
    const orderBy = orderOf(spec.column, read.order, spec.id);
    if (!cursor) return spec.prepare(spec.where(), orderBy);
    const placeholders = {
      value: cursor.value === null ? null : sql.placeholder('cursorValue'),
      id: sql.placeholder('cursorId'),
      before: cursor.before,
    };
    return spec.prepare(
      and(spec.where(), keysetCondition(spec.column, spec.id, query.order, placeholders, spec.nullable)),
      orderBy,
    );
  });
  const fetched = await statement.execute({
    ...spec.values,
    pageLimit: read.limit,
    pageOffset: read.offset,
    ...(cursor ? { cursorValue: cursor.value, cursorId: cursor.id } : {}),
  });
  return continuation(fetched, { limit, cursor, page }, spec.key);
}

/** What a list gives `listPage`: its select (FROM and joins), ready for WHERE, ORDER BY, LIMIT, OFFSET. */
interface PageSelect<Row> {
  where(where: SQL | undefined): {
    orderBy(...orderBy: SQL[]): {
      limit(limit: number | Placeholder): {
        offset(offset: number | Placeholder): PromiseLike<Row[]> & { prepare(name: string): BuiltStatement<Row> };
      };
    };
  };
}

/**
 * One page of a list. A search builds its statement on each call (its text depends on the term);
 * any other list's page comes from a statement built once per shape (`preparedPageRows`), with
 * `prepared.where` giving its WHERE with placeholders and `prepared.values` their values.
 */
export function listPage<Row>(
  query: ListQuery<string>,
  spec: {
    db: DbOrTx;
    statements: StatementCache<Row>;
    select: () => PageSelect<Row>;
    column: AnyColumn;
    id: AnyColumn;
    nullable: boolean;
    key: (row: Row) => { value: unknown; id: number };
    searching: boolean;
    /** The WHERE with its values (a search's statement). */
    where: SQL | undefined;
    prepared: { shape: string; where: () => SQL | undefined; values: Record<string, unknown> };
  },
): Promise<{ rows: Row[] } & Continuation> {
  const { db, statements, select, column, id, nullable, key } = spec;
  if (spec.searching) {
    return pageRows(query, {
      column,
      id,
      nullable,
      key,
      where: spec.where,
      fetch: async (where, orderBy, limit, offset) =>
        await select()
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
    });
  }
  return preparedPageRows(query, {
    db,
    statements,
    column,
    id,
    nullable,
    key,
    ...spec.prepared,
    prepare: (where, orderBy) =>
      select()
        .where(where)
        .orderBy(...orderBy)
        .limit(PAGE_LIMIT)
        .offset(PAGE_OFFSET)
        .prepare(''),
  });
}
