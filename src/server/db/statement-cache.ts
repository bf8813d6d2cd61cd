import type { DbOrTx } from './client';

/** A statement built once, run with the values of its placeholders. */
export interface BuiltStatement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * Statements built once per shape and database handle. drizzle turns a query into SQL text on every
 * call, so a list keeps its page statements here, keyed by what changes their text (sort, direction,
 * filters present, cursor kind), with every value a placeholder: a list page then costs the server
 * and the database 1.18–1.33× less CPU (docs/performance.md, "Performance layers"). They are
 * unnamed (drizzle `.prepare('')`): PostgreSQL plans each call with its values and keeps nothing per
 * connection. At most `limit` shapes per handle are kept; a further shape is built per call.
 */
export function statementCache<Row>(limit = 256) {
  const byDatabase = new WeakMap<DbOrTx, Map<string, BuiltStatement<Row>>>();
  return {
    get(db: DbOrTx, shape: string, build: () => BuiltStatement<Row>): BuiltStatement<Row> {
      let statements = byDatabase.get(db);
      if (!statements) {
        statements = new Map();
        byDatabase.set(db, statements);
      }
      let statement = statements.get(shape);
      if (!statement) {
        statement = build();
        if (statements.size < limit) statements.set(shape, statement);
      }
      return statement;
    },
    /** How many shapes a handle keeps (tests). */
    size: (db: DbOrTx) => byDatabase.get(db)?.size ?? 0,
  };
}

export type StatementCache<Row> = ReturnType<typeof statementCache<Row>>;
