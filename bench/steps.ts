/**
 * Step count: what a user must do for the month's daily work, counted over the real app.
 *
 * Builds the web app (BENCH_SKIP_BUILD=1 to reuse dist/web), starts the real server on a fresh
 * embedded database, sets up through the API what the office has done beforehand (categories, a new
 * missionary with payroll info and bank details, payment settings, this month's KES rate where the
 * product keeps rates), then drives Debian's Chromium through two scenarios, counting each tap and
 * each field with the helpers of bench/step-counter.ts:
 *
 *   phone report (390 px)  the new missionary signs in, starts a report, adds a receipt expense in
 *                          KES and a trip, takes a receipt photo and submits;
 *   office month (1280 px) an admin imports the month's donor file, processes the submitted report,
 *                          builds MAT Day, ticks the reviews and approves, and where the product pays
 *                          people, drafts and releases a payment batch and downloads the bank file.
 *
 * The steps adapt to the screen (a date already filled, a rate already suggested, a unit already
 * right are left alone), so the count is what the product makes the user do. Screenshots of each
 * scenario's end go to .tmp/bench-steps/.
 *
 * Run: npm run bench:steps   (BENCH_PORT, BENCH_SKIP_BUILD=1, BENCH_VERBOSE=1)
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, expect, type Page } from '@playwright/test';
import { receiptPhoto } from '../e2e/expense-support';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { startServedApp, stopServedApp } from './served-app';
import { printTallies, StepCounter, type Tally } from './step-counter';

const PORT = Number(process.env.BENCH_PORT ?? process.env.PORT ?? 3611);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.resolve('.tmp/bench-steps-data');
const SHOTS = path.resolve('.tmp/bench-steps');
const ADMIN = { email: 'admin@steps.test', password: 'steps-admin-1' };
const MISSIONARY = { email: 'amani@steps.test', password: 'steps-amani-1', name: 'Amani Wanjiru', number: 'K-101' };
/** A second missionary whose gifts fall short of the salary: MAT Day flags the negative balance for review. */
const SHORT = { email: 'baraka@steps.test', password: 'steps-baraka-1', name: 'Baraka Otieno', number: 'K-102' };
const CATEGORY = 'Guest houses';
const TRIP_CATEGORY = 'Own car trips';
const WAIT = { timeout: 30_000 };

/** This month as the office names its donor file ("November 2026") and its first and last day. */
function thisMonth() {
  const now = new Date();
  const year = now.getFullYear();
  const month = now.getMonth();
  const pad = (n: number) => String(n).padStart(2, '0');
  const last = new Date(year, month + 1, 0).getDate();
  return {
    name: `${now.toLocaleString('en-US', { month: 'long' })} ${year}`,
    key: `${year}-${pad(month + 1)}`,
    start: `${year}-${pad(month + 1)}-01`,
    end: `${year}-${pad(month + 1)}-${pad(last)}`,
    today: `${year}-${pad(month + 1)}-${pad(now.getDate())}`,
  };
}
const MONTH = thisMonth();
const UPLOAD_NAME = `${MONTH.name} gifts`;

/** One API call of the office's set-up; `optional` ones may be missing from an older product. */
async function api(token: string, method: string, url: string, body?: unknown, optional = false) {
  const response = await fetch(`${BASE}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'api-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    if (optional) {
      console.log(`set-up: ${method} ${url} not offered here (${response.status}); skipped`);
      return null;
    }
    throw new Error(`${method} ${url}: ${response.status} ${text}`);
  }
  return response.json();
}

/** What the office did before the month, outside the counted steps. */
async function setUpOffice(): Promise<void> {
  const login = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { api_token: token } = (await login.json()) as { api_token: string };
  await api(token, 'POST', '/categories', { expense_category: CATEGORY, description: 'Rooms', expense: 1 });
  await api(token, 'POST', '/categories', { expense_category: TRIP_CATEGORY, description: 'Own car', mileage: 1 });
  const users: number[] = [];
  for (const [who, salary] of [
    [MISSIONARY, '1200.00'],
    [SHORT, '1500.00'],
  ] as const) {
    const user = (await api(token, 'POST', '/user', {
      name: who.name,
      email: who.email,
      role: 'missionary',
      missionary_number: who.number,
      password: who.password,
      baseUrl: BASE,
    })) as { id: number };
    await api(token, 'POST', `/user/${user.id}`, { tax_status: '1099', net_salary: salary }, true);
    users.push(user.id);
  }
  // Settings → Exchange Rates: this month's KES rate, where the product keeps one.
  await api(token, 'PUT', '/exchange-rates', { rates: [{ month: MONTH.key, currency: 'KES', rate: '129.50' }] }, true);
  // Paying people: the organisation's bank and the missionary's account, where the product pays.
  const paying = await api(
    token,
    'PATCH',
    '/settings/payments',
    {
      company_name: 'Sheepfold',
      company_id: '1123456789',
      origin_routing_number: '021000021',
      origin_bank_name: 'JPMorgan Chase',
    },
    true,
  );
  if (!paying) return;
  for (const [index, id] of users.entries()) {
    await api(token, 'POST', `/user/${id}/bank-details`, {
      payout_method: 'ach',
      bank_routing_number: '021000021',
      bank_account_number: `12345678${index}`,
      bank_account_type: 'checking',
      beneficiary_name: [MISSIONARY, SHORT][index]?.name,
      bank_name: 'Chase',
    });
  }
}

async function signIn(steps: StepCounter, who: { email: string; password: string }): Promise<void> {
  const { page } = steps;
  steps.part('sign in');
  await page.goto(`${BASE}/login`);
  await steps.type('Email', page.getByLabel('Email'), who.email);
  await steps.type('Password', page.getByRole('textbox', { name: 'Password', exact: true }), who.password);
  await steps.tap('Login', page.getByRole('button', { name: 'Login' }));
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), WAIT);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The KES receipt expense: only what the form does not fill in already. */
async function addKesExpense(steps: StepCounter): Promise<void> {
  const { page } = steps;
  steps.part('KES expense');
  await steps.tap('Add Expense', page.getByRole('button', { name: 'Add Expense' }));
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await steps.typeIfEmpty('Date', form.getByLabel('Date'), MONTH.today);
  await steps.choose(
    'Category',
    form.getByRole('combobox', { name: 'Category' }),
    page.getByRole('option', { name: CATEGORY }),
  );
  await steps.chooseIfNeeded(
    'Currency',
    form.getByRole('combobox', { name: 'Currency' }),
    /^KES/,
    page.getByRole('option', { name: /^KES/ }),
  );
  await steps.type('Amount (KES)', form.getByLabel('Amount (KES)'), '4750');
  await steps.typeIfEmpty('Exchange rate', form.getByRole('textbox', { name: /Exchange rate/ }), '129.50');
  await steps.tap('Add Expense (save)', form.getByRole('button', { name: 'Add Expense' }));
  await form.waitFor({ state: 'hidden', ...WAIT });
}

/** The trip, with its distance unit wherever the product asks for it. */
async function addTrip(steps: StepCounter): Promise<void> {
  const { page } = steps;
  steps.part('trip');
  // An older report editor asks for the unit on the page, outside the trip's dialog.
  const pageUnit = page.getByRole('combobox', { name: 'Distance type' });
  if (await pageUnit.isVisible()) {
    // The choice is saved at once; the trip's button reads the saved report, so let it arrive.
    const saved = page.waitForResponse((r) => r.request().method() !== 'GET' && r.url().includes('/expense-report'));
    await steps.chooseIfNeeded('Distance type', pageUnit, /Kilomet/, page.getByRole('option', { name: /Kilomet/ }));
    await saved;
    // The saved report is read again; a dialog opened before that arrives can close under it.
    await page
      .waitForResponse((r) => r.request().method() === 'GET' && /\/expense-report\/\d+/.test(r.url()), WAIT)
      .catch(() => {});
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
  }
  await steps.tap('Add Mileage', page.getByRole('button', { name: 'Add Mileage' }));
  const form = page.getByRole('dialog', { name: 'Add Mileage' });
  await steps.typeIfEmpty('Date', form.getByLabel('Date'), MONTH.today);
  const km = form.getByRole('radio', { name: 'Kilometers' });
  if ((await km.count()) > 0) {
    if (await km.isChecked()) steps.given('Distance unit (Kilometers)');
    else await steps.pick('Distance unit: Kilometers', km);
  }
  await steps.type('Odometer start', form.getByLabel('Odometer start'), '12000');
  await steps.type('Odometer end', form.getByLabel('Odometer end'), '12042');
  await steps.tap('Add Mileage (save)', form.getByRole('button', { name: 'Add Mileage' }));
  await form.waitFor({ state: 'hidden', ...WAIT });
}

async function phoneReport(browser: Browser): Promise<Tally> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const steps = new StepCounter(page, 'phone report (390 px)');
  try {
    await signIn(steps, MISSIONARY);
    steps.part('start report');
    await steps.tap('New Expense Report', page.getByRole('main').getByRole('link', { name: 'New Expense Report' }));
    await steps.tap('Start Report', page.getByRole('button', { name: 'Start Report' }));
    await page.getByRole('heading', { name: 'Edit Expense Report' }).waitFor(WAIT);
    await addKesExpense(steps);
    await addTrip(steps);
    steps.part('receipt and submit');
    await steps.chooseFile('Receipt photo', page.getByRole('button', { name: 'Take Photo' }), {
      name: 'guest-house.png',
      mimeType: 'image/png',
      buffer: receiptPhoto(),
    });
    await page.getByText('File uploaded!').waitFor(WAIT);
    await steps.tap('Submit', page.getByRole('button', { name: 'Submit', exact: true }));
    await steps.tap(
      'Submit Report (confirm)',
      page.getByRole('dialog', { name: 'Submit this report?' }).getByRole('button', { name: 'Submit Report' }),
    );
    await page.getByText('Your expense report has been submitted.').waitFor(WAIT);
    await page.waitForTimeout(500);
    await shot(page, 'phone-report-submitted');
    return steps.tally;
  } catch (error) {
    await shot(page, 'phone-report-failed');
    throw error;
  } finally {
    await context.close();
  }
}

/** The donor file of the month: this missionary's gifts by their Account #. */
function donorFile(): Buffer {
  return Buffer.from(
    [
      'Fund,Account #,Amount,Count',
      `General,${MISSIONARY.number},"2,400.00",6`,
      `General,${MISSIONARY.number},350.00,1`,
      `General,${SHORT.number},300.00,2`,
    ].join('\r\n'),
  );
}

async function importDonations(steps: StepCounter): Promise<void> {
  const { page } = steps;
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  steps.part('donor import');
  await steps.tap('Denari Import (menu)', menu.getByRole('link', { name: 'Denari Import' }));
  await steps.chooseFile('Donation file', page.getByRole('button', { name: 'Choose File' }), {
    name: 'denari-month.csv',
    mimeType: 'text/csv',
    buffer: donorFile(),
  });
  await steps.typeIfEmpty('Upload Name', page.getByLabel('Upload Name'), UPLOAD_NAME);
  await steps.tap('Preview', page.getByRole('button', { name: 'Preview' }));
  await steps.tap('Import donations', page.getByRole('button', { name: /^Import \d+ Donations?/ }));
  await page.getByText('Import posted successfully.').first().waitFor(WAIT);
}

async function processReport(steps: StepCounter): Promise<void> {
  const { page } = steps;
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  steps.part('process report');
  await steps.tap(
    'Unprocessed Expense Reports (menu)',
    menu.getByRole('link', { name: 'Unprocessed Expense Reports' }),
  );
  const row = page.getByRole('row').filter({ hasText: MISSIONARY.name });
  await steps.tap('Process (row)', row.getByRole('link', { name: 'Process' }));
  await steps.tap('Process', page.getByRole('button', { name: 'Process', exact: true }));
  const dialog = page.getByRole('dialog', { name: 'Process Reimbursement' });
  const due =
    (await dialog
      .getByLabel('Reimbursement due')
      .inputValue()
      .catch(() => '')) || '0';
  await steps.typeIfEmpty('Payout', dialog.getByLabel('Payout'), due.replace(/[$,]/g, ''));
  await steps.tap('Continue', dialog.getByRole('button', { name: 'Continue' }));
  await steps.tap(
    'Confirm Payout',
    page.getByRole('dialog', { name: 'Confirm Payout' }).getByRole('button', { name: 'Confirm Payout' }),
  );
  await page.getByText('Expense Report has been processed.').waitFor(WAIT);
}

async function buildMatDay(steps: StepCounter): Promise<void> {
  const { page } = steps;
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  steps.part('build MAT Day');
  await steps.tap('Distributions (menu)', menu.getByRole('link', { name: 'Distributions', exact: true }));
  await steps.tap('Pending (tab)', page.getByRole('tab', { name: 'Pending' }));
  await steps.tap('Build MAT Day distributions', page.getByRole('button', { name: 'Build MAT Day distributions' }));
  const dialog = page.getByRole('dialog', { name: 'Build MAT Day distributions' });
  await dialog.getByLabel('From Date').waitFor(WAIT);
  await page.waitForTimeout(1000); // the uploads' list and the dates it fills arrive after the dialog
  const chosen = dialog.getByRole('button', { name: UPLOAD_NAME });
  if ((await chosen.count()) > 0) steps.given(`Donation Uploads (${UPLOAD_NAME})`);
  else {
    const select = dialog.getByRole('combobox', { name: /Donation Upload/ });
    await steps.chooseIfNeeded(
      'Donation upload',
      select,
      new RegExp(UPLOAD_NAME),
      page.getByRole('option', { name: new RegExp(UPLOAD_NAME) }),
    );
  }
  await steps.typeIfEmpty('From Date', dialog.getByLabel('From Date'), MONTH.start);
  await steps.typeIfEmpty('To Date', dialog.getByLabel('To Date'), MONTH.end);
  await steps.tap('Continue', dialog.getByRole('button', { name: 'Continue' }));
  await steps.tap('Build distributions', dialog.getByRole('button', { name: 'Build distributions' }));
  await dialog.getByText(/pending distributions? built/).waitFor({ timeout: 120_000 });
  await steps.tap('Review pending distributions', dialog.getByRole('button', { name: 'Review pending distributions' }));
  await dialog.waitFor({ state: 'hidden', ...WAIT });
}

async function approve(steps: StepCounter): Promise<void> {
  const { page } = steps;
  await page.getByRole('row').filter({ hasText: MISSIONARY.name }).first().waitFor(WAIT);
  steps.part('review and approve');
  await steps.tick('Select all rows', page.getByRole('checkbox', { name: 'Select all rows on this page' }));
  await steps.tap('Approve Selected', page.getByRole('button', { name: /^Approve Selected/ }));
  const dialog = page.getByRole('dialog', { name: /^Approve \d+ distributions?\?$/ });
  await dialog.waitFor(WAIT);
  const ticks = dialog.getByRole('checkbox', { name: /^Reviewed: / });
  for (let i = 0; i < (await ticks.count()); i++) {
    const tick = ticks.nth(i);
    if (await tick.isChecked()) continue;
    const flag = await tick.evaluate((box) => box.closest('label')?.textContent ?? '');
    await steps.tick(flag || `Reviewed: flag ${i + 1}`, tick);
  }
  await steps.tap('Approve', dialog.getByRole('button', { name: 'Approve', exact: true }));
  await page.getByText('Distributions Approved').first().waitFor(WAIT);
}

/** Pays the month where the product pays people; says so and counts nothing where it does not. */
async function payTheMonth(steps: StepCounter): Promise<boolean> {
  const { page } = steps;
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const payments = menu.getByRole('link', { name: 'Payments', exact: true });
  if ((await payments.count()) === 0) {
    steps.given('no Payments screen: the product does not pay people');
    return false;
  }
  steps.part('draft payment batch');
  // The date arrives with the page's answer naming the distribution approved last: look once it is
  // in and drawn, as a person would (on a busy machine the page's chunks can leave the network idle
  // before that answer is asked for, so waiting for an idle network was not enough).
  const lastApproved = page.waitForResponse((response) =>
    /\/api\/paginated_distribution\?.*approved_at/.test(response.url()),
  );
  await steps.tap('Payments (menu)', payments);
  await lastApproved;
  const matDate = page.getByLabel('MAT date');
  await matDate.waitFor(WAIT);
  await expect
    .poll(() => matDate.inputValue(), { timeout: 5_000 })
    .not.toBe('')
    .catch(() => undefined);
  await steps.typeIfEmpty('MAT date', matDate, MONTH.end);
  await steps.tap('Draft batch', page.getByRole('button', { name: 'Draft batch' }));
  await page.getByRole('heading', { name: /Payment batch #\d+/ }).waitFor(WAIT);
  // A new account is held until checked, then waits for a prenote: clear each the batch shows.
  if ((await page.getByRole('button', { name: /^Clear .*'s (hold|prenote)$/ }).count()) > 0)
    steps.part('clear new accounts');
  for (let round = 0; round < 4; round++) {
    const clear = page.getByRole('button', { name: /^Clear .*'s (hold|prenote)$/ }).first();
    if ((await clear.count()) === 0) break;
    const label = (await clear.getAttribute('aria-label')) ?? 'Clear';
    await steps.tap(label, clear);
    const confirm = page.getByRole('dialog').getByRole('button', { name: /^(Clear hold|Pay .* now)$/ });
    await steps.tap(`${(await confirm.textContent()) ?? 'Confirm'} (confirm)`, confirm);
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT });
  }
  steps.part('release and download');
  await steps.tap('Release', page.getByRole('button', { name: 'Release', exact: true }));
  await steps.tap('Release (confirm)', page.getByRole('dialog').getByRole('button', { name: /^Release \$/ }));
  await page.getByText('Released', { exact: true }).first().waitFor(WAIT);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    steps.tap('Download NACHA file (ACH)', page.getByRole('button', { name: 'Download NACHA file (ACH)' })),
  ]);
  const file = fs.readFileSync((await download.path()) ?? '', 'utf8');
  if (!file.startsWith('1')) throw new Error('the bank file is not a NACHA file');
  return true;
}

async function officeMonth(browser: Browser): Promise<Tally> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const steps = new StepCounter(page, 'office month (1280 px)');
  try {
    await signIn(steps, ADMIN);
    await importDonations(steps);
    await shot(page, 'office-imported');
    await processReport(steps);
    await buildMatDay(steps);
    await approve(steps);
    if (await payTheMonth(steps)) await shot(page, 'office-paid');
    // Checked, not counted: both distributions are on the Approved list.
    await page.goto(`${BASE}/admin/distributions/approved`);
    for (const who of [MISSIONARY, SHORT]) await page.getByText(who.name).first().waitFor(WAIT);
    await shot(page, 'office-approved');
    return steps.tally;
  } catch (error) {
    await shot(page, 'office-month-failed');
    throw error;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build', { stdio: 'inherit' });
  fs.mkdirSync(SHOTS, { recursive: true });
  const server = await startServedApp({ port: PORT, dataDir: DATA_DIR, admin: ADMIN });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    await setUpOffice();
    const tallies = [await phoneReport(browser), await officeMonth(browser)];
    const commit = execSync('git rev-parse --short HEAD').toString().trim();
    printTallies(`commit ${commit}`, tallies);
    console.log(`\nScreenshots: ${SHOTS}`);
  } finally {
    await browser.close();
    await stopServedApp(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
