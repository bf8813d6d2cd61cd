import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  createUserViaApi,
  E2E_ADMIN,
  expectAccessible,
  expectTableFits,
  loginAs,
  screenshots,
} from './support';

/**
 * Approve Selected lists each flagged distribution with its flags; a flagged one goes through
 * only when every flag is ticked as reviewed, and an unflagged one goes straight through.
 */

const stamp = Date.now();
// A month of its own, far from the other specs' periods, so nothing overlaps.
const PERIOD = { start: '2031-03-01', end: '2031-03-31' };

async function pendingDistribution(
  request: APIRequestContext,
  admin: string,
  name: string,
  payroll: { net_salary: string; fund_balance: string },
) {
  const user = await createUserViaApi(request, admin, {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@field.example`,
    role: 'missionary',
  });
  await apiCall(request, admin, 'POST', `/user/${user.id}`, { ...payroll, tax_status: '1099', fica_tax: 0 });
  return apiCall(request, admin, 'POST', '/distribution', {
    user_id: user.id,
    start_date: PERIOD.start,
    end_date: PERIOD.end,
    hold_account_transactions: [],
    advance_requests: [],
  });
}

test('a MAT Day with two flagged distributions is approved through the review dialog', async ({ page, request }) => {
  const admin = await apiToken(request);
  // Salaries their funds cannot pay: each ends below zero and is flagged.
  const short = await pendingDistribution(request, admin, `Amos Short ${stamp}`, {
    net_salary: '1000.00',
    fund_balance: '100.00',
  });
  const shorter = await pendingDistribution(request, admin, `Hosea Short ${stamp}`, {
    net_salary: '800.00',
    fund_balance: '0.00',
  });
  const clear = await pendingDistribution(request, admin, `Joel Clear ${stamp}`, {
    net_salary: '500.00',
    fund_balance: '5000.00',
  });
  expect(short.review_flags.map((f: { code: string }) => f.code)).toContain('negative_ending_balance');
  expect(shorter.review_flags.map((f: { code: string }) => f.code)).toContain('negative_ending_balance');
  expect(clear.review_flags).toEqual([]);

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/admin/distributions/pending?q=${stamp}`);
  await expect(page.getByText(`Joel Clear ${stamp}`)).toBeVisible();
  // At 1280 px beside the menu the review chips and the row actions fit without scrolling.
  await page.setViewportSize({ width: 1280, height: 800 });
  const lastDelete = page.getByRole('button', { name: `Delete distribution #${short.id}` });
  await expect(lastDelete).toBeInViewport();
  const table = page.locator('main .MuiTableContainer-root');
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await screenshots(page, 'distributions-pending');
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Approve Selected (3)' }).click();

  // Only the unflagged one would go; the two flagged ones wait for their ticks.
  // The dialog's title follows the ticks, so it is found by role and its title checked as it changes.
  const dialog = page.getByRole('dialog');
  await expect(page.getByRole('dialog', { name: 'Approve 1 distribution?' })).toBeVisible();
  await expect(dialog.getByText('2 distributions need a look first')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('2 of 3 selected are left out until every flag is ticked.');
  await expectAccessible(page);
  await screenshots(page, 'approve-review-dialog');

  const ticks = dialog.getByRole('checkbox', { name: /^Reviewed: / });
  const count = await ticks.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let index = 0; index < count; index++) await ticks.nth(index).check();
  await expect(page.getByRole('dialog', { name: 'Approve 3 distributions?' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await screenshots(page, 'approve-review-dialog-ticked');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Distributions Approved')).toBeVisible();
  // The approved list, with View and Statement on each row, fits at 1280 px too.
  await page.goto(`/admin/distributions/approved?q=${stamp}`);
  await expect(page.getByRole('button', { name: new RegExp(`^Statement of Joel Clear ${stamp}`) })).toBeVisible();
  await expectTableFits(page);
  await screenshots(page, 'distributions-approved');

  // All three are approved; the approval of a flagged one names its reviewer in the audit trail (API test).
  for (const distribution of [short, shorter, clear]) {
    const read = await apiCall(request, admin, 'GET', `/distribution/${distribution.id}`);
    expect(read.status).toBe('approved');
  }
});
