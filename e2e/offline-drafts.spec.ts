import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { receiptPhoto } from './expense-support';
import { addKesExpense, addMileage, goOffline, missionary, onlineOnce } from './offline-support';
import { apiCall, apiToken, expectAccessible, loginAs } from './support';

/**
 * Offline expense entry and receipts from the camera: a report started
 * without a connection, its lines edited and deleted before they are sent, a sent line changed
 * offline, a conflict with the office shown (never overwritten), and a HEIC photo as a file card.
 */
const SHOTS = '.tmp/screens';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
}

test('a report started offline, edited before it is sent, is sent once with its lines', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { categories, user, token } = await missionary(request, 'Esther');

  // Online once: the service worker installs and the dashboard keeps what the forms read offline.
  await onlineOnce(page, user, `/dashboard/${user.id}`, ['categories', 'settings', `hold-accounts-${user.id}`]);

  await goOffline(page, context);
  await page.getByRole('link', { name: 'New Expense Report' }).click();
  const start = page.getByRole('dialog', { name: 'Do you want to start a new report?' });
  await expect(start).toContainText('You are offline. The report is kept on this device');
  await expectAccessible(page);
  await shot(page, 'offline-new-report');
  await start.getByRole('button', { name: 'Start Report' }).click();
  await expect(page).toHaveURL(/\/expense-report\/offline-\d+\/edit$/);
  await expect(page.getByText('New report, kept on this device until it is sent')).toBeVisible();

  await addKesExpense(page, '2026-03-10', categories.lodging.expense_category, '4750');
  await addKesExpense(page, '2026-03-11', categories.meals.expense_category, '2500');
  // The first trip's dialog asks for the unit, which the report keeps.
  await addMileage(page, '2026-03-12', '12000', '12042', 'Kilometers');
  await page
    .locator('#receipt-file')
    .setInputFiles({ name: 'till.png', mimeType: 'image/png', buffer: receiptPhoto() });
  const badge = page.getByRole('status').filter({ hasText: 'Waiting to send (' });
  await expect(badge).toContainText('Waiting to send (5)');

  // A reload without a connection: the report and its lines come back from this device.
  await page.reload();
  await expect(page.getByText('New report, kept on this device until it is sent')).toBeVisible();
  await expect(badge).toContainText('Waiting to send (5)');
  await expect(page.getByText('Waiting to send', { exact: true })).toHaveCount(4); // 2 expenses, a trip, a receipt
  await expect(page.getByText('KES 2,500.00')).toBeVisible();
  await expect(page.getByText('Distances in kilometers')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'waiting-to-send');

  // The dashboard lists it (the server's list cannot load offline) and opens it again.
  await page.goto(`/dashboard/${user.id}`);
  const kept = page.getByRole('status', { name: 'Kept on this device' });
  await expect(kept).toContainText('Waiting to send (5)');
  await expect(kept).toContainText('(4 lines)');
  await kept.getByRole('link', { name: /^New report started/ }).click();
  await expect(page.getByText('New report, kept on this device until it is sent')).toBeVisible();

  // Submitting needs the server, and says so.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Submitting needs a connection.')).toBeVisible();

  // Edit one line and delete another before they are sent.
  const actions = page.getByRole('button', { name: /^Actions for expense of/ });
  await actions.nth(1).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Expense' });
  await edit.getByLabel('Amount (KES)').fill('2600');
  await edit.getByRole('button', { name: 'Save Expense' }).click();
  await expect(edit).toBeHidden();
  await actions.nth(0).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete expense?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(badge).toContainText('Waiting to send (4)');
  await expect(page.getByText('KES 2,600.00')).toBeVisible();
  await expect(page.getByText('KES 4,750.00')).toBeHidden();
  await expectAccessible(page);

  // The link returns: the report first, then its lines, against its real id.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/expense-report\/\d+\/edit$/, { timeout: 30_000 });
  const id = Number(/expense-report\/(\d+)\/edit/.exec(page.url())![1]);
  // The page moves to the real id as soon as the report is made; its lines follow (the receipt last).
  const counts = async () => {
    const report = await apiCall(request, token, 'GET', `/expense-report/${id}`);
    return [report.expense.length, report.mileage.length, report.file_upload.length];
  };
  await expect.poll(counts, { timeout: 30_000 }).toEqual([1, 1, 1]);
  await expect(page.getByText('KES 2,600.00')).toBeVisible();
  await expect(badge).toBeHidden();
  const mine = await apiCall(request, token, 'GET', `/paginated_expense_report?user_id=${user.id}`);
  expect(mine.total_count).toBe(1);
  const stored = await apiCall(request, token, 'GET', `/expense-report/${id}`);
  expect(stored.distance_type).toBe('km');
  expect(stored.expense.map((e: { field_currency: number }) => e.field_currency)).toEqual([2600]);
  expect(stored.mileage.map((m: { total_distance: number }) => m.total_distance)).toEqual([42]);
  expect(stored.file_upload).toHaveLength(1);

  // Offline again: a sent line is changed and a sent trip deleted; both wait, then are sent.
  await goOffline(page, context);
  await page.getByRole('button', { name: /^Actions for expense of/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await edit.getByLabel('Amount (KES)').fill('2700');
  await edit.getByRole('button', { name: 'Save Expense' }).click();
  await expect(page.getByText('Change waiting to send')).toBeVisible();
  await page.getByRole('button', { name: /^Actions for trip of/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete trip?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: /^Actions for trip of/ })).toHaveCount(0);
  await expect(badge).toContainText('Waiting to send (2)');
  await context.setOffline(false);
  await expect(badge).toBeHidden({ timeout: 30_000 });
  const changed = await apiCall(request, token, 'GET', `/expense-report/${id}`);
  expect(changed.expense.map((e: { field_currency: number }) => e.field_currency)).toEqual([2700]);
  expect(changed.mileage).toEqual([]);

  // A conflict: the report is submitted elsewhere while a line waits here. The line is refused,
  // shown with the server's words, and kept until the user decides.
  await goOffline(page, context);
  await addKesExpense(page, '2026-03-13', categories.lodging.expense_category, '100');
  await apiCall(request, token, 'PATCH', `/submit/expense-report/${id}`, {});
  await context.setOffline(false);
  const refused = page.getByRole('alert').filter({ hasText: 'Not sent: Expense: 03/13/2026' });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText('Nothing was overwritten');
  // The report can no longer be edited: the choice is to send it as it is once more, or discard it.
  await expect(refused.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(refused.getByRole('button', { name: 'Discard' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page);
  await shot(page, 'conflict');
  const after = await apiCall(request, token, 'GET', `/expense-report/${id}`);
  expect(after.expense).toHaveLength(1);
  // Not retried alone: a reload (which sends what waits) leaves it refused.
  await page.reload();
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Discard' }).click();
  await expect(refused).toBeHidden();
});

test('what waits is sent from the dashboard when the link returns, without opening the report', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { categories, user, token } = await missionary(request, 'Dorcas');
  await onlineOnce(page, user, `/dashboard/${user.id}`, ['categories', 'settings', `hold-accounts-${user.id}`]);

  await goOffline(page, context);
  await page.getByRole('link', { name: 'New Expense Report' }).click();
  await page
    .getByRole('dialog', { name: 'Do you want to start a new report?' })
    .getByRole('button', { name: 'Start Report' })
    .click();
  await expect(page).toHaveURL(/\/expense-report\/offline-\d+\/edit$/);
  await addKesExpense(page, '2026-03-10', categories.lodging.expense_category, '4750');

  await page.goto(`/dashboard/${user.id}`);
  const kept = page.getByRole('status', { name: 'Kept on this device' });
  await expect(kept).toContainText('Waiting to send (2)'); // the report and its expense
  await context.setOffline(false);
  await expect(kept).toBeHidden({ timeout: 30_000 });
  const mine = await apiCall(request, token, 'GET', `/paginated_expense_report?user_id=${user.id}`);
  expect(mine.total_count).toBe(1);
  const report = await apiCall(request, token, 'GET', `/expense-report/${mine.data[0].id}`);
  expect(report.expense.map((e: { field_currency: number }) => e.field_currency)).toEqual([4750]);
  // The history shows it without a reload.
  await expect(page.getByRole('link', { name: 'Edit' }).or(page.getByRole('button', { name: 'Edit' }))).toHaveCount(1);
});

/** The first bytes of an iPhone photo (an ISO "ftyp" box, brand heic): Chromium cannot decode it. */
function heicPhoto(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic', 'ascii'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic', 'ascii'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(300 * 1024, 7)]);
}

test('a HEIC photo the browser cannot convert is uploaded as it is and shown as a file card', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { user, token } = await missionary(request, 'Lydia');
  const report = await apiCall(request, token, 'POST', '/expense-report', { type: 'reimbursement', user_id: user.id });
  await loginAs(page, user.email, user.password);
  await page.goto(`/expense-report/${report.id}/edit`);
  await page
    .locator('#receipt-file')
    .setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heicPhoto() });

  // The server's name (decision 19), not the name the phone gave it: the card of the sent receipt.
  const card = page.getByRole('listitem').filter({ hasText: /img_0001\.heic/ });
  await expect(card).toContainText('HEIC photo');
  await expect(card).toContainText('300 KB');
  await expect(card.getByRole('img')).toHaveCount(0); // no broken picture
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download img_0001.heic' }).click();
  expect((await download).suggestedFilename()).toBe('img_0001.heic');
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'heic-card');

  const stored = await apiCall(request, token, 'GET', `/expense-report/${report.id}`);
  expect(stored.file_upload).toMatchObject([{ filename: 'img_0001.heic', content_type: 'image/heic' }]);

  // The office sees the same card.
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staff = await office.newPage();
  await loginAs(staff, 'admin@e2e.test', 'admin-pass-1');
  await staff.goto(`/expense-report/${report.id}`);
  const officeCard = staff.getByRole('listitem').filter({ hasText: /img_0001\.heic/ });
  await expect(officeCard).toContainText('HEIC photo');
  await expect(officeCard.getByRole('button', { name: 'Download img_0001.heic' })).toBeVisible();
  await expectAccessible(staff);
  await office.close();
});

test('a line the office made invalid meanwhile is refused, kept, and sent once the user fixes it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { categories, user, token } = await missionary(request, 'Phoebe');
  const report = await apiCall(request, token, 'POST', '/expense-report', { type: 'reimbursement', user_id: user.id });
  await onlineOnce(page, user, `/expense-report/${report.id}/edit`, ['categories']);
  await expect(page.getByRole('heading', { name: 'Edit Expense Report' })).toBeVisible();

  await goOffline(page, context);
  await addKesExpense(page, '2026-04-02', categories.lodging.expense_category, '3000');
  // Meanwhile the office deletes the category (no record used it yet).
  await apiCall(request, await apiToken(request), 'DELETE', `/categories/${categories.lodging.id}`);
  await context.setOffline(false);
  const refused = page.getByRole('alert').filter({ hasText: 'Not sent: Expense: 04/02/2026' });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Not sent — see the message above')).toBeVisible();

  await refused.getByRole('button', { name: 'Keep editing' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Expense' });
  await expect(edit.getByLabel('Amount (KES)')).toHaveValue('3000.00');
  await edit.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: categories.meals.expense_category }).click();
  await edit.getByRole('button', { name: 'Save Expense' }).click();
  await expect(edit).toBeHidden();
  await expect(refused).toBeHidden();
  const stored = await apiCall(request, token, 'GET', `/expense-report/${report.id}`);
  expect(stored.expense).toMatchObject([{ field_currency: 3000, expense_code: categories.meals.id }]);
});
