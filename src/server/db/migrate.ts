import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../project-root';
import type { Database } from './client';
import { driverClientOf } from './query-rows';

/** From the project root: `npm start` runs this module bundled into dist/server, away from the files. */
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'src/server/db/migrations');

/** Any constant: the advisory lock that lets one process migrate while the others starting beside it wait. */
const MIGRATION_LOCK = 727_001;

export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // Both drivers' migrators read the same journal.
  if (database.kind === 'pglite') {
    await database.applyMigrations(config);
    return;
  }
  // drizzle's migrator takes no lock: several app processes starting at once on one database would
  // each apply the same migration. A session-level advisory lock on a connection of its own (the
  // pool may have one connection only) makes them take turns; the later ones find nothing to do.
  const pool = driverClientOf<pg.Pool>(database.db);
  const lock = new pg.Client(pool.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await database.applyMigrations(config);
  } finally {
    await lock.end();
  }
}
