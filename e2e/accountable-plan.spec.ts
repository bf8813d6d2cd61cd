import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  createCategories,
  createUserViaApi,
  E2E_ADMIN,
  expectAccessible,
  loginAs,
  screenshots,
} from './support';

/** The accountable-plan card on the staff dashboard and on the missionary's own, with the days. */
const stamp = Date.now();
const SHOTS = 'test-results/shots-accountable-plan';

test('an expense 90 days old in a draft is flagged on both dashboards', async ({ page, request }) => {
  const admin = await apiToken(request);
  const categories = await createCategories(request, admin, `ap ${stamp}`);
  const user = await createUserViaApi(request, admin, {
    name: `Ruth Late ${stamp}`,
    email: `ruth.late.${stamp}@field.example`,
    role: 'missionary',
  });
  const token = await apiToken(request, user.email, user.password);
  const report = await apiCall(request, token, 'POST', '/expense-report', {
    type: 'reimbursement',
    distance_type: 'none',
    user_id: user.id,
  });
  const date = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  await apiCall(request, token, 'POST', '/expense', {
    date,
    field_currency: '42.50',
    exchange_rate: '1',
    expense_report_id: report.id,
    expense_code: categories.lodging.id,
  });

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/dashboard');
  const card = page.getByRole('region', { name: 'Accountable plan' });
  await expect(card.getByText(`Expense past 60 days: 90 days — Ruth Late ${stamp}`)).toBeVisible();
  await expect(card.getByRole('link', { name: `Open report #${report.id}` }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'accountable-plan-staff');

  await page.context().clearCookies();
  await loginAs(page, user.email, user.password);
  await page.goto(`/dashboard/${user.id}`);
  const own = page.getByRole('region', { name: 'Accountable plan' });
  await expect(own.getByText('Expense past 60 days: 90 days')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'accountable-plan-missionary');
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const name of fs.readdirSync('test-results/screenshots').filter((f) => f.startsWith('accountable-plan'))) {
    fs.copyFileSync(`test-results/screenshots/${name}`, `${SHOTS}/${name}`);
  }
});
