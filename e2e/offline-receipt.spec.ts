import { expect, test } from '@playwright/test';
import { receiptPhoto } from './expense-support';
import { goOffline, missionary, onlineOnce } from './offline-support';
import { apiCall, expectAccessible, screenshots } from './support';

/**
 * A receipt photographed offline is sent while the missionary is on the dashboard (which sends what
 * waits too). Opened again without a connection, the report shows that receipt as sent — not "No
 * receipts yet", which would have them upload it a second time.
 */
test('an offline reload shows a receipt the dashboard already sent', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { user, token } = await missionary(request, 'Lydia');
  const report = await apiCall(request, token, 'POST', '/expense-report', {
    type: 'reimbursement',
    distance_type: 'km',
    user_id: user.id,
  });
  const editor = `/expense-report/${report.id}/edit`;

  // Online once: the report's copy (no receipts yet) is kept on the phone.
  await onlineOnce(page, user, editor, [`report-${report.id}`]);
  await expect(page.getByText('No receipts yet')).toBeVisible();

  await goOffline(page, context);
  await page
    .locator('#receipt-file')
    .setInputFiles({ name: 'till.png', mimeType: 'image/png', buffer: receiptPhoto() });
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toContainText('Waiting to send (1)');

  // The link returns on the dashboard, which sends the receipt.
  await page.goto(`/dashboard/${user.id}`);
  await context.setOffline(false);
  const receipts = async () => (await apiCall(request, token, 'GET', `/expense-report/${report.id}`)).file_upload;
  await expect.poll(async () => (await receipts()).length, { timeout: 30_000 }).toBe(1);
  await expect(page.getByRole('status', { name: 'Kept on this device' })).toBeHidden();

  // Offline again, the report is opened and reloaded: the receipt is there, sent, and nothing waits.
  await goOffline(page, context);
  await page.goto(editor);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit Expense Report' })).toBeVisible();
  await expect(page.getByText('till.png')).toBeVisible();
  await expect(page.getByText('No receipts yet')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toHaveCount(0);
  expect(await receipts()).toHaveLength(1);
  await expectAccessible(page);
  await screenshots(page, 'offline-reload-sent-receipt');
});
