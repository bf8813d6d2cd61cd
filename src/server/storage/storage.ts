import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { makePrivateDir, writePrivateFile } from './private-files';

/**
 * Where uploaded files live. Keys are opaque; files are only ever served through an authorised API
 * route. Two backends (createStorage in create-storage.ts picks one): local disk under
 * DATA_DIR/uploads with PGlite, the database itself with a PostgreSQL server (decision 19).
 */
export interface Storage {
  put(prefix: string, filename: string, content: Buffer): Promise<string>;
  /** The file's bytes as a stream; rejects with StoredFileMissingError when there is no such file. */
  read(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}

export class StoredFileMissingError extends Error {}

/** The whole file in memory: for tests, backups and small files only (routes stream read()). */
export async function readStoredFile(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  return {
    async put(prefix, filename, content) {
      const key = path.posix.join(prefix, `${crypto.randomUUID()}-${filename}`);
      const full = resolve(key);
      await makePrivateDir(path.dirname(full));
      await writePrivateFile(full, content);
      return key;
    },
    async read(key) {
      const full = resolve(key);
      // Opened before answering, so a missing file is a 404 rather than a broken response.
      const handle = await fs.open(full, 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new StoredFileMissingError(key) : error;
      });
      return handle.createReadStream();
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
