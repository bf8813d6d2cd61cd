import path from 'node:path';
import { writeBackup } from '../src/server/backup/backup';
import { requestBackup } from '../src/server/backup/backup-requests';
import { readConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/client';
import { lockDataDir, lockHolder } from '../src/server/db/data-dir-lock';
import { restrictUmask } from '../src/server/storage/private-files';

/**
 * `npm run backup [FILE]`: a consistent, compressed backup of the embedded database's DATA_DIR
 * (database and uploaded receipts) into FILE (default sheepfold-backup-<time>.tar.gz). While the
 * server runs it asks the server to write it (SIGUSR2, see src/server/backup/backup-requests.ts);
 * otherwise it opens the DATA_DIR itself. With DATABASE_URL: use pg_dump (docs/deploy.md).
 */
async function main(): Promise<void> {
  restrictUmask();
  const config = readConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up that database with pg_dump (receipts are in it); see docs/deploy.md.');
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(process.argv[2] ?? `sheepfold-backup-${stamp}.tar.gz`);
  const holder = lockHolder(config.dataDir);
  let summary: Awaited<ReturnType<typeof writeBackup>>;
  if (holder !== null) {
    console.log(`The server (pid ${holder}) is running on ${config.dataDir}: asking it for the backup.`);
    summary = await requestBackup(config.dataDir, holder, out);
  } else {
    const lock = lockDataDir(config.dataDir);
    const database = await openPglite(path.join(config.dataDir, 'pglite'));
    try {
      summary = await writeBackup(database.pglite!, config.dataDir, out);
    } finally {
      await database.close();
      lock.release();
    }
  }
  console.log(`Wrote ${summary.file}: ${summary.bytes} bytes, database and ${summary.uploads} uploaded files.`);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
