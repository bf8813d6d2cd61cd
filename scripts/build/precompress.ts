import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

/** Writes `file.br` and `file.gz` beside `file` when they are smaller; returns how many files were compressed. */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    // Vite's manifest (.vite/) is for the build's own tests, never served.
    if (entry.parentPath.includes(`${path.sep}.vite`)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    if (body.length < 512) continue;
    const brotli = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (brotli.length < body.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip);
    count++;
  }
  return count;
}

/**
 * Compresses the built web app once, at build time, at the highest levels: the server
 * sends `.br` or `.gz` by the request's Accept-Encoding and never compresses per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sheepfold-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDirectory(outDir);
      },
    },
  };
}
