/**
 * Lighthouse (mobile) on the missionary dashboard, two builds or more alternated in one run.
 *
 * One build's score spreads over 15 points from run to run on this shared machine, and the same
 * build scored 87 one day and 69 the next, so a change is judged only against the build before it,
 * measured in the same minutes: a server from each checkout (each with its own fresh embedded
 * database and bench:field's missionary and gifts), then round after round Lighthouse on each
 * dashboard in turn, the order flipped every round (the first audit of a pair scored ~4 points apart from the second by
 * position alone). Each audit uses a new browser profile that signs in first, as `bench:field` does.
 *
 * Run: BENCH_DIRS=/path/to/before,/path/to/after npm run bench:lighthouse-ab
 *      (each a checkout with `npm run build` done and node_modules present; BENCH_ROUNDS, default 5;
 *      BENCH_LH_REPORTS=dir keeps each report)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import {
  BENCH_ADMIN as ADMIN,
  createBenchMissionary,
  importBenchGifts,
  FIELD_MISSIONARY as MISSIONARY,
  startServedApp,
  stopServedApp,
} from './served-app';
import { median } from './support';

const DIRS = (process.env.BENCH_DIRS ?? '').split(',').filter(Boolean);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3700);

interface Audit {
  score: number;
  tbt: number;
  lcp: number;
}

/** Signs in with a new profile, then Lighthouse on the dashboard it lands on (storage kept). */
async function auditDashboard(port: number): Promise<Audit> {
  const lighthouse = (await import('lighthouse')).default;
  const base = `http://localhost:${port}`;
  const debugPort = port + 1000;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-lh-ab-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(MISSIONARY.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(MISSIONARY.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('No expense reports yet').first().waitFor({ timeout: 120_000 });
    const flags = {
      port: debugPort,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance'],
      disableStorageReset: true,
    };
    const result = await lighthouse(page.url(), flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${page.url()}`);
    if (process.env.BENCH_LH_REPORTS) {
      fs.mkdirSync(process.env.BENCH_LH_REPORTS, { recursive: true });
      const name = `dashboard-${port}-${Date.now()}.json`;
      fs.writeFileSync(path.join(process.env.BENCH_LH_REPORTS, name), JSON.stringify(result.lhr));
    }
    const { audits, categories } = result.lhr;
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      tbt: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (DIRS.length < 2) throw new Error('BENCH_DIRS: name two checkouts or more, comma-separated');
  const ports = DIRS.map((_, i) => FIRST_PORT + i * 10);
  const servers = [];
  try {
    for (const [i, dir] of DIRS.entries()) {
      const dataDir = path.join(os.tmpdir(), `sheepfold-lh-ab-data-${ports[i]}`);
      servers.push(await startServedApp({ port: ports[i], dataDir, admin: ADMIN, cwd: dir }));
      const base = `http://localhost:${ports[i]}`;
      // The same missionary and data as bench:field's, so both benches audit the same dashboard.
      const { adminToken } = await createBenchMissionary(base, ADMIN, MISSIONARY);
      await importBenchGifts(base, adminToken);
    }
    const audits: Audit[][] = DIRS.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? DIRS.map((_, i) => i) : DIRS.map((_, i) => DIRS.length - 1 - i);
      for (const i of order) {
        const audit = await auditDashboard(ports[i]);
        audits[i].push(audit);
        console.log(
          `round ${round + 1}, ${DIRS[i]}: ${audit.score} (TBT ${audit.tbt} ms, LCP ${audit.lcp} ms; load ${os.loadavg()[0].toFixed(1)})`,
        );
      }
    }
    console.log('\n| Build | Score, median (runs) | TBT median | LCP median |\n| --- | --- | --- | --- |');
    for (const [i, dir] of DIRS.entries()) {
      const of = (key: keyof Audit) => median(audits[i].map((audit) => audit[key]));
      const scores = audits[i].map((audit) => audit.score).join(', ');
      console.log(`| ${dir} | ${of('score')} (${scores}) | ${of('tbt')} ms | ${of('lcp')} ms |`);
    }
  } finally {
    for (const server of servers) await stopServedApp(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
