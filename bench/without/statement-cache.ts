/**
 * Without the statement cache: every call builds its statement again (drizzle turns the query into
 * SQL text each time), which is what a list's page cost before the cache and what a search costs.
 */
import type { DbOrTx } from '../../src/server/db/client';
import type { BuiltStatement } from '../../src/server/db/statement-cache';

export type { BuiltStatement, StatementCache } from '../../src/server/db/statement-cache';

export function statementCache<Row>(_limit = 256) {
  return {
    get: (_db: DbOrTx, _shape: string, build: () => BuiltStatement<Row>): BuiltStatement<Row> => build(),
    size: (_db: DbOrTx) => 0,
  };
}
