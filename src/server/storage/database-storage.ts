import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';
import { type Storage, StoredFileMissingError } from './storage';

/**
 * 256 KiB: a 5 MB receipt is 20 rows. Each piece is a view of the upload's buffer on the way in
 * and one row at a time on the way out, so a file is never copied whole a second time.
 */
export const STORED_FILE_CHUNK_BYTES = 256 * 1024;

/**
 * Files in PostgreSQL (decision 19, docs/decisions.md): every app process on the database sees every file,
 * nothing lives on an app node's disk, and the database's backups hold the receipts too.
 */
export function createDatabaseStorage(db: Db): Storage {
  return {
    async put(prefix, filename, content) {
      const key = path.posix.join(prefix, `${crypto.randomUUID()}-${filename}`);
      const chunkCount = Math.ceil(content.length / STORED_FILE_CHUNK_BYTES);
      await db.transaction(async (tx) => {
        await tx.insert(storedFiles).values({ key, sizeBytes: content.length, chunkCount });
        for (let seq = 0; seq < chunkCount; seq++) {
          const start = seq * STORED_FILE_CHUNK_BYTES;
          const data = content.subarray(start, start + STORED_FILE_CHUNK_BYTES);
          await tx.insert(storedFileChunks).values({ key, seq, data });
        }
      });
      return key;
    },
    async read(key) {
      const [file] = await db
        .select({ chunkCount: storedFiles.chunkCount })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      if (!file) throw new StoredFileMissingError(key);
      async function* chunks() {
        for (let seq = 0; seq < file.chunkCount; seq++) {
          const [row] = await db
            .select({ data: storedFileChunks.data })
            .from(storedFileChunks)
            .where(and(eq(storedFileChunks.key, key), eq(storedFileChunks.seq, seq)));
          if (!row) throw new StoredFileMissingError(`${key} (piece ${seq})`);
          yield toBuffer(row.data);
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    async delete(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}

/** node-postgres gives bytea as a Buffer; PGlite as a Uint8Array. */
function toBuffer(data: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
