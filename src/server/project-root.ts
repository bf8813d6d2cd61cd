import fs from 'node:fs';
import path from 'node:path';

/**
 * The directory holding the project's package.json, found by walking up from this module: the server
 * runs from src/server (tsx) and bundled into dist/server/main.mjs (`npm start`), at different depths.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}.`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
