import { restoreBackup } from '../src/server/backup/backup';
import { readConfig } from '../src/server/config';
import { lockDataDir } from '../src/server/db/data-dir-lock';
import { restrictUmask } from '../src/server/storage/private-files';

/**
 * `npm run restore FILE`: rebuilds DATA_DIR (database and uploaded receipts) from a backup written by
 * `npm run backup`. DATA_DIR must not hold a database or uploads yet; start the server afterwards.
 */
async function main(): Promise<void> {
  restrictUmask();
  const config = readConfig();
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore FILE   (DATA_DIR names the directory to rebuild)');
    process.exit(2);
  }
  const lock = lockDataDir(config.dataDir);
  try {
    const manifest = await restoreBackup(file, config.dataDir);
    console.log(
      `Restored ${config.dataDir} from ${file} (taken ${manifest.created_at}): database and ${manifest.uploads} uploaded files.`,
    );
  } finally {
    lock.release();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
