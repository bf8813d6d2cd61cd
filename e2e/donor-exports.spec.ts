import { expect, type Page, test } from '@playwright/test';
import { apiCall, apiToken, createUserViaApi, E2E_ADMIN, expectAccessible, loginAs, screenshots } from './support';

const stamp = Date.now().toString(36);

/**
 * A Planning-Center-like gift export (decision 24, docs/decisions.md): its amount is in "Fund Amount" and its
 * date in "Received On", which the import does not know, so the office maps them once.
 */
function pcFile(month: '11' | '12'): Buffer {
  const day = (d: string) => `2026-${month}-${d}`;
  return Buffer.from(
    [
      'Donation ID,Received On,Person ID,First Name,Last Name,Email,Fund Name,Fund Amount,Fee,Payment Method,Payment Source,Refunded,Campus',
      `${month}01,${day('02')},5550101,Grace,Whitfield,grace@example.org,Okafor Vehicle ${stamp},"1,000.00",29.30,card,Church Center,false,Main`,
      // The donor's name is a missionary's: it never names the missionary; the fund (an Account #) does.
      `${month}02,${day('03')},5550102,Ruth,Okafor ${stamp},ruth@example.org,P-3-${stamp},150.00,4.65,ach,Church Center,false,Main`,
      `${month}03,${day('09')},5550103,Lee,Chen,,P-3-${stamp},80.00,0.00,check,Batch,true,North`,
      // A gift received the month before: a warning, not an error.
      `${month}04,${month === '11' ? '2026-10-28' : day('12')},5550101,Grace,Whitfield,grace@example.org,P-1-${stamp},45.50,1.62,card,Church Center,false,Main`,
    ].join('\r\n'),
  );
}

async function chooseRole(page: Page, header: string, role: string) {
  await page.getByRole('combobox', { name: `“${header}” holds` }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

async function previewFile(page: Page, uploadName: string, content: Buffer) {
  await page.getByLabel('Upload Name').fill(uploadName);
  await page
    .getByTestId('denari-file')
    .setInputFiles({ name: 'giving-export.csv', mimeType: 'text/csv', buffer: content });
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
}

test('admin maps an unknown donor export once; next month the same layout imports without mapping', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await apiToken(request);
  const ruth = await createUserViaApi(request, token, {
    name: `Ruth Okafor ${stamp}`,
    email: `ruth.okafor.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: `P-1-${stamp}`,
  });
  await createUserViaApi(request, token, {
    name: `Maria Santos ${stamp}`,
    email: `maria.santos.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: `P-3-${stamp}`,
  });
  await apiCall(request, token, 'POST', '/hold-account', {
    user_id: ruth.id,
    fund_name: `Okafor Vehicle ${stamp}`,
    balance: 0,
  });

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Denari Import' }).click();
  await expect(page.getByRole('heading', { name: 'Denari Import', level: 1 })).toBeVisible();

  // November: the layout is unknown, so the preview opens the mapping step with the first rows.
  await previewFile(page, `November 2026 (${stamp})`, pcFile('11'));
  const mapping = page.getByRole('region', { name: 'Map the columns' });
  await expect(mapping).toBeVisible();
  await expect(mapping.getByText("This file's columns are not laid out like a known export.")).toBeVisible();
  await expect(mapping.getByText('1,000.00 · 150.00 · 80.00')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'donor-export-mapping');

  await chooseRole(page, 'Fund Amount', 'Amount');
  await chooseRole(page, 'Received On', 'Gift date');
  await page.getByRole('button', { name: 'Preview with this mapping' }).click();

  // Skipped (refunded) and warned (October) rows, and the control totals.
  await expect(page.getByText('Every row matched (skipped gifts are left out).')).toBeVisible();
  const skipped = page.getByRole('list', { name: 'Skipped gifts' });
  await expect(skipped).toContainText('Row 4: Refunded — Lee Chen');
  await expect(page.getByText('1 gift skipped ($80.00)')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rows to check' })).toContainText(
    "Gift date 2026-10-28 is outside the upload's month (2026-11).",
  );
  const totals = page.getByRole('table', { name: 'Totals per missionary' });
  // 1,000.00 + 150.00 + 45.50 = 1,195.50 imported; the refunded 80.00 is not
  await expect(totals.getByRole('row', { name: /Grand total/ })).toContainText('$1,195.50');
  await expect(totals.getByRole('row', { name: new RegExp(`Maria Santos ${stamp}`) })).toContainText('$150.00');
  await expectAccessible(page);
  await screenshots(page, 'donor-export-preview');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Import 3 Donations' }).click();
  await expect(page.getByText('Import posted successfully.').first()).toBeVisible();
  const remembered = page.getByRole('list', { name: 'Remembered column mappings' });
  await expect(remembered).toContainText('Fund Amount → Amount');
  await screenshots(page, 'donor-export-imported');

  // December: the same headers, no mapping step; the preview can import at once.
  await previewFile(page, `December 2026 (${stamp})`, pcFile('12'));
  await expect(page.getByText('Every row matched (skipped gifts are left out).')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map the columns' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Rows to check' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Import 3 Donations' }).click();
  await expect(page.getByText('Import posted successfully.').first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'donor-export-next-month');

  // The donations list shows each gift's donor to staff.
  await page.getByRole('link', { name: 'View donations' }).click();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: '$150.00' })).toContainText(`Ruth Okafor ${stamp}`);
  await expect(rows.filter({ hasText: '$150.00' })).toContainText(`Maria Santos ${stamp}`);
  await expectAccessible(page);
  await screenshots(page, 'donor-export-donations');
});
