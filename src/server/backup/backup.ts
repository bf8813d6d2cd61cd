import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/client';
import {
  makePrivateDirSync,
  PRIVATE_DIR,
  PRIVATE_FILE,
  restrictTree,
  writePrivateFileSync,
} from '../storage/private-files';
import { readTar, TarWriter } from './tar';

/**
 * Backups of the embedded default (PGlite under DATA_DIR): one .tar.gz holding a manifest, the
 * database's data directory (PGlite's own dump), DATA_DIR/secret.key when there is one, and every
 * uploaded file, taken while the server
 * runs. With DATABASE_URL use pg_dump instead (docs/deploy.md): the receipts are in the database.
 */
export const MANIFEST = 'sheepfold-backup.json';
export const DATABASE_ENTRY = 'pglite.tar';
const UPLOADS = 'uploads';
/** The key TOTP secrets are encrypted with when SECRET_KEY is unset (second-factor/secret-box.ts). */
const SECRET_KEY_FILE = 'secret.key';

export interface BackupManifest {
  format: 1;
  created_at: string;
  database: typeof DATABASE_ENTRY;
  uploads: number;
  upload_bytes: number;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  uploads: number;
}

/** Every file under dir, as paths relative to it with forward slashes, sorted. */
function listFiles(dir: string, under = ''): string[] {
  if (!fs.existsSync(path.join(dir, under))) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, relative));
    else if (entry.isFile()) out.push(relative);
  }
  return out.sort();
}

/**
 * A consistent backup of a live PGlite DATA_DIR. While this function's PGlite transaction is open
 * no other query or transaction can run (PGlite runs one at a time): a CHECKPOINT, the database dump and hard links to the upload
 * files (a receipt is written before its row commits and removed after its row's deletion commits,
 * so every file row in the dump has its file) take that moment; the slow part — compressing and
 * writing — runs after the lock is released, from the links.
 */
export async function writeBackup(client: PGlite, dataDir: string, outFile: string): Promise<BackupSummary> {
  const uploadsDir = path.join(dataDir, UPLOADS);
  const staging = fs.mkdtempSync(path.join(dataDir, '.backup-'));
  try {
    const { dump, files } = await client.transaction(async (tx) => {
      // Holding PGlite's one transaction, every other query of the server waits until this returns.
      await tx.exec('CHECKPOINT');
      const dump = await client.dumpDataDir('none');
      const files = listFiles(uploadsDir);
      for (const file of files) {
        const target = path.join(staging, file);
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
        try {
          fs.linkSync(path.join(uploadsDir, file), target);
        } catch {
          fs.copyFileSync(path.join(uploadsDir, file), target);
        }
      }
      return { dump: Buffer.from(await dump.arrayBuffer()), files };
    });

    const partial = `${outFile}.partial`;
    const gzip = zlib.createGzip({ level: 6 });
    // The backup holds the database and the secret key: 0600 from its first byte.
    const done = pipeline(gzip, fs.createWriteStream(partial, { mode: PRIVATE_FILE }));
    const tar = new TarWriter(gzip);
    const sizes = files.map((file) => fs.statSync(path.join(staging, file)).size);
    const manifest: BackupManifest = {
      format: 1,
      created_at: new Date().toISOString(),
      database: DATABASE_ENTRY,
      uploads: files.length,
      upload_bytes: sizes.reduce((a, b) => a + b, 0),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add(MANIFEST, manifestBytes.length, manifestBytes);
    await tar.add(DATABASE_ENTRY, dump.length, dump);
    // Without its key the database's TOTP secrets cannot be read: the key travels with them.
    const keyFile = path.join(dataDir, SECRET_KEY_FILE);
    if (fs.existsSync(keyFile)) {
      const keyBytes = fs.readFileSync(keyFile);
      await tar.add(SECRET_KEY_FILE, keyBytes.length, keyBytes);
    }
    for (const [index, file] of files.entries()) {
      await tar.add(`${UPLOADS}/${file}`, sizes[index], fs.createReadStream(path.join(staging, file)));
    }
    await tar.finish();
    gzip.end();
    await done;
    fs.chmodSync(partial, PRIVATE_FILE);
    fs.renameSync(partial, outFile);
    return { file: outFile, bytes: fs.statSync(outFile).size, uploads: files.length };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export class RestoreRefusedError extends Error {}

/**
 * Rebuilds a DATA_DIR (database and uploads) from a backup. Refuses a DATA_DIR that already holds a
 * database or uploads: restoring never overwrites anything. The caller holds the DATA_DIR lock.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  const databaseDir = path.join(dataDir, 'pglite');
  const uploadsDir = path.join(dataDir, UPLOADS);
  for (const dir of [databaseDir, uploadsDir]) {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new RestoreRefusedError(`${dir} is not empty; restore into a new DATA_DIR (or move it aside first).`);
    }
  }
  let manifest: BackupManifest | null = null;
  let databaseRestored = false;
  let uploads = 0;
  const gunzip = fs.createReadStream(file).pipe(zlib.createGunzip());
  for await (const entry of readTar(gunzip)) {
    if (entry.name === MANIFEST) {
      manifest = JSON.parse(entry.content.toString('utf8')) as BackupManifest;
      if (manifest.format !== 1) throw new RestoreRefusedError(`Unknown backup format ${String(manifest.format)}.`);
    } else if (entry.name === DATABASE_ENTRY) {
      makePrivateDirSync(databaseDir);
      const client = await PGlite.create({
        dataDir: databaseDir,
        loadDataDir: new Blob([new Uint8Array(entry.content)]),
        extensions: PGLITE_EXTENSIONS,
      });
      await client.query('select 1');
      await client.close();
      databaseRestored = true;
    } else if (entry.name === SECRET_KEY_FILE) {
      const target = path.join(dataDir, SECRET_KEY_FILE);
      if (fs.existsSync(target) && !fs.readFileSync(target).equals(entry.content)) {
        throw new RestoreRefusedError(`${target} holds another key; restore into a new DATA_DIR.`);
      }
      makePrivateDirSync(dataDir);
      writePrivateFileSync(target, entry.content);
    } else if (entry.name.startsWith(`${UPLOADS}/`)) {
      const target = path.resolve(uploadsDir, entry.name.slice(UPLOADS.length + 1));
      if (!target.startsWith(path.resolve(uploadsDir) + path.sep))
        throw new RestoreRefusedError(`Bad name ${entry.name}.`);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
      writePrivateFileSync(target, entry.content);
      uploads += 1;
    }
  }
  if (!manifest || !databaseRestored) throw new RestoreRefusedError(`${file} is not a Sheepfold backup.`);
  if (uploads !== manifest.uploads) {
    throw new RestoreRefusedError(`The backup lists ${manifest.uploads} uploaded files but holds ${uploads}.`);
  }
  // Whatever the embedded database wrote while loading the dump: 0600 files in 0700 directories.
  restrictTree(dataDir);
  return manifest;
}
