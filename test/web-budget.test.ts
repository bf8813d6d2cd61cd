import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import {
  chunkReport,
  DAILY_SCREENS,
  entryKey,
  pageBudgets,
  readManifest,
  staticClosure,
} from '../scripts/build/web-budget';
import { cacheControlFor } from '../src/server/app';

/**
 * What a missionary's phone downloads. The web app is built here (into a scratch folder)
 * and its chunk graph measured: JavaScript gzipped for the login page ≤ 170 KiB and for the
 * missionary dashboard ≤ 220 KiB; every screen but login and "/" is a chunk of its own, loaded lazily.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const KiB = 1024;
let dist = '';

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-budget-'));
  // Vitest sets NODE_ENV=test, which would give React's development build; measure what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir: dist },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 180_000);

afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('web build budgets', () => {
  it('login page ≤ 170 KiB and missionary dashboard ≤ 220 KiB of JavaScript, gzipped', () => {
    const { login, missionaryDashboard } = pageBudgets(dist);
    // Over a budget, the message lists the dashboard's chunks to compare with the last build that fit.
    const chunks = () => `the dashboard's chunks, gzipped:\n${chunkReport(dist)}`;
    expect(login / KiB, login / KiB > 170 ? chunks() : 'login').toBeLessThanOrEqual(170);
    expect(missionaryDashboard / KiB, missionaryDashboard / KiB > 220 ? chunks() : 'dashboard').toBeLessThanOrEqual(
      220,
    );
    // The dashboard loads everything the login page does and more.
    expect(missionaryDashboard).toBeGreaterThan(login);
  });

  it('the missionary dashboard loads what it shares with other screens as one chunk, not dozens', () => {
    // 55 files before the "daily" chunk (scripts/build/daily-chunk.ts), 15 with it: each file more is a
    // request on the phone's link and a modulepreload link the page inserts.
    const manifest = readManifest(dist);
    const dashboard = staticClosure(manifest, [entryKey(manifest), ...DAILY_SCREENS]);
    expect(dashboard.size, [...dashboard].join('\n')).toBeLessThanOrEqual(20);
    expect([...dashboard].filter((key) => manifest[key]?.name === 'daily')).toHaveLength(1);
  });

  it('My Support, opened from its address, stays within the dashboard’s 220 KiB', () => {
    const { mySupport, login } = pageBudgets(dist);
    expect(mySupport / KiB).toBeLessThanOrEqual(220);
    expect(mySupport).toBeGreaterThan(login);
  });

  it('loads every screen but login and home lazily, never with the first page', () => {
    const manifest = readManifest(dist);
    const firstPage = staticClosure(manifest, [entryKey(manifest)]);
    const pages = fs
      .readdirSync(path.join(ROOT, 'src/web/pages'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /Page\.tsx$/.test(file) && !/(^|\/)(LoginPage|HomePage)\.tsx$/.test(file))
      .map((file) => `pages/${file.split(path.sep).join('/')}`);
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const chunk = Object.entries(manifest).find(([key, value]) => key === page || value.src === page);
      // A page no route uses would not be in the build at all; each one is reached through import().
      const lazy = chunk?.[1].isDynamicEntry === true || chunk === undefined;
      expect(lazy, `${page} is loaded lazily`).toBe(true);
      if (chunk) expect(firstPage.has(chunk[0]), `${page} is not in the first page's chunks`).toBe(false);
    }
    const staffPages = pages.filter((page) =>
      /Staff|Admin|Distribution|Donation|Denari|Hold|Users|UserProfile|CreateUser|Settings|Reports/.test(page),
    );
    expect(staffPages.length).toBeGreaterThan(10);
  });

  it('writes brotli and gzip beside each script and stylesheet, and they decode to the same bytes', () => {
    const assets = fs.readdirSync(path.join(dist, 'assets')).filter((file) => /\.(js|css)$/.test(file));
    expect(assets.length).toBeGreaterThan(20);
    // Every file has both copies; the largest few are decoded and compared.
    for (const file of assets) {
      if (fs.statSync(path.join(dist, 'assets', file)).size < 512) continue;
      expect(fs.existsSync(path.join(dist, 'assets', `${file}.br`)), `${file}.br`).toBe(true);
      expect(fs.existsSync(path.join(dist, 'assets', `${file}.gz`)), `${file}.gz`).toBe(true);
    }
    const largest = [...assets]
      .sort((a, b) => fs.statSync(path.join(dist, 'assets', b)).size - fs.statSync(path.join(dist, 'assets', a)).size)
      .slice(0, 5);
    for (const file of largest) {
      const body = fs.readFileSync(path.join(dist, 'assets', file));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets', `${file}.br`)))).toEqual(body);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'assets', `${file}.gz`)))).toEqual(body);
    }
  }, 120_000);
});

describe('cache headers of the built app', () => {
  it.each([
    // Hashed names change with their content: cached for a year, never revalidated.
    ['assets/index-D7iiObxU.js', 'public, max-age=31536000, immutable'],
    ['assets/index-D7iiObxU.js.br', 'public, max-age=31536000, immutable'],
    // Everything else is revalidated, so a new version shows at once.
    ['index.html', 'no-cache'],
    ['sw.js', 'no-cache'],
    ['manifest.webmanifest', 'no-cache'],
    ['favicon.svg', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});
