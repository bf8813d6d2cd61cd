import { expect, test } from '@playwright/test';
import { receiptPhoto } from './expense-support';
import { goOffline, missionary, onlineOnce } from './offline-support';
import { apiCall, apiToken, expectAccessible, screenshots } from './support';

/**
 * Offline on the phone: an expense in Tanzanian shillings takes the office's rate kept on the device,
 * the report's total says what is sent and what waits (dates as the app writes them), and a receipt
 * photographed offline is sent while the missionary is on the dashboard (which sends what waits
 * too). Opened again without a connection, the report shows that receipt as sent — not "No receipts
 * yet", which would have them upload it a second time.
 */
test('offline: the last known rate is suggested, the total says what waits, a sent receipt stays shown', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { categories, user, token } = await missionary(request, 'Lydia');
  const report = await apiCall(request, token, 'POST', '/expense-report', {
    type: 'reimbursement',
    distance_type: 'km',
    user_id: user.id,
  });
  const editor = `/expense-report/${report.id}/edit`;
  const today = await page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
  const shown = `${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`;
  await apiCall(request, await apiToken(request), 'PUT', '/exchange-rates', {
    rates: [{ month: today.slice(0, 7), currency: 'TZS', rate: '2500' }],
  });

  // Online once: the report's copy (no receipts yet) and the office's rates are kept on the phone.
  await onlineOnce(page, user, editor, [`report-${report.id}`, 'exchange-rates', 'categories']);
  await expect(page.getByText('No receipts yet')).toBeVisible();

  await goOffline(page, context);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: categories.lodging.expense_category }).click();
  await form.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'TZS — Tanzanian Shilling' }).click();
  await expect(form.getByRole('textbox', { name: 'Exchange rate: TZS for 1 US$' })).toHaveValue('2500');
  await form.getByLabel('Amount (TZS)').fill('50000');
  // 50,000 TZS ÷ 2,500 = $20.00
  await expect(form.getByRole('status')).toContainText('US$ amount:$20.00');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
  await page
    .locator('#receipt-file')
    .setInputFiles({ name: 'till.png', mimeType: 'image/png', buffer: receiptPhoto() });
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting to send (' });
  await expect(waiting).toContainText('Waiting to send (2)');
  await expect(waiting).toContainText(`Expense: ${shown} · TZS 50000`);
  await expect(page.getByText('$0.00 sent, $20.00 waiting to send')).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'offline-total-waiting');

  // The link returns on the dashboard, which sends the expense and the receipt.
  await page.goto(`/dashboard/${user.id}`);
  await context.setOffline(false);
  const stored = async () => apiCall(request, token, 'GET', `/expense-report/${report.id}`);
  await expect.poll(async () => (await stored()).file_upload.length, { timeout: 30_000 }).toBe(1);
  await expect(page.getByRole('status', { name: 'Kept on this device' })).toBeHidden();

  // Offline again, the report is opened and reloaded: the receipt is there, sent, and nothing waits.
  await goOffline(page, context);
  await page.goto(editor);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit Expense Report' })).toBeVisible();
  await expect(page.getByText('till.png')).toBeVisible();
  await expect(page.getByText('No receipts yet')).toHaveCount(0);
  await expect(page.getByText('TZS 50,000.00')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(page.getByText(/waiting to send/)).toHaveCount(0);
  const sent = await stored();
  expect(sent.file_upload).toHaveLength(1);
  expect(
    sent.expense.map((e: { exchange_rate: number; usd_amount: number }) => [e.exchange_rate, e.usd_amount]),
  ).toEqual([[2500, 20]]);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'offline-reload-sent-receipt');
});
