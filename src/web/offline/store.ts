/**
 * A few lines over raw IndexedDB (no library: the phone downloads every byte). Two stores:
 * `outbox` — creates made without a connection, in the order they were made (auto-increment `seq`);
 * `cache` — the last answer of the reads a draft needs offline (the report, categories, settings).
 */
const DB_NAME = 'sheepfold-offline';
const VERSION = 1;
export const OUTBOX = 'outbox';
export const CACHE = 'cache';
/** The window event fired whenever the outbox changes (offline/outbox.ts). */
export const OUTBOX_CHANGED = 'sheepfold-outbox-changed';

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: 'seq', autoIncrement: true });
      if (!db.objectStoreNames.contains(CACHE)) db.createObjectStore(CACHE, { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error);
    };
  });
  return opening;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function store(name: string, mode: IDBTransactionMode) {
  return (await database()).transaction(name, mode).objectStore(name);
}

export async function putRecord<T>(name: string, value: T): Promise<IDBValidKey> {
  return done((await store(name, 'readwrite')).put(value));
}

export async function getRecord<T>(name: string, key: IDBValidKey): Promise<T | undefined> {
  return done((await store(name, 'readonly')).get(key)) as Promise<T | undefined>;
}

/** Every record in key order (for the outbox: the order the user made them). */
export async function allRecords<T>(name: string): Promise<T[]> {
  return done((await store(name, 'readonly')).getAll()) as Promise<T[]>;
}

export async function deleteRecord(name: string, key: IDBValidKey): Promise<void> {
  await done((await store(name, 'readwrite')).delete(key));
}
