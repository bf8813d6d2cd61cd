import { getTableColumns, getTableName, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * A small bulk writer driven by the Drizzle schema: many rows of one table in one statement, every
 * column an array parameter spread by `unnest`. Column names, SQL types and the value mapping
 * (money cents → numeric text, dates, json) come from the schema's columns, so a new column is a
 * schema change plus a key in the rows, never SQL to edit. Rows are typed by the table: a key that
 * is not one of its columns, or a value of the wrong type, fails tsc.
 *
 * The statement's text depends only on the table and the keys, never on the rows (an empty array
 * writes nothing), so it may run as a named prepared statement (query-rows.ts `executeNamed`).
 * Both builders return the bare statement; callers compose them as parts of one statement (CTEs)
 * and add `returning` where they count what was written.
 */

type Model<T extends PgTable> = T['$inferInsert'];
/** A property name of the table (the TypeScript name, not the column's). */
export type BulkKey<T extends PgTable> = keyof Model<T> & string;
/** A row naming exactly `K`, each value of its column's type (null where the column allows it). */
export type BulkRow<T extends PgTable, K extends BulkKey<T>> = { [P in K]: Exclude<Model<T>[P], undefined> };

// A serial column is an integer once created; json travels as text and is cast per element, as
// drivers would otherwise encode a JSON text a second time.
const arrayTypes: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };
const viaText = new Set(['json', 'jsonb']);

function columnOf(table: PgTable, key: string): PgColumn {
  const columns: Record<string, PgColumn | undefined> = getTableColumns(table);
  const column = columns[key];
  if (column === undefined) throw new Error(`${getTableName(table)} has no column ${key}`);
  return column;
}

interface Spread {
  /** `unnest($1::integer[], $2::numeric(14, 2)[], …)` */
  arrays: SQL;
  /** `"id", "balance", …` — the alias's column list, the columns' own names. */
  names: SQL;
  /** `v."id", v."approved_context"::jsonb, …` — each value as its column's type. */
  values: SQL[];
}

function spread<T extends PgTable>(table: T, keys: readonly BulkKey<T>[], rows: readonly object[]): Spread {
  const arrays: SQL[] = [];
  const values: SQL[] = [];
  for (const key of keys) {
    const column = columnOf(table, key);
    const type = column.getSQLType();
    const elementType = viaText.has(type) ? 'text' : (arrayTypes[type] ?? type);
    const data = rows.map((row) => {
      const value: unknown = Reflect.get(row, key);
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    arrays.push(sql`${sql.param(data)}::${sql.raw(elementType)}[]`);
    const name = sql`v.${sql.identifier(column.name)}`;
    values.push(viaText.has(type) ? sql`${name}::${sql.raw(type)}` : name);
  }
  const names = sql.join(
    keys.map((key) => sql.identifier(columnOf(table, key).name)),
    sql`, `,
  );
  return { arrays: sql`unnest(${sql.join(arrays, sql`, `)})`, names, values };
}

/**
 * `insert into <table> (<keys>, <computed>) select … from unnest(…) with ordinality as v(…, n)`.
 * `computed` gives columns whose value SQL decides from the statement (an id drawn from a
 * sequence by position `v.n`, 1-based); it may read the spread columns as `v."column_name"`.
 */
export function bulkInsert<T extends PgTable, K extends BulkKey<T>>(
  table: T,
  keys: readonly K[],
  rows: readonly BulkRow<T, K>[],
  computed: Partial<Record<BulkKey<T>, SQL>> = {},
): SQL {
  const { arrays, names, values } = spread(table, keys, rows);
  // A computed column replaces the spread value of the same key (which it may read), else adds one.
  const written = new Map<string, SQL>(keys.map((key, index) => [columnOf(table, key).name, values[index] ?? sql``]));
  for (const [key, value] of Object.entries(computed)) {
    if (value instanceof SQL) written.set(columnOf(table, key).name, value);
  }
  const columns = sql.join(
    [...written.keys()].map((name) => sql.identifier(name)),
    sql`, `,
  );
  const selected = sql.join([...written.values()], sql`, `);
  return sql`insert into ${sql.identifier(getTableName(table))} (${columns})
    select ${selected} from ${arrays} with ordinality as v(${names}, n)`;
}

/**
 * `update <table> set <keys> = v.… from unnest(…) as v(…) where <table>.<by> = v.<by> and <where>`:
 * each row updates the row whose `by` column equals its own; `where` adds a guard (a row that
 * fails it is left alone, which a `returning` count shows).
 */
export function bulkUpdate<T extends PgTable, B extends BulkKey<T>, K extends BulkKey<T>>(
  table: T,
  by: B,
  keys: readonly K[],
  rows: readonly BulkRow<T, B | K>[],
  where?: SQL,
): SQL {
  const all: BulkKey<T>[] = [by, ...keys];
  const { arrays, names, values } = spread(table, all, rows);
  const set = sql.join(
    keys.map((key, index) => sql`${sql.identifier(columnOf(table, key).name)} = ${values[index + 1]}`),
    sql`, `,
  );
  const name = sql.identifier(getTableName(table));
  const match = sql`${name}.${sql.identifier(columnOf(table, by).name)} = ${values[0]}`;
  return sql`update ${name} set ${set} from ${arrays} as v(${names})
    where ${match}${where === undefined ? sql`` : sql` and (${where})`}`;
}
