import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, apiToken, createUserViaApi, E2E_ADMIN, expectAccessible, loginAs, screenshots } from './support';

/**
 * A month with two donation files (docs/distribution.md "Several uploads in a month"): the office
 * imports the online gifts and the check deposits of one month; the Distribution Form preselects
 * both for the missionary, fills that month's dates, and the approved distribution takes every gift
 * of both, leaving nothing undistributed.
 */

const stamp = Date.now();
const name = `Lydia Thyatira ${stamp}`;
const accountNumber = `E2E-2U-${stamp}`;
const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const online = `${month} online ${stamp}`;
const checks = `${month} checks ${stamp}`;

function thisMonth() {
  const now = new Date();
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    start: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    end: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))),
  };
}

function figure(scope: Page | Locator, label: string): Locator {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
}

test('a MAT Day with two uploads: both preselected, both distributed', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiToken(request);
  const missionary = await createUserViaApi(request, admin, {
    name,
    email: `lydia.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: accountNumber,
  });
  await apiCall(request, admin, 'POST', `/user/${missionary.id}`, { fund_balance: '1000.00' });
  // Two files for one month: $2,400.00 given online, $900.00 in checks.
  for (const [upload, amount, count] of [
    [online, '2400.00', '6'],
    [checks, '900.00', '2'],
  ]) {
    const csv = ['Fund,Amount,Count,Account #,Name', `General,${amount},${count},${accountNumber},${name}`].join('\n');
    const imported = await request.post('/api/donation/denari-upload', {
      headers: { 'api-token': admin },
      multipart: {
        upload_name: upload,
        denari: { name: 'donations.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      },
    });
    expect(imported.status(), await imported.text()).toBe(201);
  }

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/distribution-form');
  await page.getByRole('combobox', { name: 'Missionary' }).fill(name.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(name) }).click();
  // Both files still hold her undistributed gifts: both are chosen, and their month fills the dates.
  await expect(page.getByRole('button', { name: online })).toBeVisible();
  await expect(page.getByRole('button', { name: checks })).toBeVisible();
  const { start, end } = thisMonth();
  await expect(page.getByLabel('From Date')).toHaveValue(start);
  await expect(page.getByLabel('To Date')).toHaveValue(end);
  const summary = page.getByRole('region', { name: 'Summary' });
  // 2,400.00 + 900.00 = 3,300.00 from the two files.
  await expect(figure(summary, 'Total Donations')).toHaveText('$3,300.00');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await expectAccessible(page);
  await screenshots(page, 'two-uploads-form');

  for (let step = 0; step < 4; step += 1) await page.getByRole('button', { name: 'Next' }).click();
  const ending = (await figure(summary, 'Ending Balance').textContent()) ?? '';
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Distribution saved!')).toBeVisible();

  const pending = await apiCall(
    request,
    admin,
    'GET',
    `/paginated_distribution?status=pending&user_id=${missionary.id}`,
  );
  expect(pending.data).toHaveLength(1);
  const saved = pending.data[0];
  expect([...saved.donation_upload_names].sort()).toEqual([checks, online].sort());
  expect(saved.total_donations).toBe(3300);

  await page.getByRole('checkbox', { name: `Select row ${saved.id}` }).check();
  await page.getByRole('button', { name: 'Approve Selected (1)' }).click();
  await page.getByRole('dialog', { name: 'Approve 1 distribution?' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Distributions Approved')).toBeVisible();

  // Every gift of both files is distributed: none is left behind, and the fund took them all.
  expect(await apiCall(request, admin, 'GET', `/donation/undistributed?user_id=${missionary.id}`)).toEqual([]);
  await page.goto(`/admin/user/${missionary.id}/profile`);
  // A shared machine can take long to load the profile: wait as long as the approval may.
  await expect(page.getByText(`Fund balance ${ending}`)).toBeVisible({ timeout: 30_000 });
  // The approved distribution names both files (read-only chips).
  await page.goto(`/admin/distribution-form/${saved.id}`);
  await expect(page.getByText(online, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(checks, { exact: true })).toBeVisible();
  await expect(figure(summary, 'Total Donations')).toHaveText('$3,300.00');
  await expectAccessible(page);
  await screenshots(page, 'two-uploads-approved');
});
