import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { storedFileChunks } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/harness';
import { createStorage } from './create-storage';
import { createDatabaseStorage, STORED_FILE_CHUNK_BYTES } from './database-storage';
import { createLocalStorage, readStoredFile, type Storage, StoredFileMissingError } from './storage';

let t: TestApp;
let localRoot: string;
beforeAll(async () => {
  t = await createTestApp();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-storage-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

// Both backends on the test database (the database one runs on PGlite and on PostgreSQL alike).
const backends: [string, () => Storage][] = [
  ['local disk', () => createLocalStorage(localRoot)],
  ['database', () => createDatabaseStorage(t.ctx.db)],
];

describe.each(backends)('%s storage', (_name, make) => {
  it.each([
    ['empty', 0],
    ['one byte', 1],
    ['exactly one piece', STORED_FILE_CHUNK_BYTES],
    ['one piece and a byte', STORED_FILE_CHUNK_BYTES + 1],
    ['a 5 MB receipt', 5 * 1024 * 1024],
  ])('gives back %s (%i bytes) byte for byte, then forgets it', async (_label, size) => {
    const storage = make();
    const content = crypto.randomBytes(size);
    const key = await storage.put('receipts/7/9', 'scan.pdf', content);
    expect(key).toMatch(/^receipts\/7\/9\/[0-9a-f-]{36}-scan\.pdf$/);
    expect((await readStoredFile(storage, key)).equals(content)).toBe(true);
    await storage.delete(key);
    await expect(storage.read(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    await storage.delete(key); // deleting twice is harmless
  });

  it('keeps two files with the same name apart', async () => {
    const storage = make();
    const first = await storage.put('receipts/1/1', 'a.jpg', Buffer.from('first'));
    const second = await storage.put('receipts/1/1', 'a.jpg', Buffer.from('second'));
    expect(first).not.toBe(second);
    expect((await readStoredFile(storage, first)).toString()).toBe('first');
    expect((await readStoredFile(storage, second)).toString()).toBe('second');
  });

  it('streams a missing key as StoredFileMissingError, never a partial answer', async () => {
    await expect(make().read('receipts/0/0/nothing.pdf')).rejects.toBeInstanceOf(StoredFileMissingError);
  });
});

describe('database storage', () => {
  it('stores a file in pieces of at most 256 KiB and removes them with the file', async () => {
    const storage = createDatabaseStorage(t.ctx.db);
    const content = crypto.randomBytes(STORED_FILE_CHUNK_BYTES * 2 + 10);
    const key = await storage.put('receipts/2/2', 'big.png', content);
    const pieces = await t.ctx.db.select().from(storedFileChunks).where(eq(storedFileChunks.key, key));
    expect(pieces.map((piece) => piece.data.length).sort((a, b) => b - a)).toEqual([
      STORED_FILE_CHUNK_BYTES,
      STORED_FILE_CHUNK_BYTES,
      10,
    ]);
    await storage.delete(key);
    expect(await t.ctx.db.select().from(storedFileChunks).where(eq(storedFileChunks.key, key))).toEqual([]);
  });
});

describe('createStorage', () => {
  it('keeps files on disk under DATA_DIR/uploads with PGlite and in the database with PostgreSQL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-storage-'));
    const onPglite = createStorage({ db: t.ctx.db, kind: 'pglite' }, dataDir);
    const key = await onPglite.put('receipts/3/3', 'r.pdf', Buffer.from('%PDF-'));
    expect(fs.readFileSync(path.join(dataDir, 'uploads', key)).toString()).toBe('%PDF-');

    const onPostgres = createStorage({ db: t.ctx.db, kind: 'postgres' }, dataDir);
    const inDatabase = await onPostgres.put('receipts/3/3', 'r.pdf', Buffer.from('%PDF-1'));
    expect(fs.existsSync(path.join(dataDir, 'uploads', inDatabase))).toBe(false);
    expect((await readStoredFile(onPostgres, inDatabase)).toString()).toBe('%PDF-1');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
