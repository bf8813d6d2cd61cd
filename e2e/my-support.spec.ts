import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  createUserViaApi,
  expectAccessible,
  expectTableFits,
  loginAs,
  screenshots,
} from './support';

/** `YYYY-MM-15` of the month `back` months before this one. */
function monthsAgo(back: number): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15));
  return day.toISOString().slice(0, 10);
}

/**
 * My Support (decision 36, docs/decisions.md) in the browser: a missionary's 24 months with one new
 * giver and one who stopped, first without donor names (the default), then with the setting on; and
 * the same page reached by staff from the profile.
 */
test('a missionary reads their support, with donor names only once the office allows it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const suffix = String(Date.now());
  const admin = await apiToken(request);
  const account = `S-${suffix.slice(-5)}`;
  const ruth = await createUserViaApi(request, admin, {
    name: `Ruth Support ${suffix}`,
    email: `ruth.support.${suffix}@field.example`,
    role: 'missionary',
    missionary_number: account,
  });
  const row = (donor: string, id: string, date: string, amount: string) =>
    `General,${amount},${account},${donor},${id},${date}`;
  const csv = [
    'Fund,Amount,Account #,Donor name,Donor ID,Gift date',
    // Stopped: four of the six months before the last two, nothing since.
    ...[7, 6, 4, 2].map((back) => row('Grace Mills', `D1-${suffix}`, monthsAgo(back), '50.00')),
    // Regular, every month for ten months.
    ...[9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((back) => row('Samuel Chen', `D2-${suffix}`, monthsAgo(back), '120.00')),
    // New this month.
    row('Ada Abara', `D3-${suffix}`, monthsAgo(0), '35.00'),
  ].join('\n');
  const imported = await request.post('/api/donation/denari-upload', {
    headers: { 'api-token': admin },
    multipart: {
      upload_name: `Support ${suffix}`,
      denari: { name: 'gifts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  await apiCall(request, admin, 'PATCH', '/settings', { show_donor_names_to_missionaries: 0 });

  await loginAs(page, ruth.email, ruth.password);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Support' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Giving per month from/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New givers this month (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Givers who stopped (1)' })).toBeVisible();
  await expect(page.getByText('A new giver')).toBeVisible();
  await expect(page.getByText('Gave in 4 of 6 months', { exact: false })).toBeVisible();
  await expect(page.getByText(/Grace Mills|Samuel Chen|Ada Abara/)).toHaveCount(0);
  await expect(page.getByText(/shows donor names to its missionaries only when/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download givers (CSV)' })).toHaveCount(0);
  // The months' list: newest first, and beside the menu at 1280 px without scrolling sideways.
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('$155.00');
  await expectTableFits(page);
  await expectAccessible(page);
  await screenshots(page, 'my-support-without-names');

  await apiCall(request, admin, 'PATCH', '/settings', { show_donor_names_to_missionaries: 1 });
  try {
    await page.reload();
    await expect(page.getByText('Ada Abara')).toBeVisible();
    await expect(page.getByText('Grace Mills')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download givers (CSV)' }).click();
    const file = await download;
    const text = fs.readFileSync(await file.path(), 'utf8');
    expect(text).toContain('Samuel Chen');
    await expectAccessible(page);
    // From the top: a full-page shot of a scrolled page draws the fixed app bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshots(page, 'my-support-with-names');
  } finally {
    await apiCall(request, admin, 'PATCH', '/settings', { show_donor_names_to_missionaries: 0 });
  }
});

test('staff open any missionary’s support from the profile, with donor names', async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now());
  const admin = await apiToken(request);
  const daniel = await createUserViaApi(request, admin, {
    name: `Daniel Support ${suffix}`,
    email: `daniel.support.${suffix}@field.example`,
    role: 'missionary',
  });
  const clerk = await createUserViaApi(request, admin, {
    name: `Ira Support ${suffix}`,
    email: `ira.support.${suffix}@office.example`,
    role: 'employee',
  });
  await loginAs(page, clerk.email, clerk.password);
  await page.goto(`/admin/user/${daniel.id}/profile`);
  await page.getByRole('link', { name: 'Open Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank-you letters' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to profile' })).toBeVisible();
  await expectAccessible(page);
});
