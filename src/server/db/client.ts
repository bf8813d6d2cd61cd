import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { restrictTree } from '../storage/private-files';
import { type RetryOptions, retryTransactions } from './retry';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: service functions accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's own handle (backups need its locks and dump); absent on a server. */
  pglite?: PGlite;
  /**
   * How `db.transaction` retries a deadlock or serialization failure (db/retry.ts); main.ts sets
   * `onRetry` to log each retry once the app's logger exists.
   */
  retry: RetryOptions;
  /** Applies the migrations with the driver's own migrator, which wants the driver's own handle. */
  applyMigrations(config: MigrationConfig): Promise<void>;
  close(): Promise<void>;
}

/** pg returns DATE as a JS Date by default; the product speaks YYYY-MM-DD strings. */
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value) => value);

/**
 * Every app connection's session settings. JIT off: the app's statements read a few rows by index
 * in about a millisecond, but a planner estimate over five million expenses (a search's category
 * arm) crossed jit_above_cost and compiled for 240 ms first (docs/performance.md).
 */
export const SESSION_OPTIONS = '-c jit=off';

export function openPostgres(
  url: string,
  poolSize = 10,
  onIdleError: (error: Error) => void = (error) => console.error(`idle database connection failed: ${error.message}`),
): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: SESSION_OPTIONS });
  // Without a listener an idle connection's error (server restart, DROP … WITH (FORCE)) kills the process.
  pool.on('error', onIdleError);
  const retry: RetryOptions = {};
  const postgres = drizzlePg(pool, { schema });
  const db = retryTransactions(postgres, retry);
  return {
    db,
    kind: 'postgres',
    retry,
    applyMigrations: (config) => migratePg(postgres, config),
    close: () => pool.end(),
  };
}

/**
 * The contrib extensions every PGlite database is opened with: trigram indexes answer the lists' `q`
 * (migration 0003); btree_gist lets the exclusion constraint keep one missionary's distributions
 * from sharing a day (migration 0023, docs/distribution.md "One distribution per day").
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

/** dataDir null means in memory (tests). */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : loadDataDir ? { loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  // One connection never deadlocks with itself; the same wrapper keeps both databases alike.
  const retry: RetryOptions = {};
  const pglite = drizzlePglite(client, { schema });
  const db = retryTransactions(pglite, retry);
  // PGlite makes its files 0666 whatever the umask: 0600 at open and at close; meanwhile the 0700
  // DATA_DIR keeps the new ones from other accounts (docs/security.md "File modes").
  if (dataDir) restrictTree(dataDir);
  return {
    db,
    kind: 'pglite',
    retry,
    pglite: client,
    applyMigrations: (config) => migratePglite(pglite, config),
    close: async () => {
      if (!client.closed) await client.close();
      if (dataDir) restrictTree(dataDir);
    },
  };
}
