import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The screens a signed-in missionary's phone opens first: the dashboard, the menu drawer and the
 * message bar. The dashboard's budget measures them, and they share one chunk (daily-chunk.ts).
 */
export const DAILY_SCREENS = [
  'pages/expenses/MissionaryDashboardPage.tsx',
  'shell/MenuDrawer.tsx',
  'shell/MessageBar.tsx',
];

/** One chunk of Vite's build manifest (`build.manifest: true`). */
export interface ManifestChunk {
  file: string;
  /** The chunk's name: its screen's file name, or a group's name such as "daily". */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The chunk files a page downloads before it runs: the given chunks and all they import statically. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** Gzipped bytes (zlib's default level, as servers and Vite's report use) of those chunks' JavaScript. */
export function gzippedBytes(distDir: string, manifest: Manifest, keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) total += zlib.gzipSync(fs.readFileSync(path.join(distDir, manifest[key].file))).length;
  return total;
}

export function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  return entry[0];
}

/**
 * JavaScript each measured page downloads, gzipped: the login page (the entry and its static imports)
 * and the missionary dashboard (that plus the chunks a signed-in missionary's dashboard loads: the
 * page, the menu drawer, the message bar that says "Welcome!", and their imports).
 */
export function pageBudgets(distDir: string): { login: number; missionaryDashboard: number; mySupport: number } {
  const { manifest, login, dashboard } = measuredPages(distDir);
  // My Support opened straight from its address: the first page, the menu and the page's own chunk,
  // chart included (it travels in that chunk, loaded only when the page is opened).
  const mySupport = staticClosure(manifest, [
    entryKey(manifest),
    'pages/support/MySupportPage.tsx',
    'shell/MenuDrawer.tsx',
    'shell/MessageBar.tsx',
  ]);
  return {
    login: gzippedBytes(distDir, manifest, login),
    missionaryDashboard: gzippedBytes(distDir, manifest, dashboard),
    mySupport: gzippedBytes(distDir, manifest, mySupport),
  };
}

function measuredPages(distDir: string) {
  const manifest = readManifest(distDir);
  const entry = entryKey(manifest);
  const login = staticClosure(manifest, [entry]);
  const dashboard = staticClosure(manifest, [entry, ...DAILY_SCREENS]);
  return { manifest, login, dashboard };
}

/**
 * The dashboard's chunks, largest first, each with its gzipped KiB and whether the login page loads it
 * too: what to compare between two builds when a budget is missed (docs/performance.md, "One chunk
 * for the missionary's day").
 */
export function chunkReport(distDir: string): string {
  const { manifest, login, dashboard } = measuredPages(distDir);
  return [...dashboard]
    .map((key) => ({ key, bytes: gzippedBytes(distDir, manifest, [key]) }))
    .sort((a, b) => b.bytes - a.bytes)
    .map(
      ({ key, bytes }) =>
        `${(bytes / 1024).toFixed(2).padStart(7)} KiB ${login.has(key) ? 'login+dashboard' : 'dashboard'} ${key}`,
    )
    .join('\n');
}
