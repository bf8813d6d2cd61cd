/**
 * Field-link benchmark: how long a missionary on a slow, far-away link waits.
 *
 * Builds the web app (BENCH_SKIP_BUILD=1 to reuse dist/web), starts the real server on a fresh
 * embedded database, creates a missionary through the API, then drives Debian's Chromium under CDP
 * network emulation — 750 kb/s down, 250 kb/s up, 100 ms round trip — with the CPU slowed 4×:
 *
 *   login, cold   a fresh browser profile opens /login; timed until the Login button can be pressed;
 *   dashboard     signing in from there; timed until the dashboard shows the unreimbursed amount and
 *                 the report history;
 *   login, warm   the same profile (HTTP cache and service worker kept) signs out and opens /login;
 *   My Support    the signed-in missionary opens /support/{id} (two years of gifts, donor names
 *                 shown); timed until its chart and month table are drawn;
 *   dashboard, warm  the same profile reloads the dashboard while signed in; My Support likewise.
 *
 * Each figure is the median of BENCH_RUNS runs (default 3; a cold run uses a new profile). Then
 * Lighthouse (mobile preset) scores the login page and the signed-in missionary dashboard, reports
 * whether the app is installable (a manifest and a service worker that controls the page), and
 * (desktop preset) scores the admin's dashboard: BENCH_LH_RUNS times (default 3), each in a new
 * profile, printing each page's median run and every run's score.
 *
 * Run: npm run bench:field   (BENCH_PORT, BENCH_RUNS, BENCH_LH_RUNS, BENCH_SKIP_BUILD, BENCH_SKIP_LIGHTHOUSE=1,
 *      BENCH_LH_REPORTS=dir to keep each Lighthouse report)
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { pageBudgets } from '../scripts/build/web-budget';
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

const PORT = Number(process.env.BENCH_PORT ?? process.env.PORT ?? 3414);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.resolve('.tmp/bench-field');
/** The field link: bytes per second from kilobits per second. */
const LINK = { latency: 100, downloadThroughput: (750 * 1000) / 8, uploadThroughput: (250 * 1000) / 8 };
const CPU_SLOWDOWN = 4;

async function createMissionary(): Promise<void> {
  const { id, adminToken } = await createBenchMissionary(BASE, ADMIN, MISSIONARY);
  missionaryId = id;
  await importBenchGifts(BASE, adminToken);
}

let missionaryId = 0;

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

const loginUsable = (page: Page) =>
  page.getByRole('button', { name: 'Login' }).waitFor({ state: 'visible', timeout: 120_000 });

async function dashboardUsable(page: Page): Promise<void> {
  await page.getByText(/Unreimbursed Amount: \$/).waitFor({ timeout: 120_000 });
  await page.getByText('No expense reports yet').first().waitFor({ timeout: 120_000 });
}

/** My Support is usable once its chart and its month list (cards on a phone, 10 a page) are drawn. */
async function supportUsable(page: Page): Promise<void> {
  await page.getByRole('img', { name: /Giving per month from/ }).waitFor({ timeout: 120_000 });
  await page.getByText(/^1–10 of \d+$/).waitFor({ timeout: 120_000 });
}

async function signIn(page: Page, who: { email: string; password: string } = MISSIONARY): Promise<void> {
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

interface Run {
  loginCold: number;
  dashboardCold: number;
  supportCold: number;
  loginWarm: number;
  dashboardWarm: number;
  supportWarm: number;
}

async function oneRun(): Promise<Run> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-field-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await throttle(page);
    const loginCold = await timed(async () => {
      await page.goto(`${BASE}/login`, { waitUntil: 'commit' });
      await loginUsable(page);
    });
    const dashboardCold = await timed(async () => {
      await signIn(page);
      await dashboardUsable(page);
    });
    // My Support opened from its address: the page's chunk and its data come over the link.
    const supportCold = await timed(async () => {
      await page.goto(`${BASE}/support/${missionaryId}`, { waitUntil: 'commit' });
      await supportUsable(page);
    });
    // Let a service worker finish installing, as it would while the missionary reads the page.
    await settleServiceWorker(context);
    const supportWarm = await timed(async () => {
      await page.reload({ waitUntil: 'commit' });
      await supportUsable(page);
    });
    await page.goto(`${BASE}/`, { waitUntil: 'commit' });
    await dashboardUsable(page);
    const dashboardWarm = await timed(async () => {
      await page.reload({ waitUntil: 'commit' });
      await dashboardUsable(page);
    });
    await page.evaluate(() => localStorage.clear());
    const loginWarm = await timed(async () => {
      await page.goto(`${BASE}/login`, { waitUntil: 'commit' });
      await loginUsable(page);
    });
    return { loginCold, dashboardCold, supportCold, loginWarm, dashboardWarm, supportWarm };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function settleServiceWorker(context: BrowserContext): Promise<void> {
  const page = context.pages()[0];
  await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return;
    await Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  });
}

/** One row of Lighthouse's layout-shifts audit. */
type ShiftItem = { score: number; node?: { snippet?: string; selector?: string } };

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One Lighthouse audit of one page, as printed: the scores, the metrics and what to mend. */
interface PageAudit {
  performance: number;
  text: string;
}

/**
 * Lighthouse's scores of the three first screens, BENCH_LH_RUNS times (default 3), each time in a new
 * browser profile as the first time: one audit's performance score moves by 5–10 points from run to
 * run on a shared machine, and Lighthouse's own advice is the median of several runs. Prints each
 * page's median run with every run's score.
 */
async function lighthouseScores(): Promise<void> {
  let lighthouse: typeof import('lighthouse').default;
  try {
    lighthouse = (await import('lighthouse')).default;
  } catch {
    console.log('Lighthouse is not installed; skipped.');
    return;
  }
  const pages = ['Lighthouse (mobile) login:    ', 'Lighthouse (mobile) dashboard:', 'Lighthouse (desktop) admin:   '];
  const runs: PageAudit[][] = pages.map(() => []);
  let installable = '';
  for (let run = 0; run < LH_RUNS; run++) {
    const audits = await lighthouseRun(lighthouse, run);
    for (const [i, audit] of audits.entries()) runs[i]?.push(audit.audit);
    installable ||= audits.find((audit) => audit.installable)?.installable ?? '';
  }
  for (const [i, label] of pages.entries()) {
    const audits = [...(runs[i] ?? [])].sort((a, b) => a.performance - b.performance);
    const middle = audits[Math.floor(audits.length / 2)];
    if (!middle) continue;
    const each = runs[i]?.map((audit) => audit.performance).join(', ');
    console.log(`${label} performance ${middle.performance} (runs: ${each}), ${middle.text}`);
  }
  console.log(`Installable (PWA):             ${installable}`);
}

/** One run: a new profile audits the login page, signs the missionary in, then the admin. */
async function lighthouseRun(
  lighthouse: typeof import('lighthouse').default,
  run: number,
): Promise<{ audit: PageAudit; installable?: string }[]> {
  const port = PORT + 1000;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const audit = async (url: string, preset?: 'desktop'): Promise<PageAudit> => {
      const flags = {
        port,
        output: 'json' as const,
        logLevel: 'error' as const,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Keep the signed-in session (local storage) that the dashboard needs.
        disableStorageReset: true,
      };
      const config = preset ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
      const result = await lighthouse(url, flags, config);
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      // BENCH_LH_REPORTS=dir keeps each full report (long tasks, script costs) to read what to mend.
      if (process.env.BENCH_LH_REPORTS) {
        fs.mkdirSync(process.env.BENCH_LH_REPORTS, { recursive: true });
        const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${preset ?? 'mobile'}-${run + 1}.json`;
        fs.writeFileSync(path.join(process.env.BENCH_LH_REPORTS, name), JSON.stringify(result.lhr, null, 1));
      }
      const { categories } = result.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      // The metrics behind the performance score, and any audit below full marks outside it, so a
      // low score says what to mend.
      const audits = result.lhr.audits;
      const metric = (key: string) => audits[key]?.displayValue ?? '?';
      const metrics = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`;
      const failing = (categories['best-practices']?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      // Which elements moved, when the page shifts more than Lighthouse's "good" 0.1.
      const shifts = ((audits['layout-shifts']?.details as { items?: ShiftItem[] } | undefined)?.items ?? [])
        .filter(() => (audits['cumulative-layout-shift']?.numericValue ?? 0) > 0.1)
        .slice(0, 3)
        .map((item) => `\n    shifted ${item.score.toFixed(3)}: ${item.node?.snippet ?? item.node?.selector ?? '?'}`)
        .join('');
      if (shifts) failing.push(shifts);
      const flagged = failing.length > 0 ? `\n    best practices below full marks: ${failing.join(', ')}` : '';
      return {
        performance: score('performance'),
        text: `accessibility ${score('accessibility')}, best practices ${score('best-practices')}\n    ${metrics}${flagged}`,
      };
    };
    const login = await audit(`${BASE}/login`);
    await page.goto(`${BASE}/login`);
    await signIn(page);
    await dashboardUsable(page);
    const dashboardUrl = page.url();
    const dashboard = await audit(dashboardUrl);
    let installable: string | undefined;
    if (run === 0) {
      await page.goto(dashboardUrl);
      await dashboardUsable(page);
      installable = await installability(page);
    }
    // The office's first screen, at a desk: the admin signed in instead of the missionary.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${BASE}/login`);
    await signIn(page, ADMIN);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    const admin = await audit(page.url(), 'desktop');
    return [{ audit: login }, { audit: dashboard, installable }, { audit: admin }];
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** What Chromium itself says about installing the page (Page.getInstallabilityErrors) and its service worker. */
async function installability(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  const controlled = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return false;
    await Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    return (
      navigator.serviceWorker.controller !== null || (await navigator.serviceWorker.getRegistration()) !== undefined
    );
  });
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
  const problems = installabilityErrors.map((error) => error.errorId);
  if (!manifest.url) problems.push('no manifest');
  if (!controlled) problems.push('no service worker');
  return problems.length === 0 ? 'yes (manifest, service worker)' : `no: ${problems.join(', ')}`;
}

async function main(): Promise<void> {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build', { stdio: 'inherit' });
  const server = await startServedApp({ port: PORT, dataDir: DATA_DIR, admin: ADMIN });
  try {
    await createMissionary();
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await oneRun();
      console.log(
        `run ${i + 1}: login ${seconds(run.loginCold)} cold / ${seconds(run.loginWarm)} warm, ` +
          `dashboard ${seconds(run.dashboardCold)} cold / ${seconds(run.dashboardWarm)} warm, ` +
          `My Support ${seconds(run.supportCold)} cold / ${seconds(run.supportWarm)} warm`,
      );
      runs.push(run);
    }
    const pick = (key: keyof Run) => seconds(median(runs.map((run) => run[key])));
    console.log(`\nField link (750/250 kb/s, 100 ms RTT, CPU 4× slower), median of ${RUNS}:`);
    console.log('| | cold | warm |\n| --- | --- | --- |');
    console.log(`| login form usable | ${pick('loginCold')} | ${pick('loginWarm')} |`);
    console.log(
      `| missionary dashboard after sign-in | ${pick('dashboardCold')} | ${pick('dashboardWarm')} (reload) |`,
    );
    console.log(`| My Support, 24 months of gifts | ${pick('supportCold')} | ${pick('supportWarm')} (reload) |`);
    const js = pageBudgets(path.resolve('dist/web'));
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(
      `JavaScript, gzipped: login ${kib(js.login)}, dashboard ${kib(js.missionaryDashboard)}, My Support ${kib(js.mySupport)}`,
    );
    if (!process.env.BENCH_SKIP_LIGHTHOUSE) await lighthouseScores();
  } finally {
    await stopServedApp(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
