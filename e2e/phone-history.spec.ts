import { expect, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  createCategories,
  createUserViaApi,
  expectAccessible,
  layoutShiftSinceLoad,
  loginAs,
} from './support';

/**
 * At 390 px a missionary pages through all 25 of their reports with the next-page arrow
 * (it used to be cut off once the label read "1–10 of 11"), and the missionary screens have no
 * serious or critical axe violations.
 */
test('at 390 px the next arrow pages through 25 reports; missionary screens pass axe', async ({ page, request }) => {
  test.setTimeout(180_000);
  const suffix = String(Date.now());
  const admin = await apiToken(request);
  const categories = await createCategories(request, admin, suffix);
  const eli = await createUserViaApi(request, admin, {
    name: `Eli Pager ${suffix}`,
    email: `eli.${suffix}@field.example`,
    role: 'missionary',
    missionary_number: `E-${suffix.slice(-4)}`,
  });
  const token = await apiToken(request, eli.email, eli.password);
  // An empty draft is reused by the next Start Report, so each report gets an expense.
  for (let i = 0; i < 25; i++) {
    const report = await apiCall(request, token, 'POST', '/expense-report', { type: 'reimbursement', user_id: eli.id });
    await apiCall(request, token, 'POST', '/expense', {
      expense_report_id: report.id,
      date: '2026-02-01',
      expense_code: categories.meals.id,
      field_currency: String(10 + i),
      exchange_rate: '1',
    });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, eli.email, eli.password);
  await expect(page.getByText('1–10 of 25')).toBeVisible();
  await expectAccessible(page);
  const next = page.getByRole('button', { name: 'Go to next page' });
  // Wholly on screen once scrolled to: not cut off at the right edge.
  await next.scrollIntoViewIfNeeded();
  await expect(next).toBeInViewport({ ratio: 1 });
  await next.click();
  await expect(page.getByText('11–20 of 25')).toBeVisible();
  await next.click();
  await expect(page.getByText('21–25 of 25')).toBeVisible();
  await expect(next).toBeDisabled();

  // A new report opens on its "start a new report?" question: a modal dialog, which hides the page
  // behind it from assistive technology, so the dialog is what is waited for there.
  await page.goto('/new-report/reimbursement');
  await expect(page.getByRole('dialog', { name: 'Do you want to start a new report?' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/advance-request');
  await expect(page.getByRole('main')).toBeVisible();
  await expectAccessible(page);
});

/**
 * A new missionary's dashboard, reloaded on a phone with the session stored: the menu button, the
 * empty report list and the chart arrive without moving what is already on screen (the empty list
 * used to push the chart down by its message's height, a shift of 0.05).
 */
test('a new missionary’s dashboard does not jump while it loads on a phone', async ({ page, request }) => {
  const suffix = String(Date.now());
  const admin = await apiToken(request);
  const noa = await createUserViaApi(request, admin, {
    name: `Noa Steady ${suffix}`,
    email: `noa.${suffix}@field.example`,
    role: 'missionary',
    missionary_number: `N-${suffix.slice(-4)}`,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, noa.email, noa.password);
  await page.reload();
  await expect(page.getByText('No expense reports yet. Start one with New Expense Report.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Donations received/ })).toBeVisible();
  expect(await layoutShiftSinceLoad(page)).toBeLessThan(0.01);
});
