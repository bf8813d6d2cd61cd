import { expect, test } from '@playwright/test';
import { apiCall, apiToken, createUserViaApi, E2E_ADMIN, expectAccessible, loginAs, screenshots } from './support';

/**
 * The Outbox says what happened to each mail (docs/security.md, "Mail"). This server has no SMTP_URL,
 * so a notification is written to the outbox folder and the Outbox says so, never "Sent".
 */
test('without a mail server the Outbox says the mail was written to the outbox folder, not sent', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const email = `tabitha.${Date.now()}@field.example`;
  const tabitha = await createUserViaApi(request, token, { name: 'Tabitha Joppa', email, role: 'missionary' });
  const mine = await apiToken(request, tabitha.email, tabitha.password);
  const advance = await apiCall(request, mine, 'POST', '/advance-request', {
    amount_requested: '40',
    status: 'requested',
    user_id: tabitha.id,
  });
  await apiCall(request, token, 'PATCH', `/advance-request/${advance.id}`, {
    amount_approved: '40',
    status: 'approved',
  });
  // The worker takes the queued mail within its poll interval.
  await expect
    .poll(
      async () => {
        const page = await apiCall(request, token, 'GET', `/outbox?q=${encodeURIComponent(email)}`);
        return page.data[0]?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('written');

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByText(/No mail server is configured/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'waiting' })).toContainText('written to the outbox folder');
  await page.getByLabel('Search address or subject').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Written to the outbox folder, not sent')).toBeVisible();
  await expect(page.getByText('Sent to the mail server', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'outbox-written');
});
