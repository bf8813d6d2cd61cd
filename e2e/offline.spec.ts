import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { largePhoto } from './expense-support';
import { addKesExpense, addMileage, goOffline, missionary, onlineOnce } from './offline-support';
import { apiCall } from './support';

/**
 * A missionary adds two expenses, a mileage trip and a 6 MB phone photo without a
 * connection, reloads the page while still offline and finds them waiting; when the link returns
 * they are sent in order, exactly once, and the photo arrives shrunk below 2 MB.
 */
const SHOTS = 'screenshots';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
}

test('drafts made offline survive a reload and are sent once when the link returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { categories, user: ruth, token } = await missionary(request, 'Ruth');
  const report = await apiCall(request, token, 'POST', '/expense-report', {
    type: 'reimbursement',
    distance_type: 'km',
    user_id: ruth.id,
  });

  // Online once: the app installs its service worker and keeps a copy of the draft.
  await onlineOnce(page, ruth, `/expense-report/${report.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Expense Report' })).toBeVisible();

  await goOffline(page, context);
  await shot(page, 'offline-state');

  for (const [date, amount] of [
    ['2026-03-10', '4750'],
    ['2026-03-11', '120,50'],
  ]) {
    await addKesExpense(page, date, categories.lodging.expense_category, amount);
  }
  await addMileage(page, '2026-03-12', '12000', '12042');
  const photo = largePhoto();
  expect(photo.length).toBeGreaterThan(6 * 1024 * 1024);
  await page.locator('#receipt-file').setInputFiles({ name: 'IMG_2041.PNG', mimeType: 'image/png', buffer: photo });
  const badge = page.getByRole('status').filter({ hasText: 'Waiting to send' });
  await expect(badge).toContainText('Waiting to send (4)');
  await expect(badge).toContainText('IMG_2041.jpg');

  // Submitting needs the server, and says so.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Submitting needs a connection.')).toBeVisible();

  // A reload without a connection: the shell from the service worker, the drafts from this device.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit Expense Report' })).toBeVisible();
  await expect(badge).toContainText('Waiting to send (4)');
  await shot(page, 'waiting-to-send');

  await context.setOffline(false);
  await expect(badge).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('KES 4,750.00')).toBeVisible();

  // The server holds each exactly once, and the photo is a JPEG under 2 MB, at most 2,000 px wide.
  const stored = await apiCall(request, token, 'GET', `/expense-report/${report.id}`);
  expect(stored.expense.map((e: { field_currency: number }) => e.field_currency).sort()).toEqual([120.5, 4750]);
  expect(stored.mileage).toHaveLength(1);
  expect(stored.file_upload).toHaveLength(1);
  const [receipt] = stored.file_upload;
  expect(receipt.content_type).toBe('image/jpeg');
  expect(receipt.size_bytes).toBeLessThan(2 * 1024 * 1024);
  const size = await page.evaluate(async (id) => {
    const token = decodeURIComponent(document.cookie.split('token=')[1].split(';')[0]);
    const blob = await (await fetch(`/api/fileUpload/${id}`, { headers: { 'api-token': token } })).blob();
    const bitmap = await createImageBitmap(blob);
    return { width: bitmap.width, height: bitmap.height };
  }, receipt.id);
  // 2200 × 1500 landscape → 2000 × 1364, the right way up.
  expect(size).toEqual({ width: 2000, height: 1364 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'foreign-currency-expense');
});
