import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDirSync, PRIVATE_FILE } from '../storage/private-files';

/**
 * PGlite has no lock of its own and two processes on one directory silently lose writes, so the
 * server owns DATA_DIR through a lock file holding its pid. A lock left by a dead process is taken over.
 */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live process holding the DATA_DIR lock, or null when none does. */
export function lockHolder(dataDir: string): number | null {
  try {
    const holder = Number(fs.readFileSync(path.join(dataDir, 'sheepfold.lock'), 'utf8').trim());
    return Number.isInteger(holder) && holder > 0 && isAlive(holder) ? holder : null;
  } catch {
    return null;
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  // DATA_DIR is 0700 whatever the umask or whoever made it (docs/security.md "File modes").
  makePrivateDirSync(dataDir);
  const lockPath = path.join(dataDir, 'sheepfold.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', PRIVATE_FILE);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Sheepfold process (pid ${holder}). ` +
            'Stop that process first, or use a different DATA_DIR. ' +
            `If no Sheepfold process is running, delete ${lockPath}.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
