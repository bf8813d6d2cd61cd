import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { monthLabel } from '../src/domain/dates';
import { allFlagsReviewed } from '../src/domain/distributions/review';
import {
  apiCall,
  apiToken,
  createCategories,
  createUserViaApi,
  E2E_ADMIN,
  expectAccessible,
  loginAs,
  logout,
  SCREENSHOTS,
  screenshots,
} from './support';

/**
 * Report Downloads (docs/product.md §2.3, §5, §7): staff set the dates, download the field-worker expense
 * report and the accounting-package report (and its journal) and read them back; statements are
 * downloaded from the admin user profile and from the missionary's dashboard.
 */

const stamp = Date.now();
const suffix = String(stamp).slice(-6);
// This month up to today: the distribution pays reports submitted on or before its end date, and
// the server dates a submission today. Rows are picked out by this spec's missionary number.
const today = new Date().toISOString().slice(0, 10);
const PERIOD = { start: `${today.slice(0, 8)}01`, end: today };
const MONTH = monthLabel(PERIOD.end, 'short');
const MISSIONARY_NUMBER = `RPT-${suffix}`;

interface Seeded {
  admin: string;
  missionary: { id: number; email: string; password: string; name: string };
  fundId: number;
  distributionId: number;
}

let seeded: Seeded;

async function seed(request: APIRequestContext): Promise<Seeded> {
  const admin = await apiToken(request);
  const missionary = await createUserViaApi(request, admin, {
    name: `Hannah Reports ${suffix}`,
    email: `hannah.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: MISSIONARY_NUMBER,
  });
  await apiCall(request, admin, 'POST', `/user/${missionary.id}`, {
    net_salary: '1800.00',
    housing_allowance: '600.00',
    retirement_amount: '100.00',
    federal_income_tax: '95.00',
    wire_fee: '20.00',
    insurance_amount: '250.00',
    fica_tax: 1,
    tax_status: 'W2',
    fund_balance: '900.00',
  });
  const fund = await apiCall(request, admin, 'POST', '/hold-account', {
    user_id: missionary.id,
    fund_name: `Hannah Vehicle ${suffix}`,
    balance: '300.00',
  });
  const categories = await createCategories(request, admin, `R${suffix}`);

  // The missionary's own submitted report: a lodging bill in a foreign currency and one charged to the fund.
  const own = await apiToken(request, missionary.email, missionary.password);
  const report = await apiCall(request, own, 'POST', '/expense-report', {
    type: 'reimbursement',
    distance_type: 'none',
    user_id: missionary.id,
  });
  await apiCall(request, own, 'POST', '/expense', {
    date: PERIOD.start,
    field_currency: '250.00',
    exchange_rate: '1.25',
    expense_code: categories.lodging.id,
    expense_report_id: report.id,
  });
  await apiCall(request, own, 'POST', '/expense', {
    date: PERIOD.end,
    field_currency: '80.00',
    exchange_rate: '1',
    expense_code: categories.meals.id,
    expense_report_id: report.id,
    hold_account_id: fund.id,
  });
  await apiCall(request, own, 'PATCH', `/submit/expense-report/${report.id}`, {});

  // February's donor file: two general gifts and one designated to the fund.
  const csv = [
    'Fund,Account #,Amount,Count',
    `,${MISSIONARY_NUMBER},2500.00,3`,
    `,${MISSIONARY_NUMBER},1234.56,1`,
    `Hannah Vehicle ${suffix},,150.00,1`,
  ].join('\n');
  const uploadName = `Reports ${stamp}`;
  const imported = await request.post('/api/donation/denari-upload', {
    headers: { 'api-token': admin },
    multipart: {
      upload_name: uploadName,
      denari: { name: 'february.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  // The import answers with a summary (decision 12, docs/decisions.md); the rows are listed by upload name.
  const listed = await request.get('/api/donation', {
    headers: { 'api-token': admin },
    params: { upload_name: uploadName },
  });
  const donations = ((await listed.json()) as Array<{ id: number; hold_account_id: number | null }>).sort(
    (a, b) => a.id - b.id,
  );

  // MAT Day through the distribution API: save, then approve. A failure here fails the spec.
  const created = await request.post('/api/distribution', {
    headers: { 'api-token': admin },
    data: {
      user_id: missionary.id,
      start_date: PERIOD.start,
      end_date: PERIOD.end,
      donation_upload_name: uploadName,
      approved_donation_ids: donations.filter((d) => d.hold_account_id !== null).map((d) => d.id),
      hold_account_transactions: [],
      advance_requests: [],
      comments: 'February MAT Day',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const distribution = await created.json();
  const distributionId: number = distribution.id;
  const approved = await apiCall(request, admin, 'POST', '/batch-approve', {
    distribution_ids: [distributionId],
    reviewed: allFlagsReviewed([distribution]),
  });
  expect(approved.approved).toEqual([distributionId]);
  return { admin, missionary, fundId: fund.id, distributionId };
}

test.beforeAll(async ({ request }) => {
  seeded = await seed(request);
});

async function savedDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), content: fs.readFileSync(file!) };
}

function csvRows(content: Buffer): Array<Record<string, string>> {
  return parse(content, { bom: true, columns: true }) as Array<Record<string, string>>;
}

test('staff download the field-worker expense report once both dates are set', async ({ page }) => {
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole('link', { name: 'Report Downloads' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Report Downloads' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Missionary Expense Reports' })).toBeVisible();

  const card = page.locator('.MuiPaper-root', {
    has: page.getByRole('heading', { name: 'Missionary Expense Reports' }),
  });
  const download = card.getByRole('button', { name: 'Download' });
  await expect(download).toBeDisabled();
  await page.getByLabel('From Date').fill(PERIOD.start);
  await expect(download).toBeDisabled();
  await page.getByLabel('To Date').fill('2019-01-31'); // before From Date
  await expect(page.getByText('To Date must be on or after From Date.')).toBeVisible();
  await expect(download).toBeDisabled();
  await page.getByLabel('To Date').fill(PERIOD.end);
  await expect(download).toBeEnabled();
  await expectAccessible(page);
  await screenshots(page, 'reports');

  const csv = await savedDownload(page, () => download.click());
  expect(csv.name).toBe(`field-worker-expenses_${PERIOD.start}_to_${PERIOD.end}.csv`);
  const rows = csvRows(csv.content).filter((row) => row['Missionary #'] === MISSIONARY_NUMBER);
  expect(
    rows.map((row) => [row.Date, row['Currency Amount'], row['Exchange Rate'], row['USD Amount'], row['Hold Account']]),
  ).toEqual([
    // 250.00 at 1.25 = 200.00 USD
    [PERIOD.start, '250.00', '1.25', '200.00', ''],
    [PERIOD.end, '80.00', '1', '80.00', `Hannah Vehicle ${suffix}`],
  ]);
  await expect(page.getByText(`Downloaded ${csv.name}`)).toBeVisible();

  await card.getByLabel('Excel (.xlsx)').check();
  const xlsx = await savedDownload(page, () => download.click());
  expect(xlsx.name).toBe(`field-worker-expenses_${PERIOD.start}_to_${PERIOD.end}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('Missionary');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
});

test('the accounting report, its journal and the statement of an approved distribution', async ({ page, request }) => {
  const distribution = await apiCall(request, seeded.admin, 'GET', `/distribution/${seeded.distributionId}`);
  expect(distribution.status).toBe('approved');

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/reports');
  const card = page.locator('.MuiPaper-root', {
    has: page.getByRole('heading', { name: 'Accounting Package Report' }),
  });
  const download = card.getByRole('button', { name: 'Download', exact: true });
  const journal = card.getByRole('button', { name: 'Download Journal' });
  await expect(download).toBeDisabled();
  await expect(journal).toBeDisabled();
  await expect(card.getByRole('combobox', { name: 'Distribution Status' })).toHaveText('Approved');
  // A date with no MAT Day is explained, not answered with an empty file; the dates that have one are offered.
  await page.getByLabel('MAT Processing Date').fill('1999-12-31');
  await download.click();
  await expect(
    card.getByText(/^No approved distribution has the MAT date 12\/31\/1999\. MAT dates with/),
  ).toBeVisible();
  await expect(
    card.getByRole('button', { name: /^Use \d\d\/\d\d\/\d{4} \(\d+ distributions?\)$/ }).first(),
  ).toBeVisible();
  // The same words come as a message at the bottom (its bar loads lazily): axe looks once it is there.
  await expect(
    page.getByRole('alert').filter({ hasText: /^No approved distribution has the MAT date 12\/31\/1999/ }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'reports-no-mat-day');
  await page.getByLabel('MAT Processing Date').fill(PERIOD.end);
  await expect(card.getByText(/^No approved distribution has/)).toHaveCount(0);
  await expect(download).toBeEnabled();

  const csv = await savedDownload(page, () => download.click());
  expect(csv.name).toBe(`accounting_${PERIOD.end}_approved.csv`);
  const [row] = csvRows(csv.content).filter((r) => r['Missionary #'] === MISSIONARY_NUMBER);
  // 2,500.00 + 1,234.56 + 150.00
  expect(row['Total Donations']).toBe('3884.56');
  expect(row['Ending Balance']).toBe(Number(distribution.ending_balance).toFixed(2));
  expect(row['Total Funds Disbursed']).toBe(Number(distribution.total_funds_disbursed).toFixed(2));
  expect(row.Status).toBe('Approved');

  await card.getByLabel('Excel (.xlsx)').check();
  const xlsx = await savedDownload(page, () => journal.click());
  expect(xlsx.name).toBe(`accounting-journal_${PERIOD.end}_approved.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const col = (name: string) => header.indexOf(name);
  let debit = 0;
  let credit = 0;
  let fund = 0;
  sheet.eachRow((r, index) => {
    if (index === 1 || r.getCell(col('Distribution ID')).value !== seeded.distributionId) return;
    const d = Math.round(Number(r.getCell(col('Debit')).value ?? 0) * 100);
    const c = Math.round(Number(r.getCell(col('Credit')).value ?? 0) * 100);
    debit += d;
    credit += c;
    if (r.getCell(col('Account')).value === `2600-${MISSIONARY_NUMBER}`) fund += c - d;
  });
  expect(debit).toBeGreaterThan(0);
  expect(debit).toBe(credit);
  // The missionary's fund moves by ending − starting balance: 900.00 → the distribution's ending balance.
  expect(fund).toBe(Math.round(Number(distribution.ending_balance) * 100) - 90_000);
  await screenshots(page, 'reports-accounting');

  // The statement, from the admin user profile.
  await page.goto(`/admin/user/${seeded.missionary.id}/profile`);
  await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Giving over time' })).toBeVisible();
  const pdf = await savedDownload(page, () =>
    page.getByRole('button', { name: `Download the statement for ${MONTH} (PDF)` }).click(),
  );
  expect(pdf.name).toBe(`statement_${MISSIONARY_NUMBER}_${PERIOD.end}.pdf`);
  expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  fs.writeFileSync(`${SCREENSHOTS}/e2e-statement.pdf`, pdf.content);
  const text = execFileSync('pdftotext', ['-layout', `${SCREENSHOTS}/e2e-statement.pdf`, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Hannah Reports ${suffix}`);
  expect(text).toContain('$3,884.56');
  const ending = Number(distribution.ending_balance);
  expect(text).toMatch(
    new RegExp(
      `Ending balance\\s+${ending < 0 ? '–' : ''}\\$${Math.abs(ending).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    ),
  );
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    `${SCREENSHOTS}/e2e-statement.pdf`,
    `${SCREENSHOTS}/e2e-statement-page1`,
  ]);
  await expectAccessible(page);
});

test('a missionary sees the chart and downloads their statement from the dashboard', async ({ page }) => {
  await loginAs(page, seeded.missionary.email, seeded.missionary.password);
  await page.goto(`/dashboard/${seeded.missionary.id}`);
  await expect(page.getByRole('img', { name: 'Donations received over time' })).toBeVisible();
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByRole('cell', { name: MONTH, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$3,884.56' })).toBeVisible();
  const pdf = await savedDownload(page, () =>
    page.getByRole('button', { name: `Download Statement for ${MONTH}` }).click(),
  );
  expect(pdf.name).toBe(`statement_${MISSIONARY_NUMBER}_${PERIOD.end}.pdf`);
  expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'reports-dashboard');

  await page.goto(`/profile/${seeded.missionary.id}`);
  await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible();
  await expect(page.getByRole('cell', { name: MONTH, exact: true })).toBeVisible();
  await expectAccessible(page);
  // A missionary cannot reach the staff downloads.
  const refused = await page.request.get(`/api/reports/accounting?mat_to_date=${PERIOD.end}`, {
    headers: { 'api-token': await apiToken(page.request, seeded.missionary.email, seeded.missionary.password) },
  });
  expect(refused.status()).toBe(403);
  await logout(page);
});
