import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  createUserViaApi,
  E2E_ADMIN,
  expectAccessible,
  loginAs,
  logout,
  screenshots,
} from './support';

/**
 * MAT Day in the browser: a missionary with a payroll profile, donations imported through
 * the Denari upload, a hold account with a recurring deposit, one submitted reimbursement report and
 * one advance request. An admin walks the Distribution Form through its five steps, saves, approves
 * it from the Pending tab, and the missionary's fund balance on the profile is the ending balance the
 * form showed. The missionary then opens it read-only from their own profile.
 */

const stamp = Date.now();
const fund = `Vehicle Fund ${stamp}`;
// Named after this month, as offices name their monthly donor file: choosing it fills the dates.
const upload = `${new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })} E2E ${stamp}`;
const accountNumber = `E2E-${stamp}`;
const name = `Naomi Bethlehem ${stamp}`;

/** 2026-11-30 → 11/30/2026, the app's one date format. */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** This month, which holds today's submit dates. */
function thisMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { start: iso(first), end: iso(last), today: iso(now) };
}

async function setUp(request: APIRequestContext) {
  const admin = await apiToken(request);
  const missionary = await createUserViaApi(request, admin, {
    name,
    email: `naomi.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: accountNumber,
  });
  // Payroll Info: $1,500.00 salary with FICA, housing, retirement, taxes, fees; $2,000.00 in the fund.
  await apiCall(request, admin, 'POST', `/user/${missionary.id}`, {
    tax_status: 'W2',
    fica_tax: 1,
    net_salary: '1500.00',
    housing_allowance: '400.00',
    retirement_amount: '100.00',
    federal_income_tax: '90.00',
    wire_fee: '25.00',
    insurance_amount: '200.00',
    fund_balance: '2000.00',
  });
  const account = await apiCall(request, admin, 'POST', '/hold-account', {
    user_id: missionary.id,
    fund_name: fund,
    balance: '300.00',
  });
  await apiCall(request, admin, 'PATCH', `/hold-account/${account.id}`, { mat_day_recurring_deposit: '75.00' });

  // The donor export: two general rows and one designated to the hold account.
  const csv = [
    'Fund,Amount,Count,Account #,Name',
    `General,2400.00,6,${accountNumber},${name}`,
    `General,350.00,2,${accountNumber},${name}`,
    `${fund},125.00,1,${accountNumber},${name}`,
  ].join('\n');
  const imported = await request.post('/api/donation/denari-upload', {
    headers: { 'api-token': admin },
    multipart: {
      upload_name: upload,
      denari: { name: 'donations.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  const category = await apiCall(request, admin, 'POST', '/categories', {
    expense_category: `Travel ${stamp}`,
    description: 'Travel for the ministry',
    advance: 1,
    expense: 1,
    mileage: 0,
  });

  // As the missionary: one reimbursement report, submitted, and one advance request.
  const own = await apiToken(request, missionary.email, missionary.password);
  const { today } = thisMonth();
  const report = await apiCall(request, own, 'POST', '/expense-report', {
    type: 'reimbursement',
    distance_type: 'none',
  });
  await apiCall(request, own, 'POST', '/expense', {
    expense_report_id: report.id,
    date: today,
    expense_code: category.id,
    field_currency: '210.40',
    exchange_rate: '1',
  });
  await apiCall(request, own, 'PATCH', `/submit/expense-report/${report.id}`, {});
  const advance = await apiCall(request, own, 'POST', '/advance-request', {
    amount_requested: '300.00',
    type: category.id,
  });
  return { missionary, account, report, advance };
}

/** Screenshots from the top of the page (the app bar is fixed). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
}

/** The value beside a label of the Summary card (or any figure list). */
function figure(scope: Page | Locator, label: string): Locator {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
}

test('MAT Day: a distribution walked through five steps, saved, approved, and carried to the profile', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { missionary, advance, report, account } = await setUp(request);
  const { start, end } = thisMonth();

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/distribution-form');
  await expect(page.getByRole('heading', { name: 'Distribution Form', level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });

  // Step 1: Back disabled, Next disabled until a field worker and both dates are chosen.
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Missionary' }).fill(name.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(name) }).click();
  // The missionary's upload still holds undistributed donations: it is preselected (a chip).
  await expect(page.getByRole('button', { name: upload })).toBeVisible();
  // The upload names this month, so the dates are filled; clearing one disables Next again.
  await expect(page.getByLabel('From Date')).toHaveValue(start);
  await expect(page.getByLabel('To Date')).toHaveValue(end);
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Select a Missionary' })).toBeVisible();
  await page.getByLabel('To Date').fill('');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByLabel('To Date').fill(end);
  await expect(summary.getByText(`${usDate(start)} - ${usDate(end)}`)).toBeVisible();
  await expect(figure(summary, 'Total Donations')).toHaveText('$2,875.00');
  await expect(figure(summary, 'Starting Balance')).toHaveText('$2,000.00');
  await expect(page.getByRole('link', { name: /Back to Missionary Profile/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await expectAccessible(page);
  await shoot(page, 'distribution-step-1');

  // Step 2: the payroll row.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Step 2 of 5: Customize payroll/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
  const step2 = page.getByRole('region', { name: /Step 2/ });
  await expect(figure(step2, 'Net Salary')).toHaveText('$1,500.00');
  // Decision 13: this month's payroll inputs start from the Payroll Info; waive the wire fee this month.
  const payroll = page.getByRole('region', { name: "This month's payroll" });
  await expect(payroll.getByRole('textbox', { name: 'Wire Fee' })).toHaveValue('25.00');
  await expect(payroll.getByRole('checkbox', { name: /FICA Tax/ })).toBeChecked();
  await payroll.getByRole('textbox', { name: 'Wire Fee' }).fill('0');
  await expect(payroll.getByText('Payroll Info: $25.00')).toBeVisible();
  await expect(figure(step2, 'Wire Fee')).toHaveText('$0.00');
  await expectAccessible(page);
  await shoot(page, 'distribution-step-2');

  // Step 3: tick the recurring deposit and the advance; the summary follows.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Step 3 of 5: Approvals/ })).toBeVisible();
  const endingBefore = await figure(summary, 'Ending Balance').textContent();
  await page.getByRole('checkbox', { name: /Approve recurring deposit of \$75\.00/ }).check();
  await page.getByRole('checkbox', { name: `Approve advance request ${advance.id} of $300.00` }).check();
  await expect(figure(summary, 'Ending Balance')).not.toHaveText(endingBefore ?? '');
  await expectAccessible(page);
  await shoot(page, 'distribution-step-3');

  // The Hold Accounts tab and its deposits dialog show the recurring deposit, now approved.
  await summary.getByRole('tab', { name: 'Hold Accounts' }).click();
  await expect(figure(summary, 'Deposit Amount')).toHaveText('$75.00');
  await summary.getByRole('button', { name: `Show deposits of ${fund}` }).click();
  const deposits = page.getByRole('dialog', { name: 'Hold Account Deposits' });
  await expect(deposits.getByText('Mat Day Recurring Deposit')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screenshots/distribution-deposits-dialog-1280.png' });
  await deposits.getByRole('button', { name: 'Close' }).click();

  // A manual withdrawal of $50.00 from the fund, through Add Transaction.
  await summary.getByRole('button', { name: `Show withdrawals of ${fund}` }).click();
  const withdrawals = page.getByRole('dialog', { name: 'Hold Account Withdrawals' });
  await withdrawals.getByRole('button', { name: 'Add Transaction' }).click();
  const add = page.getByRole('dialog', { name: 'Add Withdrawal' });
  await add.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(add.getByText('Enter an amount.')).toBeVisible();
  await add.getByRole('textbox', { name: 'Amount' }).fill('50');
  await add.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(withdrawals.getByText('Mat Day Manual Withdrawal')).toBeVisible();
  await expect(withdrawals.getByRole('button', { name: /Remove Mat Day Manual Withdrawal/ })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'distribution-withdrawals-dialog');
  await withdrawals.getByRole('button', { name: 'Close' }).click();
  await expect(figure(summary, 'Ending Balance')).toHaveText('$325.00');
  await summary.getByRole('tab', { name: 'Overview' }).click();

  // Step 4: the report is paid.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Step 4 of 5: Expenses/ })).toBeVisible();
  await expect(page.getByRole('link', { name: `#${report.id}` })).toBeVisible();
  await shoot(page, 'distribution-step-4');

  // Step 5: what goes out; Submit saves.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Step 5 of 5: Distribution/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.getByLabel('Comments').fill('Walked through by the browser test.');
  const ending = (await figure(summary, 'Ending Balance').textContent()) ?? '';
  expect(ending).toMatch(/^\$[\d,]+\.\d\d$/);
  await expectAccessible(page);
  await shoot(page, 'distribution-step-5');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Distribution saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/distributions\/pending$/);

  // The server stored what the form showed.
  const pending = await apiCall(
    request,
    await apiToken(request),
    'GET',
    `/paginated_distribution?status=pending&user_id=${missionary.id}`,
  );
  expect(pending.data).toHaveLength(1);
  const saved = pending.data[0];
  expect(`$${saved.ending_balance.toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(ending);
  // This month's wire fee was stored with the distribution; the Payroll Info keeps its $25.00.
  expect(saved).toMatchObject({ wire_fee: 0, insurance_payment: 200 });
  const profile = await apiCall(request, await apiToken(request), 'GET', `/user/${missionary.id}`);
  expect(profile.profile.wire_fee).toBe(25);

  // Approve from the Pending tab.
  await expect(page.getByRole('heading', { name: 'Distributions - Status: pending' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Approve Selected/ })).toBeDisabled();
  await expectAccessible(page);
  await shoot(page, 'distributions-pending');
  await page.getByRole('checkbox', { name: `Select row ${saved.id}` }).check();
  await page.getByRole('button', { name: 'Approve Selected (1)' }).click();
  await page.getByRole('dialog', { name: 'Approve 1 distribution?' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Distributions Approved')).toBeVisible();
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByRole('heading', { name: 'Distributions - Status: approved' })).toBeVisible();
  await expect(page.getByRole('link', { name: name })).toBeVisible();
  await shoot(page, 'distributions-approved');

  // The new fund balance on the admin user profile is the ending balance the form showed.
  await page.goto(`/admin/user/${missionary.id}/profile`);
  await expect(page.getByText(`Fund balance ${ending}`)).toBeVisible();
  // The hold account moved as the form showed: $300.00 + $75.00 deposit − $50.00 withdrawal.
  const held = await apiCall(request, await apiToken(request), 'GET', `/hold-account/${account.id}`);
  expect(held.balance).toBe(325);
  await expect(page.getByRole('heading', { name: 'Approved Distributions' })).toBeVisible();
  await expect(page.getByRole('link', { name: /\d\d\/\d\d\/\d{4} – / })).toBeVisible();
  await shoot(page, 'user-profile-distributions');
  await page.getByRole('link', { name: /\d\d\/\d\d\/\d{4} – / }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/distribution-form/${saved.id}$`));
  await expect(page.getByText('Read-only')).toBeVisible();
  await expect(figure(summary, 'Ending Balance')).toHaveText(ending);
  await logout(page);

  // The missionary opens it from their profile as a pay stub: no wizard, no office comments.
  await loginAs(page, missionary.email, missionary.password);
  await page.goto(`/profile/${missionary.id}`);
  await page.getByRole('link', { name: /\d\d\/\d\d\/\d{4} – / }).click();
  await expect(page).toHaveURL(new RegExp(`/distribution/${saved.id}$`));
  const balances = page.getByRole('table', { name: 'Balances before and after' });
  await expect(
    balances
      .getByRole('row', { name: /^Your fund/ })
      .getByRole('cell')
      .last(),
  ).toHaveText(ending);
  await expect(page.getByRole('heading', { name: /Step \d of 5/ })).toHaveCount(0);
  await expect(page.getByText('Walked through by the browser test.')).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'distribution-missionary-pay-stub');
});
