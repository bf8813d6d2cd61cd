/** Without the bulk load: a large import on PGlite keeps donations' indexes row by row, as PostgreSQL does. */
import type { AppContext } from '../../src/server/context';
import type { DbOrTx } from '../../src/server/db/client';

export * from '../../src/server/donations/bulk-load';

export async function bulkWrite<T>(
  _tx: DbOrTx,
  _dbKind: AppContext['dbKind'],
  _importedRows: number,
  write: () => Promise<T>,
): Promise<T> {
  return write();
}
