import { type AnyColumn, and, gt, isNotNull, isNull, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { MAX_ID } from '../../domain/fields';

/**
 * Keyset continuation for the paginated lists (`cursor` beside `page`): a cursor names the last row
 * seen (its sort value and id) and the direction, and the next page is "the `limit` rows after it in
 * the list's order" — an index range scan on (sort column, id), so page 5,000 costs what page 0
 * costs, where OFFSET reads and throws away every row before the page.
 */
export type CursorValue = string | number | boolean | null;

export interface Cursor {
  value: CursorValue | Date;
  id: number;
  /** true: the rows before the cursor (the "previous" button); false: after it. */
  before: boolean;
}

export const CURSOR_INVALID = 'Cursor is not valid; reload the list.';

export function encodeCursor(value: unknown, id: number, before: boolean): string {
  const encoded = value instanceof Date ? { d: value.toISOString() } : (value ?? null);
  return Buffer.from(JSON.stringify([encoded, id, before ? 1 : 0])).toString('base64url');
}

export function decodeCursor(raw: string): Cursor {
  try {
    const [value, id, before] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
      unknown,
    ];
    if (!Number.isSafeInteger(id) || (id as number) < 0 || (before !== 0 && before !== 1)) throw new Error();
    let decoded: CursorValue | Date;
    if (value !== null && typeof value === 'object') {
      const iso = (value as { d?: unknown }).d;
      if (typeof iso !== 'string' || Number.isNaN(Date.parse(iso))) throw new Error();
      decoded = new Date(iso);
    } else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      decoded = value as CursorValue;
    } else throw new Error();
    if (typeof decoded === 'string' && decoded.length > 1000) throw new Error();
    return { value: decoded, id: id as number, before: before === 1 };
  } catch {
    throw AppError.field('cursor', CURSOR_INVALID);
  }
}

/** The JavaScript kind of value each kind of sort column gives (a custom column's encoder checks its own). */
const VALUE_KINDS: Partial<Record<string, (value: unknown) => boolean>> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isSafeInteger(value),
  boolean: (value) => typeof value === 'boolean',
  date: (value) => value instanceof Date,
};

/**
 * A cursor names a row of the list it came from: its value must be what the sort column gives and
 * its id a row id. One edited by hand (a string where the column holds cents, text for a boolean) is a
 * 422 under `cursor`, not a failed query (decision 17, docs/decisions.md).
 */
export function checkCursorFits(column: AnyColumn, cursor: Cursor): void {
  const { value } = cursor;
  let fits = cursor.id <= MAX_ID;
  if (fits && value !== null) {
    fits = VALUE_KINDS[column.dataType]?.(value) ?? true;
    try {
      if (fits) column.mapToDriverValue(value);
    } catch {
      fits = false;
    }
  }
  if (!fits) throw AppError.field('cursor', CURSOR_INVALID);
}

/**
 * The rows strictly after (or before) the cursor in ORDER BY column <order>, id <order>, with NULLs
 * where PostgreSQL puts them (last ascending, first descending). For a NOT NULL column this is one
 * row comparison, `(column, id) > (v, id)`, which an index on (column, id) answers as a range.
 */
export function keysetCondition(
  column: AnyColumn,
  id: AnyColumn,
  order: 'asc' | 'desc',
  /** A cursor, or placeholders for its value and id (a prepared page: the value's nullness is its shape). */
  cursor: Cursor | { value: Placeholder | null; id: Placeholder; before: boolean },
  nullable: boolean,
): SQL {
  // Walking forward in an ascending list, or backward in a descending one, goes up the index.
  const upward = (order === 'asc') !== cursor.before;
  const value = cursor.value;
  // PostgreSQL's default orders (ASC NULLS LAST, DESC NULLS FIRST) both treat NULL as the largest
  // value, so going up the index is going toward the NULLs.
  const beyondNulls = upward;
  if (value === null) {
    const sameValue = and(isNull(column), upward ? gt(id, cursor.id) : lt(id, cursor.id)) as SQL;
    return beyondNulls ? sameValue : (or(isNotNull(column), sameValue) as SQL);
  }
  const param = sql.param(value, column);
  const row = upward
    ? sql`(${column}, ${id}) > (${param}, ${cursor.id})`
    : sql`(${column}, ${id}) < (${param}, ${cursor.id})`;
  if (!nullable) return row;
  return beyondNulls ? (or(row, isNull(column)) as SQL) : row;
}

/** What a keyset page adds to `{data, total_count}`: the cursors of the pages on either side (null at an end). */
export interface Continuation {
  next_cursor: string | null;
  prev_cursor: string | null;
}

/**
 * Trims the one extra row a page asks for (it tells whether more rows lie that way), puts a backward
 * page back in display order and names the cursors around it.
 */
export function continuation<T>(
  fetched: T[],
  options: { limit: number; cursor: Cursor | null; page: number },
  key: (row: T) => { value: unknown; id: number },
): { rows: T[] } & Continuation {
  const { limit, cursor, page } = options;
  const more = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  if (cursor?.before) rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNext = cursor ? (cursor.before ? true : more) : more;
  const hasPrev = cursor ? (cursor.before ? more : true) : page > 0;
  const next = last && hasNext ? key(last) : null;
  const prev = first && hasPrev ? key(first) : null;
  return {
    rows,
    next_cursor: next ? encodeCursor(next.value, next.id, false) : null,
    prev_cursor: prev ? encodeCursor(prev.value, prev.id, true) : null,
  };
}
