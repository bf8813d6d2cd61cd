import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { allFlagsReviewed } from '../src/domain/distributions/review';
import {
  apiCall,
  apiToken,
  createUserViaApi,
  E2E_ADMIN,
  expectAccessible,
  loginAs,
  screenshots,
  signInAsNewUser,
} from './support';

/**
 * Accounting presets (docs/reports.md "Accounting presets"): an admin maps accounts in Accounting
 * Settings, previews the month's journal on Report Downloads and downloads it for QuickBooks Online
 * and Xero. Each file is read back here with csv-parse (and Debian's unzip for a zip of Xero parts),
 * grouped the way the package groups rows, never with the app's own readers.
 */

const stamp = Date.now();
const suffix = String(stamp).slice(-6);
// This month up to today: the card's range starts on this month, and the MAT date is the end date.
const today = new Date().toISOString().slice(0, 10);
const NAME = `Priscilla Ledger ${suffix}`;
const MISSIONARY_NUMBER = `ACP-${suffix}`;

async function approvedDistribution(request: APIRequestContext): Promise<number> {
  const admin = await apiToken(request);
  const missionary = await createUserViaApi(request, admin, {
    name: NAME,
    email: `priscilla.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: MISSIONARY_NUMBER,
  });
  await apiCall(request, admin, 'POST', `/user/${missionary.id}`, {
    net_salary: '1500.00',
    retirement_amount: '75.00',
    tax_status: '1099',
    fund_balance: '4000.00',
  });
  const created = await request.post('/api/distribution', {
    headers: { 'api-token': admin },
    data: {
      user_id: missionary.id,
      start_date: `${today.slice(0, 8)}01`,
      end_date: today,
      hold_account_transactions: [],
      advance_requests: [],
      comments: 'Presets MAT Day',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const distribution = await created.json();
  const approved = await apiCall(request, admin, 'POST', '/batch-approve', {
    distribution_ids: [distribution.id],
    reviewed: allFlagsReviewed([distribution]),
  });
  expect(approved.approved).toEqual([distribution.id]);
  return distribution.id;
}

async function savedDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), file };
}

/** "1,234.50" or "-12.34" → cents, refusing anything that is not an amount. */
function cents(text: string): number {
  if (text === '') return 0;
  expect(text).toMatch(/^-?\d+(\.\d{1,2})?$/);
  return Math.round(Number(text) * 100);
}

type Row = Record<string, string>;

/** Groups rows by a key as the package does, and names every group whose amounts do not sum to zero. */
function unbalanced(rows: Row[], keyOf: (row: Row) => string, amountOf: (row: Row) => number) {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + amountOf(row));
  return [...sums].filter(([, sum]) => sum !== 0).map(([key]) => key);
}

let distributionId: number;
test.beforeAll(async ({ request }) => {
  distributionId = await approvedDistribution(request);
});

test('an admin maps accounts, previews the journal and downloads it for QuickBooks Online and Xero', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('link', { name: 'Accounting Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Accounting Settings', level: 1 })).toBeVisible();
  await expect(page.getByText(/Not mapped yet/)).toBeVisible();

  const map = async (kind: string, number: string, name: string) => {
    await page.getByLabel(`${kind}: account number`).fill(number);
    await page.getByLabel(`${kind}: account name`).fill(name);
  };
  await map('Missionary funds', '2610', 'Missionary Support Funds');
  await map('Bank clearing', '1010', 'Operating Checking');
  await map('Retirement', '2150', '403(b) Payable');
  await page.getByLabel('Per-missionary dimension').fill('Missionary');
  await page.getByRole('button', { name: 'Save Accounting Settings' }).click();
  await expect(page.getByText(/Accounting settings saved\. Still unmapped: Hold accounts/)).toBeVisible();
  await expect(page.getByText(/Not mapped yet \(7 of 10\)/)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'accounting-settings');

  await menu.getByRole('link', { name: 'Report Downloads' }).click();
  const card = page.locator('.MuiPaper-root', {
    has: page.getByRole('heading', { name: 'Journal for Accounting Software' }),
  });
  await expect(card.getByLabel('Layout')).toContainText('QuickBooks Online');
  const totals = card.getByRole('table', { name: 'Totals per account' });
  await expect(totals).toContainText('2610 Missionary Support Funds');
  await expect(card.getByRole('table', { name: /^First \d+ entr/ })).toContainText('JournalNo');
  await expect(card.getByText(/Not mapped: Hold accounts/)).toBeVisible();
  await expect(card.getByRole('status')).toContainText('debits');
  // At 1280 px the layout and both dates share a row, each wide enough to read, and the page does not
  // scroll sideways (the layout once took the whole row and pushed the dates out of the card).
  for (const label of ['Dated From', 'Dated To']) {
    expect((await card.getByLabel(label).boundingBox())?.width ?? 0, label).toBeGreaterThan(150);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expectAccessible(page);
  await screenshots(page, 'journal-preview');

  // QuickBooks Online: rows with the same JournalNo are one entry; debits equal credits in each.
  const qbo = await savedDownload(page, () => card.getByRole('button', { name: 'Download QuickBooks Online' }).click());
  expect(qbo.name).toMatch(/^journal_qbo_.*\.csv$/);
  const qboRows = parse(fs.readFileSync(qbo.file!), { columns: true }) as Row[];
  expect(Object.keys(qboRows[0] ?? {})).toEqual([
    'JournalNo',
    'JournalDate',
    'AccountName',
    'Debits',
    'Credits',
    'Description',
    'Name',
    'Class',
  ]);
  expect(
    unbalanced(
      qboRows,
      (r) => r.JournalNo,
      (r) => cents(r.Debits) - cents(r.Credits),
    ),
  ).toEqual([]);
  const ours = qboRows.filter((r) => r.JournalNo === `MAT-${distributionId}`);
  expect(ours.length).toBeGreaterThan(1);
  const [month, day, year] = ours[0]!.JournalDate.split('/');
  expect(`${year}-${month}-${day}`).toBe(today);
  expect(ours.every((r) => r.Class.includes(NAME))).toBe(true);
  expect(ours.map((r) => r.AccountName)).toContain('Missionary Support Funds');
  expect(ours.map((r) => r.AccountName)).toContain('403(b) Payable');

  // Xero: rows with the same Narration and Date are one journal; signed amounts sum to zero in each.
  await card.getByLabel('Layout').click();
  await page.getByRole('option', { name: 'Xero (manual journal CSV)' }).click();
  await expect(card.getByRole('table', { name: /^First \d+ entr/ })).toContainText('*Narration');
  const xero = await savedDownload(page, () => card.getByRole('button', { name: 'Download Xero' }).click());
  let xeroText: string;
  if (xero.name.endsWith('.zip')) {
    // More than 300 lines (the shared browser-test database): parts checked and read by Debian's unzip.
    expect(execFileSync('unzip', ['-t', xero.file!], { encoding: 'utf8' })).toContain('No errors detected');
    const parts = execFileSync('unzip', ['-Z1', xero.file!], { encoding: 'utf8' }).trim().split('\n');
    xeroText = parts
      .map((part, index) => {
        const text = execFileSync('unzip', ['-p', xero.file!, part], { encoding: 'utf8' });
        return index === 0 ? text : text.slice(text.indexOf('\n') + 1);
      })
      .join('');
  } else {
    expect(xero.name).toMatch(/^journal_xero_.*\.csv$/);
    xeroText = fs.readFileSync(xero.file!, 'utf8');
  }
  const xeroRows = parse(xeroText, { columns: true }) as Row[];
  expect(
    unbalanced(
      xeroRows,
      (r) => `${r['*Narration']}|${r['*Date']}`,
      (r) => cents(r['*Amount']!),
    ),
  ).toEqual([]);
  const journal = xeroRows.filter((r) => r['*Narration']!.startsWith(`MAT-${distributionId} `));
  expect(journal.length).toBe(ours.length);
  expect(journal[0]!['*Date']).toBe(`${day}/${month}/${year}`);
  expect(journal.map((r) => r['*AccountCode'])).toContain('2610');
  expect(journal.every((r) => r.TrackingName1 === 'Missionary' && r.TrackingOption1!.includes(NAME))).toBe(true);
  await screenshots(page, 'journal-preview-xero');
});

test('an employee reads the mapping and is told why they cannot change it', async ({ page, request }) => {
  await signInAsNewUser(page, request, `Ezra Clerk ${suffix}`, `ezra.${stamp}@office.example`, 'employee');
  await page.goto('/admin/settings/accounting');
  await expect(page.getByText('Only an admin can change the account mapping; you can read it here.')).toBeVisible();
  await expect(page.getByLabel('Per-missionary dimension')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Accounting Settings' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'accounting-settings-employee');
});

test('on a phone the preview tables scroll sideways in their own regions, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/reports');
  const card = page.locator('.MuiPaper-root', {
    has: page.getByRole('heading', { name: 'Journal for Accounting Software' }),
  });
  const entries = card.getByRole('region', { name: /^First \d+ entr.*, scrolls sideways$/ });
  const totals = card.getByRole('region', { name: 'Totals per account, scrolls sideways' });
  await expect(entries.getByRole('table')).toContainText('JournalNo');
  await expect(totals.getByRole('table')).toContainText('Total');
  // The page is as wide as the phone; the file's eight columns are wider, inside their region.
  const page390 = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(page390.page).toBeLessThanOrEqual(page390.viewport);
  const region = await entries.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(region.scroll).toBeGreaterThan(region.client);
  const box = await entries.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  // A keyboard user scrolls the region: it takes focus.
  await entries.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => entries.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await expectAccessible(page);
  await screenshots(page, 'journal-preview-phone');
});
