import { expect, test } from '@playwright/test';
import { apiToken, createUserViaApi, E2E_ADMIN, expectAccessible, loginAs, screenshots } from './support';

const stamp = Date.now().toString(36);
/**
 * The server's database: PostgreSQL when DATABASE_URL is set (the progress record is written beside
 * the import's transaction, so the page sees rows being written), else the embedded one (whose one
 * connection the import holds: the page sees the start and the end).
 */
const POSTGRES = Boolean(process.env.DATABASE_URL);
const ROWS = POSTGRES ? 60_000 : 3_000;
const MISSIONARIES = 3;

/** `month` makes each file's rows (and so its hash) its own. */
function giftFile(month: number) {
  const lines = ['Account #,Amount,Count'];
  for (let i = 0; i < ROWS; i++) lines.push(`P-${i % MISSIONARIES}-${stamp},${(month + (i % 50)).toFixed(2)},1`);
  return { name: `gifts-${month}.csv`, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) };
}

test('a large import shows n of N with the missionary, then the finished and the failed state', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request);
  const names = ['Lydia', 'Priscilla', 'Phoebe'].map((name) => `${name} Import ${stamp}`);
  for (const [i, name] of names.entries()) {
    await createUserViaApi(request, token, {
      name,
      email: `import.progress.${i}.${stamp}@field.example`,
      role: 'missionary',
      missionary_number: `P-${i}-${stamp}`,
    });
  }
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/denari-import');
  const file = giftFile(1);
  await page.getByLabel('Upload Name').fill(`Progress ${stamp}`);
  await page.getByTestId('denari-file').setInputFiles(file);
  await page.getByRole('button', { name: 'Preview' }).click();
  const importButton = page.getByRole('button', { name: `Import ${ROWS} Donations` });
  await expect(importButton).toBeVisible({ timeout: 60_000 });

  // The import's answer is held back until the page has shown the finished progress, so the bar is
  // seen whatever the speed of the import.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/donation/denari-upload', async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  await importButton.click();
  const bar = page.getByRole('progressbar', { name: 'Importing donations' });
  if (POSTGRES) {
    // Rows being written: "Importing 5,000 of 60,000: Lydia Import …".
    const running = page.getByText(
      new RegExp(`^Importing [\\d,]+ of ${ROWS.toLocaleString('en-US')}: .+ Import ${stamp}$`),
    );
    await expect(running).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: 'test-results/screenshots/import-progress-running-1280.png' });
  }
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 });
  await expect(
    page.getByText(`Imported ${ROWS.toLocaleString('en-US')} of ${ROWS.toLocaleString('en-US')}.`),
  ).toBeVisible();
  await screenshots(page, 'import-progress-done');
  // Checked while the answer is held back and the form is disabled: the helper text under a disabled
  // field keeps a readable contrast (the theme's secondary text colour, not MUI's 38 % grey).
  await expectAccessible(page);
  release();
  await expect(page.getByText('Import posted successfully.').first()).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(page);
  await page.unroute('**/api/donation/denari-upload');

  // A second file, previewed; before the office presses Import, the same file is imported by
  // someone else (here through the API): the import is refused and the progress says so.
  const second = giftFile(2);
  await page.getByLabel('Upload Name').fill(`Progress second ${stamp}`);
  await page.getByTestId('denari-file').setInputFiles(second);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(importButton).toBeVisible({ timeout: 60_000 });
  const elsewhere = await request.post('/api/donation/denari-upload', {
    headers: { 'api-token': token },
    multipart: { upload_name: `Progress elsewhere ${stamp}`, denari: second },
  });
  expect(elsewhere.status()).toBe(201);
  await importButton.click();
  await expect(
    page.getByText(/^The import failed: This file was already imported on .+ as "Progress elsewhere/),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(bar).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'import-progress-failed');
});
