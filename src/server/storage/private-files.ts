import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * What the app writes under DATA_DIR (the embedded database, the secret key, receipts, the outbox's
 * mails with live sign-in links) and the backups it makes are readable by the account that runs
 * it and no other, whatever the umask it was started with: files 0600, directories 0700
 * (docs/security.md "File modes").
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/**
 * The server and the scripts that write DATA_DIR or a backup call this first, so what they write
 * without naming a mode (the embedded database's own files) is private too.
 */
export function restrictUmask(): void {
  process.umask(0o077);
}

/** mkdir -p with 0700 for every directory it makes, and 0700 for `dir` itself even if it was there. */
export function makePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  fs.chmodSync(dir, PRIVATE_DIR);
}

export async function makePrivateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await fsp.chmod(dir, PRIVATE_DIR);
}

/** Writes a file 0600 (chmod too: `mode` alone applies only when the file is created). */
export function writePrivateFileSync(file: string, content: string | Uint8Array, flag = 'w'): void {
  fs.writeFileSync(file, content, { mode: PRIVATE_FILE, flag });
  fs.chmodSync(file, PRIVATE_FILE);
}

export async function writePrivateFile(file: string, content: string | Uint8Array): Promise<void> {
  await fsp.writeFile(file, content, { mode: PRIVATE_FILE });
  await fsp.chmod(file, PRIVATE_FILE);
}

/** Every directory under `root` (and root) to 0700, every file to 0600: a restored DATA_DIR. */
export function restrictTree(root: string): void {
  if (!fs.existsSync(root)) return;
  fs.chmodSync(root, PRIVATE_DIR);
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) restrictTree(full);
    else if (entry.isFile()) fs.chmodSync(full, PRIVATE_FILE);
  }
}
