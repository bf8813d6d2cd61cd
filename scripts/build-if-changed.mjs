/**
 * `npm start` runs this before the server: it builds what `npm start` runs — the web app (Vite, into
 * dist/web) and the server (esbuild, one file dist/server/main.mjs) — only when that part's sources
 * changed since its last build, so a restart pays for neither a Vite build nor tsx compiling the
 * server on every start. "Changed" means the SHA-256 over the contents of every file the
 * build reads differs from the one written beside the build. Contents, not modification times: a
 * checkout that touches files without changing them does not rebuild. `--force` builds regardless;
 * `--web` builds only the web app. `npm run build` builds both (the Dockerfile and a deployment run
 * the same bundle as `npm start`).
 *
 * Plain JavaScript on purpose: it runs on every start, and starting tsx would cost more than the check.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED = ['src/domain', 'tsconfig.json', 'package-lock.json'];

const TARGETS = [
  {
    name: 'web app',
    sources: ['src/web', 'vite.config.ts', 'scripts/build', ...SHARED],
    output: 'dist/web/index.html',
    stamp: 'dist/.web-sources-hash',
    build: async () => {
      const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
      const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (result.status !== 0) process.exit(result.status ?? 1);
    },
  },
  {
    name: 'server',
    sources: ['src/server', ...SHARED],
    output: 'dist/server/main.mjs',
    stamp: 'dist/.server-sources-hash',
    // Packages stay in node_modules (PGlite finds its files there); only our own modules are bundled.
    build: async () => {
      const esbuild = await import('esbuild');
      await esbuild.build({
        entryPoints: [path.join(ROOT, 'src/server/main.ts')],
        outfile: path.join(ROOT, 'dist/server/main.mjs'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        sourcemap: true,
        logLevel: 'warning',
      });
    },
  },
];

/** Every file under the sources, in a stable order (relative paths, sorted), tests included. */
function sourceFiles(sources) {
  const files = [];
  const walk = (relative) => {
    const absolute = path.join(ROOT, relative);
    if (!fs.existsSync(absolute)) return;
    if (fs.statSync(absolute).isDirectory()) {
      for (const name of fs.readdirSync(absolute)) walk(path.join(relative, name));
    } else {
      files.push(relative.split(path.sep).join('/'));
    }
  };
  for (const source of sources) walk(source);
  return files.sort();
}

function sourcesHash(sources) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(sources)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

async function buildIfChanged(target, force) {
  const stamp = path.join(ROOT, target.stamp);
  const current = sourcesHash(target.sources);
  const built =
    fs.existsSync(stamp) && fs.existsSync(path.join(ROOT, target.output))
      ? fs.readFileSync(stamp, 'utf8').trim()
      : null;
  if (!force && built === current) return;
  console.log(built ? `Sources of the ${target.name} changed: building it…` : `Building the ${target.name}…`);
  await target.build();
  fs.writeFileSync(stamp, `${current}\n`);
}

const force = process.argv.includes('--force');
const only = process.argv.includes('--web') ? ['web app'] : TARGETS.map((target) => target.name);
for (const target of TARGETS) if (only.includes(target.name)) await buildIfChanged(target, force);
