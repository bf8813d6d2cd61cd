import path from 'node:path';
import type { Database } from '../db/client';
import { createDatabaseStorage } from './database-storage';
import { createLocalStorage, type Storage } from './storage';

/**
 * Decision 19: on a PostgreSQL server (DATABASE_URL) files live in the database so app processes
 * are stateless; with the embedded PGlite they stay under DATA_DIR/uploads, beside the database.
 */
export function createStorage(database: Pick<Database, 'db' | 'kind'>, dataDir: string): Storage {
  return database.kind === 'postgres'
    ? createDatabaseStorage(database.db)
    : createLocalStorage(path.join(dataDir, 'uploads'));
}
