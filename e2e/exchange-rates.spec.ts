import { expect, test } from '@playwright/test';
import { apiCall, apiToken, E2E_ADMIN, expectAccessible, loginAs, screenshots } from './support';

/**
 * Decision 37 on the admin's side: Settings → Exchange Rates. A CSV with a bad line is refused whole
 * (the API's 422 names the row, the screen lists it and says nothing was imported); fixed, it is
 * imported and listed by month, each rate read both ways; a month's rate is then changed by hand.
 */
test('an admin imports exchange rates: a bad row is named and nothing kept; fixed, they are listed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request);
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'Exchange Rates' }).click();
  await expect(page.getByRole('heading', { name: 'Exchange Rates', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Months no other test uses, so the list shows this file's rows whatever ran before.
  const bad = 'month,currency,rate\n1999-01,KES,103.25\n1999-01,TZS,two thousand\n1999-01,USD,1\n';
  await page.locator('#exchange-rates-file').setInputFiles({
    name: 'rates-january.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bad),
  });
  const confirm = page.getByRole('dialog', { name: 'Import these exchange rates?' });
  await expect(confirm).toContainText('rates-january.csv holds 3 rates.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Import' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Nothing was imported from rates-january.csv' });
  await expect(refused).toContainText('Row 3: Rate must be a number.');
  await expect(refused).toContainText('Row 4: Currency must be an ISO 4217 code other than USD.');
  // The server kept none of the file, not even its good first line.
  const kept = async () =>
    (await apiCall<{ month: string }[]>(request, admin, 'GET', '/exchange-rates')).filter((r) => r.month === '1999-01');
  expect(await kept()).toEqual([]);
  await expectAccessible(page);
  await screenshots(page, 'exchange-rates-refused-import');

  // The same file fixed: imported, and listed by month with each rate read both ways.
  const good = 'month,currency,rate\n1999-01,KES,103.25\n1999-01,TZS,2000\n';
  await page.locator('#exchange-rates-file').setInputFiles({
    name: 'rates-january.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(good),
  });
  await confirm.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Exchange rates imported.')).toBeVisible();
  await expect(refused).toBeHidden();
  expect(await kept()).toHaveLength(2);
  await page.getByLabel('Search month or currency').fill('January 1999');
  const kes = page.getByRole('row').filter({ hasText: 'January 1999' }).filter({ hasText: 'KES' });
  await expect(kes).toContainText('1 US$ = 103.25 KES');
  await expect(kes).toContainText('1 KES = 0.0097 US$');

  // A month's rate changed by hand, read as the sum it is.
  await kes.getByRole('button', { name: 'Edit KES January 1999' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Exchange Rate' });
  await edit.getByRole('textbox', { name: 'Exchange rate: KES for 1 US$' }).fill('104,5');
  await expectAccessible(page);
  await screenshots(page, 'exchange-rate-edit');
  await edit.getByRole('button', { name: 'Save Rate' }).click();
  await expect(page.getByText('Exchange rate saved.')).toBeVisible();
  await expect(kes).toContainText('1 US$ = 104.50 KES');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'exchange-rates-list');
});
