import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { makePrivateDirSync, writePrivateFileSync } from '../storage/private-files';
import { type BackupSummary, writeBackup } from './backup';

/**
 * How `npm run backup` reaches a running server: the server owns DATA_DIR (lock file) and PGlite
 * allows one process, so the backup script drops a request file into DATA_DIR/backup-requests and
 * sends the server SIGUSR2; the server writes the backup and answers with a .done or .failed file.
 * Only someone who can write DATA_DIR and signal the server's user can ask, which is exactly who
 * could copy the data anyway: no password or token is involved, and nothing listens on the network.
 */
export const BACKUP_SIGNAL = 'SIGUSR2';
const REQUESTS = 'backup-requests';
const LISTENER = 'server.pid';

/** The pid of the server that answers backup requests for this DATA_DIR, if one said so. */
export function listenerPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, REQUESTS, LISTENER), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

interface BackupRequest {
  out: string;
}

type Answer = { ok: true; summary: BackupSummary } | { ok: false; message: string };

/** Server side: answer every pending request each time the signal arrives, one backup at a time. */
export function serveBackupRequests(
  client: PGlite,
  dataDir: string,
  log: { info(message: string): void; error(message: string): void },
): () => void {
  const dir = path.join(dataDir, REQUESTS);
  // The script signals only a pid written here: SIGUSR2 would end a process that does not listen for it.
  makePrivateDirSync(dir);
  writePrivateFileSync(path.join(dir, LISTENER), String(process.pid));
  let running: Promise<void> = Promise.resolve();
  const handle = () => {
    running = running.then(async () => {
      if (!fs.existsSync(dir)) return;
      for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.request.json'))) {
        const id = name.slice(0, -'.request.json'.length);
        let answer: Answer;
        try {
          const request = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as BackupRequest;
          fs.rmSync(path.join(dir, name), { force: true });
          log.info(`backup requested: writing ${request.out}`);
          answer = { ok: true, summary: await writeBackup(client, dataDir, request.out) };
          log.info(`backup written: ${answer.summary.file} (${answer.summary.bytes} bytes)`);
        } catch (error) {
          fs.rmSync(path.join(dir, name), { force: true });
          answer = { ok: false, message: (error as Error).message };
          log.error(`backup failed: ${answer.message}`);
        }
        const answerFile = path.join(dir, `${id}.answer.json`);
        writePrivateFileSync(`${answerFile}.partial`, JSON.stringify(answer));
        fs.renameSync(`${answerFile}.partial`, answerFile);
      }
    });
  };
  process.on(BACKUP_SIGNAL, handle);
  return () => {
    process.off(BACKUP_SIGNAL, handle);
    if (listenerPid(dataDir) === process.pid) fs.rmSync(path.join(dir, LISTENER), { force: true });
  };
}

/** Script side: ask the server with that pid for a backup into outFile and wait for its answer. */
export async function requestBackup(
  dataDir: string,
  serverPid: number,
  outFile: string,
  timeoutMs = 30 * 60_000,
): Promise<BackupSummary> {
  const dir = path.join(dataDir, REQUESTS);
  if (listenerPid(dataDir) !== serverPid) {
    throw new Error(
      `The process holding ${dataDir} (pid ${serverPid}) is not a Sheepfold server that takes backups ` +
        '(perhaps npm run demo or restore): wait for it to finish and run the backup again.',
    );
  }
  const id = crypto.randomUUID();
  const requestFile = path.join(dir, `${id}.request.json`);
  const answerFile = path.join(dir, `${id}.answer.json`);
  writePrivateFileSync(
    `${requestFile}.partial`,
    JSON.stringify({ out: path.resolve(outFile) } satisfies BackupRequest),
  );
  fs.renameSync(`${requestFile}.partial`, requestFile);
  process.kill(serverPid, BACKUP_SIGNAL);
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(answerFile)) {
    if (Date.now() > deadline) {
      fs.rmSync(requestFile, { force: true });
      throw new Error(`The server (pid ${serverPid}) did not answer the backup request in time.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const answer = JSON.parse(fs.readFileSync(answerFile, 'utf8')) as Answer;
  fs.rmSync(answerFile, { force: true });
  if (!answer.ok) throw new Error(`The server could not write the backup: ${answer.message}`);
  return answer.summary;
}
