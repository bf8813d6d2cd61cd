import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';

/**
 * A second process for the DATA_DIR lock tests: takes the lock on argv[2], says "locked", and holds
 * it until its stdin closes (then releases) or it is killed (then the lock is left behind, stale).
 */
try {
  const lock = lockDataDir(process.argv[2]);
  process.stdout.write('locked\n');
  process.stdin.resume();
  process.stdin.on('end', () => {
    lock.release();
    process.exit(0);
  });
} catch (error) {
  process.stderr.write(`${error instanceof DataDirLockedError ? error.message : String(error)}\n`);
  process.exit(1);
}
