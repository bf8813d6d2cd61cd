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
  logout,
  SCREENSHOTS,
  screenshots,
  signInAsNewUser,
} from './support';

/**
 * Year end and ministers (docs/tax.md): an admin marks a minister, designates the housing allowance
 * on the profile, a month is approved, and the Year End screen shows the W-2 figures, traces them to
 * the distribution, and downloads the CSV and the person's PDF summary. Tax years live on Settings.
 */

const stamp = Date.now();
const suffix = String(stamp).slice(-6);
// This month up to today, as reports.spec.ts does: the year is this calendar year.
const today = new Date().toISOString().slice(0, 10);
const YEAR = Number(today.slice(0, 4));
const PERIOD = { start: `${today.slice(0, 8)}01`, end: today };
const NUMBER = `YE-${suffix}`;
const NAME = `Ruth Minister ${suffix}`;

// The profile below, for a minister (no FICA shares, docs/tax.md):
// gross payroll = net 1,800 + federal tax 95 = 1,895.00; housing 600 under the designation.
// W-2 box 1 = 1,895 + 600 − 403(b) 100 − excluded housing 600 = 1,795.00; box 2 = 95.00;
// boxes 3–6 = 0 (a minister); box 12 code E = 100.00; box 14 = 600.00.
const EXPECTED = { box1: '1795.00', box2: '95.00', box12E: '100.00', box14: '600.00' };

let admin: string;
let minister: { id: number; email: string; password: string };

async function approveMonth(
  request: APIRequestContext,
  token: string,
  userId: number,
  number = NUMBER,
): Promise<number> {
  const uploadName = `Year end ${number} ${stamp}`;
  const imported = await request.post('/api/donation/denari-upload', {
    headers: { 'api-token': token },
    multipart: {
      upload_name: uploadName,
      denari: {
        name: 'gifts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Fund,Account #,Amount,Count\n,${number},3000.00,2\n`),
      },
    },
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  const created = await request.post('/api/distribution', {
    headers: { 'api-token': token },
    data: {
      user_id: userId,
      start_date: PERIOD.start,
      end_date: PERIOD.end,
      donation_upload_name: uploadName,
      approved_donation_ids: [],
      hold_account_transactions: [],
      advance_requests: [],
      comments: 'Year-end MAT Day',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const distribution = await created.json();
  const approved = await apiCall(request, token, 'POST', '/batch-approve', {
    distribution_ids: [distribution.id],
    reviewed: allFlagsReviewed([distribution]),
  });
  expect(approved.approved).toEqual([distribution.id]);
  return distribution.id;
}

async function savedDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), content: fs.readFileSync(file) };
}

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request);
  minister = await createUserViaApi(request, admin, {
    name: NAME,
    email: `ruth.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: NUMBER,
  });
  await apiCall(request, admin, 'POST', `/user/${minister.id}`, {
    net_salary: '1800.00',
    housing_allowance: '600.00',
    retirement_amount: '100.00',
    federal_income_tax: '95.00',
    wire_fee: '20.00',
    insurance_amount: '250.00',
    tax_status: 'W2',
    fica_tax: 0,
    fund_balance: '5000.00',
  });
});

test('an admin designates a housing allowance, approves a month and reads the year-end figures', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);

  // Payroll Info: the minister box takes FICA away; the designations section appears under it.
  await page.goto(`/admin/user/${minister.id}/profile`);
  const payroll = page.locator('form', { has: page.getByRole('heading', { name: 'Payroll Info' }) });
  await payroll.getByRole('button', { name: 'Edit' }).click();
  await payroll.getByRole('checkbox', { name: 'Minister' }).check();
  await expect(payroll.getByRole('checkbox', { name: 'FICA Tax' })).toBeDisabled();
  await payroll.getByRole('button', { name: 'Save' }).click();
  const housing = page.locator('section', {
    has: page.getByRole('heading', { name: 'Housing allowance designations' }),
  });
  await expect(housing.getByText(`No designation for ${YEAR} yet`)).toBeVisible();

  await housing.getByRole('button', { name: 'Add Designation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a housing allowance designation' });
  await expect(dialog.getByLabel('Year')).toHaveValue(String(YEAR));
  await dialog.getByLabel('Designated amount').fill('24000');
  await dialog.getByLabel('Approved by the board on').fill(PERIOD.start);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save Designation' }).click();
  await expect(dialog).toBeHidden();
  await expect(housing.getByText(`${YEAR}: $24,000.00 designated, $0.00 paid so far, $24,000.00 left`)).toBeVisible();
  await expect(housing.getByText(`No designation for ${YEAR} yet`)).toBeHidden();

  const distributionId = await approveMonth(request, admin, minister.id);
  await page.reload();
  // The month paid $600.00 of housing allowance under the designation: 24,000 − 600 = 23,400 left.
  await expect(housing.getByText(`${YEAR}: $24,000.00 designated, $600.00 paid so far, $23,400.00 left`)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'year-end-profile');

  // Year End: the list, the totals and the trace.
  await page.getByRole('link', { name: 'Year End' }).click();
  await expect(page.getByRole('heading', { name: 'Year End', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tax year' })).toHaveText(String(YEAR));
  await expect(page.getByText(/The gross pay adds up to the \d+ approved distributions? of /)).toBeVisible();
  await page.getByLabel('Search people').fill(NAME);
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText('$1,795.00');
  await expect(row).toContainText('$95.00');
  await expect(row).toContainText('3: $0.00 · 4: $0.00');
  await expect(row).toContainText('$100.00');
  await expect(row).toContainText('$600.00');
  await expectAccessible(page);
  await screenshots(page, 'year-end');

  await page.getByRole('button', { name: `Trace ${NAME}'s figures` }).click();
  const trace = page.getByRole('dialog', { name: `${NAME}: W-2 figures for ${YEAR}` });
  await expect(trace.getByText('Made of 1 approved distribution with a MAT date')).toBeVisible();
  await expect(trace.getByRole('link', { name: `#${distributionId}` })).toBeVisible();
  const total = trace.getByRole('row', { name: /Total/ });
  // Gross payroll 1,895.00, housing 600.00, excluded 600.00, 403(b) 100.00, federal tax 95.00.
  await expect(total).toContainText('$1,895.00');
  await expect(total).toContainText('$600.00');
  await expectAccessible(page);
  await screenshots(page, 'year-end-trace');
  await trace.getByRole('button', { name: 'Close' }).click();

  // The CSV, read back: the row's boxes are the figures above.
  const csv = await savedDownload(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
  expect(csv.name).toBe(`year-end_${YEAR}.csv`);
  const rows = parse(csv.content, { bom: true, columns: true }) as Array<Record<string, string>>;
  const mine = rows.filter((r) => r['User ID'] === String(minister.id));
  expect(mine.map((r) => [r.Form, r['W-2 box 1 wages'], r['W-2 box 2 federal income tax']])).toEqual([
    ['W-2', EXPECTED.box1, EXPECTED.box2],
  ]);
  expect(mine[0]).toMatchObject({
    'W-2 box 3 social security wages': '0.00',
    'W-2 box 4 social security tax': '0.00',
    'W-2 box 12 code E 403(b)': EXPECTED.box12E,
    'W-2 box 14 housing allowance': EXPECTED.box14,
    'Distribution IDs': String(distributionId),
  });

  // The person's PDF summary, read with pdftotext and kept as a PNG to look at.
  const pdf = await savedDownload(page, () =>
    page.getByRole('button', { name: `Download ${NAME}'s PDF summary` }).click(),
  );
  expect(pdf.name).toBe(`year-end-summary_${YEAR}_user-${minister.id}.pdf`);
  expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const pdfPath = `${SCREENSHOTS}/e2e-year-end-summary.pdf`;
  fs.writeFileSync(pdfPath, pdf.content);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain(NAME);
  expect(text).toMatch(/Box 1 — wages, tips, other compensation\s+\$1,795\.00/);
  expect(text).toMatch(/Box 14 — housing allowance \(excluded\)\s+\$600\.00/);
  expect(text).toContain('not an IRS form');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfPath,
    `${SCREENSHOTS}/e2e-year-end-summary`,
  ]);

  // A year without tax figures says where they go, and goes there.
  await page.getByRole('combobox', { name: 'Tax year' }).click();
  await page.getByRole('option', { name: String(YEAR - 1) }).click();
  await expect(page.getByText(`No tax figures for ${YEAR - 1} yet`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await page.getByRole('link', { name: 'Open Settings' }).click();

  // Settings: next year's tax figures entered before January.
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const taxYears = page.locator('.MuiPaper-root', { has: page.getByRole('heading', { name: 'Tax Years' }) });
  await expect(taxYears.getByLabel('Social Security wage base')).toHaveValue('184500.00');
  await taxYears.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: String(YEAR + 1) }).click();
  await expect(taxYears.getByText(`No tax figures for ${YEAR + 1} yet`)).toBeVisible();
  await taxYears.getByLabel('Social Security wage base').fill('190000');
  await taxYears.getByLabel('1099-NEC threshold').fill('2000');
  await taxYears.getByLabel('403(b) elective deferral limit').fill('25000');
  await taxYears.getByRole('button', { name: `Save ${YEAR + 1}` }).click();
  await expect(page.getByText(`Tax figures for ${YEAR + 1} saved.`)).toBeVisible();
  await expect(taxYears.getByText(`No tax figures for ${YEAR + 1} yet`)).toBeHidden();
  await expectAccessible(page);
  await screenshots(page, 'year-end-tax-years');
  await logout(page);

  // The minister reads their own designation, without a way to change it.
  await loginAs(page, minister.email, minister.password);
  await page.goto(`/profile/${minister.id}`);
  const own = page.locator('section', { has: page.getByRole('heading', { name: 'Housing allowance designations' }) });
  await expect(own.getByText(`${YEAR}: $24,000.00 designated, $600.00 paid so far, $23,400.00 left`)).toBeVisible();
  await expect(own.getByText('Only an admin can change the designations.')).toBeVisible();
  await expect(own.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'year-end-own-profile');
});

test('an employee is told the year-end figures are for admins', async ({ page, request }) => {
  await signInAsNewUser(page, request, `Eli Office ${suffix}`, `eli.${stamp}@office.example`, 'employee');
  await page.getByRole('link', { name: 'Year End' }).click();
  await expect(page.getByText('Only an admin can see the year-end figures')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a minister paid housing allowance before any designation reads that it is taxable', async ({ page, request }) => {
  test.setTimeout(120_000);
  const number = `YN-${suffix}`;
  const name = `Silas Minister ${suffix}`;
  const silas = await createUserViaApi(request, admin, {
    name,
    email: `silas.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: number,
  });
  await apiCall(request, admin, 'POST', `/user/${silas.id}`, {
    minister: 1,
    tax_status: 'W2 Exempt',
    net_salary: '1500.00',
    housing_allowance: '700.00',
    fund_balance: '5000.00',
  });
  const distributionId = await approveMonth(request, admin, silas.id, number);
  const taxable = `No housing allowance was designated for ${YEAR} before this payment, so $700.00 of housing allowance is taxable wages.`;

  // The minister opens the approved month as their pay stub; "Your pay" says it, in the words of the statement.
  await loginAs(page, silas.email, silas.password);
  await page.goto(`/distribution/${distributionId}`);
  const pay = page.getByRole('region', { name: 'Your pay' });
  await expect(pay.getByText('No housing allowance was designated')).toHaveText(taxable);
  await expectAccessible(page);
  await screenshots(page, 'distribution-housing-taxable');

  const own = await apiToken(request, silas.email, silas.password);
  const pdf = await request.get(`/api/distribution/${distributionId}/statement.pdf`, { headers: { 'api-token': own } });
  expect(pdf.ok()).toBeTruthy();
  const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: await pdf.body(), encoding: 'utf8' });
  expect(text.replace(/\s+/g, ' ')).toContain(taxable);
});
