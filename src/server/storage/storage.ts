import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are opaque; files are only ever served through an authorised API
 * route. Local disk under DATA_DIR/uploads today; an S3-compatible bucket can implement the same.
 */
export interface Storage {
  put(prefix: string, filename: string, content: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
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
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, content);
      return key;
    },
    get: (key) => fs.readFile(resolve(key)),
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
