import { ApiError } from '../api/client';
import { CACHE, getRecord, putRecord } from './store';

/**
 * A read a draft needs offline (the report, the categories, the settings): each answer is kept in
 * IndexedDB, and when the server cannot be reached at all the last kept answer is used. Any answer
 * from the server (an error included) wins over the copy.
 */
export async function withOfflineCopy<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const value = await read();
    putRecord(CACHE, { key, value }).catch(() => undefined);
    return value;
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      const copy = await getRecord<{ value: T }>(CACHE, key).catch(() => undefined);
      if (copy) return copy.value;
    }
    throw error;
  }
}
