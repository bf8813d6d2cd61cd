import { expect, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  createUserViaApi,
  expectAccessible,
  loginAs,
  missionaryWithCategories,
  screenshots,
} from './support';

/**
 * The office's small frictions: an employee's queue offers View (an employee cannot process), and
 * the Settings page says why it is read-only for them.
 */
test('an employee’s queue offers View, never a Process they cannot use, and Settings says why it is read-only', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { categories, missionary, suffix } = await missionaryWithCategories(request, 'Vera', 'Queue');
  const own = await apiToken(request, missionary.email, missionary.password);
  const report = await apiCall(request, own, 'POST', '/expense-report', {
    type: 'reimbursement',
    distance_type: 'none',
  });
  await apiCall(request, own, 'POST', '/expense', {
    date: '2026-03-10',
    expense_code: categories.lodging.id,
    field_currency: '80',
    exchange_rate: '1',
    expense_report_id: report.id,
  });
  await apiCall(request, own, 'PATCH', `/submit/expense-report/${report.id}`, {});
  const admin = await apiToken(request);
  const clerk = await createUserViaApi(request, admin, {
    name: `Ivo Clerk ${suffix}`,
    email: `ivo.clerk.${suffix}@office.example`,
    role: 'employee',
  });

  await loginAs(page, clerk.email, clerk.password);
  await page.goto('/admin/expense-reports/unprocessed');
  const row = page.getByRole('row').filter({ hasText: missionary.name });
  await expect(row.getByRole('link', { name: 'View' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Process', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'employee-queue-view-links');

  await page.goto('/admin/settings');
  await expect(page.getByText('Only an admin can change the settings; you can read them here.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
  await expectAccessible(page);
});
