import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { allFlagsReviewed } from '../src/domain/distributions/review';
import { layoutShiftSinceLoad, SCREENSHOTS } from './support';

/**
 * First run: a new organisation on its own fresh DATA_DIR (its own server, on a free port):
 * the first-run admin box stays the last thing on the console however many requests come in, HEAD
 * answers on the app's pages, and the admin dashboard's setup checklist ticks itself step by step and
 * disappears once the first MAT Day is approved.
 */
test.describe.configure({ mode: 'serial' });

const DATA_DIR = `.tmp/e2e-first-run-${process.pid}`;
let server: ChildProcess;
let output = '';
let base = '';
let password = '';

test.beforeAll(async () => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR, LOG_LEVEL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await expect
    .poll(() => /This password is shown only once/.test(output), { timeout: 90_000, message: output })
    .toBe(true);
  base = /Sheepfold is ready on (http:\/\/localhost:\d+)/.exec(output)![1];
  password = /password: (\S+)/.exec(output)![1];
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

/** The last few lines on the console. */
const lastLines = (count: number) =>
  output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-count);

async function signIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@sheepfold.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Welcome!')).toBeVisible();
  return page;
}

const checklist = (page: Page) => page.getByRole('region', { name: 'Getting started' });
const step = (page: Page, key: string) => checklist(page).locator(`[data-step="${key}"]`);

/** The signed-in admin's api token, from the session cookie. */
const tokenOf = (page: Page) =>
  page.evaluate(() => decodeURIComponent(document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? ''));

async function api(page: Page, method: string, url: string, data?: unknown) {
  const response = await page.request.fetch(`${base}/api${url}`, {
    method,
    headers: { 'api-token': await tokenOf(page) },
    data,
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return response.json();
}

test('the first-run password stays on screen, and HEAD answers like GET', async ({ request }) => {
  // The first-run box comes last: the password is among the last lines, after the start-up summary.
  await expect.poll(() => output.includes('Change Password')).toBe(true);
  expect(output.indexOf('Sheepfold is ready on')).toBeLessThan(output.indexOf('First run: created the admin account'));
  expect(lastLines(4).join('\n')).toContain(`password: ${password}`);
  const shown = output;
  for (const url of ['/api/health', '/login', '/api/settings', '/admin/dashboard', '/api/no-such-route']) {
    await request.get(`${base}${url}`);
  }
  const head = await request.head(`${base}/login`);
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toMatch(/^text\/html/);
  expect(await head.text()).toBe('');
  // Quiet by default: none of those requests wrote a line, so the box is still what the console ends with.
  expect(output).toBe(shown);
});

test('the setup checklist ticks itself and disappears after the first MAT Day', async ({ browser }) => {
  const page = await signIn(browser);
  await page.goto('/admin/dashboard');
  await expect(checklist(page)).toContainText('0 of 6 done');
  await expect(checklist(page).locator('[data-done="true"]')).toHaveCount(0);
  // Loaded with a stored session, the menu and the cards above the queue arrive without moving the
  // page: each used to push it (by the menu's width, then by the checklist's height), 0.36 in all.
  await expect(page.getByRole('heading', { name: 'Ledger check' })).toBeVisible();
  expect(await layoutShiftSinceLoad(page)).toBeLessThan(0.1);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });

  // Categories: the offer on the card.
  await step(page, 'categories').getByRole('button', { name: 'Add default categories' }).click();
  await expect(page.getByText(/Added \d+ default categories/)).toBeVisible();
  await expect(step(page, 'categories')).toHaveAttribute('data-done', 'true');
  await expect(checklist(page)).toContainText('1 of 6 done');

  // Settings: reviewed and saved on their page; the card has ticked it when the dashboard is back.
  await step(page, 'settings').getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Mileage Reimbursement ($ per mile)').fill('0.67');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(/updated/i).first()).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(step(page, 'settings')).toHaveAttribute('data-done', 'true');

  // The first missionary, then payroll info through the step's own link to that profile.
  const ruth = await api(page, 'POST', '/user', {
    name: 'Ruth First',
    email: 'ruth.first@example.org',
    role: 'missionary',
    missionary_number: 'FR-001',
    password: 'pass-word-1',
  });
  await page.reload();
  await expect(step(page, 'missionary')).toHaveAttribute('data-done', 'true');
  await expect(step(page, 'payroll').getByRole('link', { name: 'Payroll Info' })).toHaveAttribute(
    'href',
    `/admin/user/${ruth.id}/profile`,
  );
  await expect(checklist(page)).toContainText('3 of 6 done');
  await page.screenshot({ path: `${SCREENSHOTS}/setup-checklist-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/setup-checklist-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await api(page, 'POST', `/user/${ruth.id}`, { tax_status: '1099', net_salary: '1500.00' });
  await page.reload();
  await expect(step(page, 'payroll')).toHaveAttribute('data-done', 'true');

  // The first donation file and the first MAT Day.
  const imported = await page.request.post(`${base}/api/donation/denari-upload`, {
    headers: { 'api-token': await tokenOf(page) },
    multipart: {
      upload_name: 'October 2026',
      denari: {
        name: 'october.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Fund,Account #,Amount\n,FR-001,2000.00\n'),
      },
    },
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  await page.reload();
  await expect(step(page, 'donations')).toHaveAttribute('data-done', 'true');
  await expect(checklist(page)).toContainText('5 of 6 done');
  const distribution = await api(page, 'POST', '/distribution', {
    user_id: ruth.id,
    start_date: '2026-10-01',
    end_date: '2026-10-31',
    donation_upload_name: 'October 2026',
    hold_account_transactions: [],
    advance_requests: [],
  });
  await api(page, 'POST', '/batch-approve', {
    distribution_ids: [distribution.id],
    reviewed: allFlagsReviewed([distribution]),
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Expense Reports', level: 1 })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});
