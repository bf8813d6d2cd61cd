import fs from 'node:fs';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { storedFiles } from '../db/schema';
import type { TestApp } from './harness';

/**
 * The names of the files stored under a key prefix, whichever storage the test database uses
 * (DATA_DIR/uploads on PGlite, the stored_files table on PostgreSQL), sorted.
 */
export async function storedFileNames(t: TestApp, prefix: string): Promise<string[]> {
  if (t.database.kind === 'pglite') {
    const dir = path.join(t.dataDir, 'uploads', prefix);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  }
  const rows = await t.ctx.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(like(storedFiles.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`));
  return rows.map((row) => path.posix.basename(row.key)).sort();
}
