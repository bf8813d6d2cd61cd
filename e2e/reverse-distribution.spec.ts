import { expect, test } from '@playwright/test';
import { apiCall, apiToken, createUserViaApi, E2E_ADMIN, expectAccessible, loginAs, screenshots } from './support';

/**
 * docs/distribution.md "Reversing an approval": an admin reverses an approved distribution from its
 * page. The dialog says in money what will happen and asks why; afterwards the page says it was
 * reversed, when, by whom and why, and the Reversed tab lists it.
 */

const stamp = Date.now();
// A month of its own, far from the other specs' periods, so nothing overlaps.
const PERIOD = { start: '2031-07-01', end: '2031-07-31' };

test('an approved distribution is reversed from its page', async ({ page, request }) => {
  const admin = await apiToken(request);
  const name = `Lydia Mensah ${stamp}`;
  const lydia = await createUserViaApi(request, admin, {
    name,
    email: `lydia.${stamp}@field.example`,
    role: 'missionary',
  });
  // Fund 5,000.00; payroll 2,000.00; an advance of 300.00 paid this month: 5,000.00 − 2,300.00 = 2,700.00.
  await apiCall(request, admin, 'POST', `/user/${lydia.id}`, {
    net_salary: '2000.00',
    fund_balance: '5000.00',
    tax_status: '1099',
    fica_tax: 0,
  });
  const own = await apiToken(request, lydia.email, lydia.password);
  const advance = await apiCall(request, own, 'POST', '/advance-request', {
    amount_requested: '300.00',
    status: 'requested',
    user_id: lydia.id,
  });
  const saved = await apiCall(request, admin, 'POST', '/distribution', {
    user_id: lydia.id,
    start_date: PERIOD.start,
    end_date: PERIOD.end,
    hold_account_transactions: [],
    advance_requests: [{ id: advance.id }],
  });
  expect(saved.ending_balance).toBe(2700);
  await apiCall(request, admin, 'POST', '/batch-approve', { distribution_ids: [saved.id] });

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/admin/distribution-form/${saved.id}`);
  await page.getByRole('button', { name: 'Reverse', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Reverse distribution #${saved.id}` });
  await expect(
    dialog.getByText(
      `Reverse ${name}'s July distribution? $2,300.00 goes back to the fund, leaving $5,000.00; 1 advance becomes payable again.`,
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'reverse-dialog');

  // The reason is required.
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(dialog.getByText('Say why this distribution is reversed.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Why is it reversed?' }).fill('Approved for the wrong month');
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(page.getByText('The distribution was reversed.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const notice = page.getByRole('alert').filter({ hasText: 'Reversed on' });
  await expect(notice).toContainText('Reason: Approved for the wrong month');
  await expect(notice).toContainText(/Reversed on \d\d\/\d\d\/\d{4} by \S/);
  await expect(page.getByRole('button', { name: 'Reverse', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'reversed-distribution');

  const profile = await apiCall(request, admin, 'GET', `/user/${lydia.id}`);
  expect(profile.profile.fund_balance).toBe(5000);

  await page.goto(`/admin/distributions/reversed?q=${stamp}`);
  await expect(page.getByRole('tab', { name: 'Reversed', selected: true })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expectAccessible(page);
});
