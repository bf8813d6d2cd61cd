import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiCall, apiToken, createUserViaApi, E2E_ADMIN, expectAccessible, loginAs, screenshots } from './support';

const stamp = Date.now().toString(36);

/** Clicks a template button and answers the downloaded file's name and bytes. */
async function downloadTemplate(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), content: fs.readFileSync(file) };
}

test('the import screen lists its columns, and its templates, filled in, import unchanged', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request);
  const ruth = await createUserViaApi(request, token, {
    name: `Ruth Helper ${stamp}`,
    email: `ruth.helper.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: `H-1-${stamp}`,
  });
  await createUserViaApi(request, token, {
    name: `Boaz Helper ${stamp}`,
    email: `boaz.helper.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: `H-2-${stamp}`,
  });
  await apiCall(request, token, 'POST', '/hold-account', {
    user_id: ruth.id,
    fund_name: `Ruth Helper Fund ${stamp}`,
    balance: 0,
  });

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Denari Import' }).click();
  await expect(page.getByRole('heading', { name: 'The file to import' })).toBeVisible();
  await expect(page.getByText(/^The file needs an Amount column/)).toBeVisible();
  await page.getByRole('button', { name: 'Columns the import reads' }).click();
  const columns = page.getByRole('list', { name: 'Columns the import reads' });
  await expect(columns.getByRole('listitem').filter({ hasText: 'Amount (Required)' })).toContainText('Gross amount');
  await expect(columns.getByRole('listitem').filter({ hasText: 'Account # (One of' })).toContainText('Acct #');
  await expectAccessible(page);
  await screenshots(page, 'import-help');

  // CSV: download, add rows below the header as a spreadsheet would, import it back.
  const csv = await downloadTemplate(page, 'CSV template');
  expect(csv.name).toBe('donation-import-template.csv');
  expect(csv.content.toString('utf8').replace(/^\uFEFF/, '')).toBe('Fund,Account #,Missionary,Amount,Count\r\n');
  const filled = Buffer.concat([
    csv.content,
    Buffer.from(
      [
        `Ruth Helper Fund ${stamp},,,"1,250.00",3`,
        `Personal Support,H-2-${stamp},,480.50,6`,
        `,,"Helper ${stamp}, Ruth",75.00,2`,
        '',
      ].join('\r\n'),
    ),
  ]);
  await page.getByLabel('Upload Name').fill(`Template CSV ${stamp}`);
  await page.getByTestId('denari-file').setInputFiles({ name: csv.name, mimeType: 'text/csv', buffer: filled });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Every row matched.')).toBeVisible();
  const matched = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Matched by' }) });
  await expect(matched).toBeVisible();
  await expect(matched.getByRole('row').filter({ hasText: '$1,250.00' })).toContainText('fund');
  await expect(matched.getByRole('row').filter({ hasText: '$480.50' })).toContainText('Account #');
  await expect(matched.getByRole('row').filter({ hasText: '$75.00' })).toContainText('name');
  await expectAccessible(page);
  await screenshots(page, 'import-help-matched-by');
  await page.getByRole('button', { name: 'Import 3 Donations' }).click();
  await expect(page.getByText('Import posted successfully.').first()).toBeVisible();

  // Excel: download, fill the first sheet with typed cells, import it back.
  const xlsx = await downloadTemplate(page, 'Excel template');
  expect(xlsx.name).toBe('donation-import-template.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Fund',
    'Account #',
    'Missionary',
    'Amount',
    'Count',
  ]);
  sheet.addRow([`Ruth Helper Fund ${stamp}`, null, null, 99.99, 2]);
  sheet.addRow([null, `H-2-${stamp}`, null, 10, 1]);
  await page.getByLabel('Upload Name').fill(`Template Excel ${stamp}`);
  await page.getByTestId('denari-file').setInputFiles({
    name: xlsx.name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Every row matched.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 Donations' }).click();
  await expect(page.getByText(/2 donations totalling \$109\.99 were imported/)).toBeVisible();
});
