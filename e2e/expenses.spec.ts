import { expect, test } from '@playwright/test';
import { receiptPhoto } from './expense-support';
import { E2E_ADMIN, expectAccessible, loginAs, logout, missionaryWithCategories, screenshots } from './support';

test('a missionary reports foreign expenses, mileage and a receipt; an admin pays part of it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { categories, missionary: naomi } = await missionaryWithCategories(request, 'Naomi', 'Field');

  // The missionary starts on her dashboard with nothing owed.
  await loginAs(page, naomi.email, naomi.password);
  await expect(page).toHaveURL(new RegExp(`/dashboard/${naomi.id}$`));
  await expect(page.getByRole('heading', { name: 'Unreimbursed Amount: $0.00' })).toBeVisible();
  await expectAccessible(page);

  // New report: the dialog, Cancel goes back, Start Report opens the editor.
  await page.getByRole('main').getByRole('link', { name: 'New Expense Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Do you want to start a new report?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${naomi.id}$`));
  await page.goto('/new-report/reimbursement');
  await page.getByRole('button', { name: 'Start Report' }).click();
  await expect(page.getByText('You have successfully started an expense report')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Expense Report' })).toBeVisible();
  await expect(page).toHaveURL(/\/expense-report\/\d+\/edit$/);

  // Two expenses in a foreign currency, with the live USD preview; bad input first.
  await page.getByRole('button', { name: 'Add Expense' }).click();
  let form = page.getByRole('dialog', { name: 'Add Expense' });
  // A new expense is dated today; cleared, the date is asked for again.
  await expect(form.getByLabel('Date')).not.toHaveValue('');
  await form.getByLabel('Date').fill('');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form.getByText('Date is required.')).toBeVisible();
  await expect(form.getByText('Category is required.')).toBeVisible();
  await form.getByLabel('Date').fill('2026-03-10');
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: categories.lodging.expense_category }).click();
  // Decision 22: the currency's ISO code, shown on the form, the report and the download.
  await form.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'SAR — Saudi Riyal' }).click();
  await form.getByLabel('Amount (SAR)').fill('1000');
  await form.getByLabel('Exchange rate: SAR for 1 US$').fill('3,75'); // a decimal comma (decision 23)
  await expect(form.getByRole('status')).toContainText('$266.67');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(page.getByText('Expense added.')).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'Add Expense' }).click();
  form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Date').fill('2026-03-02');
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: categories.meals.expense_category }).click();
  // The last-used currency comes first and is chosen already.
  await expect(form.getByRole('combobox', { name: 'Currency' })).toHaveText(/SAR/);
  await form.getByLabel('Amount (SAR)').fill('20');
  await form.getByLabel('Exchange rate: SAR for 1 US$').fill('3');
  await expect(form.getByRole('status')).toContainText('$6.67');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
  const expenses = page.getByRole('table', { name: 'Expenses' });
  await expect(expenses.getByRole('row')).toHaveCount(3);
  await expect(expenses.getByText('SAR 1,000.00')).toBeVisible();
  await expect(expenses.getByText('3.75 SAR/USD')).toBeVisible();
  await screenshots(page, 'foreign-currency-expense');

  // The trip's dialog holds its unit (the report's): without one the trip is not added, and the
  // dialog says why under the choice.
  await page.getByRole('button', { name: 'Add Mileage' }).click();
  form = page.getByRole('dialog', { name: 'Add Mileage' });
  await form.getByRole('button', { name: 'Add Mileage' }).click();
  await expect(form.getByText('Must Select A Distance Type to Add A Mileage Expense')).toBeVisible();
  await form.getByRole('radio', { name: 'Kilometers' }).check();
  await form.getByLabel('Date').fill('2026-03-05');
  await form.getByRole('combobox', { name: 'Type (optional)' }).click();
  await page.getByRole('option', { name: categories.travel.expense_category }).click();
  await form.getByLabel('Odometer start').fill('12000');
  await form.getByLabel('Odometer end').fill('12042.5');
  // 42.5 km × 0.621371 = 26.41 mi × $0.70 = $18.49
  await expect(form.getByRole('status')).toContainText('$18.49');
  await form.getByRole('button', { name: 'Add Mileage' }).click();
  await expect(page.getByText('Mileage added.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Mileage' }).getByRole('cell', { name: '$18.49', exact: true }),
  ).toBeVisible();

  // A receipt photo, previewed in the report.
  await page.locator('#receipt-file').setInputFiles({
    name: 'Hotel Receipt (Lima).PNG',
    mimeType: 'image/png',
    buffer: receiptPhoto(),
  });
  await expect(page.getByText('File uploaded!')).toBeVisible();
  await expect(page.getByText('hotel_receipt__lima_.png')).toBeVisible();
  await page.getByRole('button', { name: 'Preview hotel_receipt__lima_.png' }).click();
  const preview = page.getByRole('dialog', { name: 'hotel_receipt__lima_.png' });
  await expect(preview.getByRole('img', { name: 'Receipt hotel_receipt__lima_.png' })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();

  // 266.67 + 6.67 + 18.49 = 291.83, computed by the server.
  await expect(page.getByText('$291.83').first()).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'report-editor');

  // Finish Later, come back, submit.
  await page.getByRole('button', { name: 'Finish Later' }).click();
  await expect(page.getByText('Your expense report has been saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${naomi.id}$`));
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await screenshots(page, 'missionary-dashboard');
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await expect(page.getByRole('heading', { name: 'Edit Expense Report' })).toBeVisible();
  await expect(page.getByText('$291.83').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Submit this report?' })
    .getByRole('button', { name: 'Submit Report' })
    .click();
  await expect(page.getByText('Your expense report has been submitted.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${naomi.id}/true$`));
  await logout(page);

  // The admin finds it among the unprocessed and pays $200 of $291.83.
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/expense-reports/unprocessed');
  await expect(page.getByRole('heading', { name: 'Unprocessed Expense Reports', level: 1 })).toBeVisible();
  await page.getByLabel('Search name, Account # or ID').fill(naomi.name);
  const row = page.getByRole('row').filter({ hasText: naomi.name });
  await expect(row).toHaveCount(1);
  await expectAccessible(page);
  await screenshots(page, 'unprocessed-reports');
  await row.getByRole('link', { name: 'Process' }).click();
  await expect(page).toHaveURL(/\/expense-report\/\d+\?return=unprocessed$/);
  await expect(page.getByRole('link', { name: 'Back to Unprocessed Expense Reports' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Expense' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'report-view-staff');
  await page.getByRole('button', { name: 'Process' }).click();
  const processing = page.getByRole('dialog', { name: 'Process Reimbursement' });
  // The total due, as its own figure (the payout sentence below it names the amount too).
  await expect(processing.getByText('$291.83', { exact: true })).toBeVisible();
  await processing.getByLabel('Payout').fill('400');
  await processing.getByRole('button', { name: 'Continue' }).click();
  await expect(processing.getByText('Payout cannot be more than the reimbursement due.')).toBeVisible();
  await processing.getByLabel('Payout').fill('200');
  await expect(processing.getByText('$91.83')).toBeVisible();
  await processing.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Payout' });
  // Decision 14: the dialog says where the money comes from and what it leaves (Naomi's fund is empty).
  await expect(confirm).toContainText(
    `Pay ${naomi.name} $200.00 now? It comes from their fund and leaves -$200.00; $91.83 stays owed.`,
  );
  await expectAccessible(page);
  await screenshots(page, 'process-payout-confirm');
  await confirm.getByRole('button', { name: 'Confirm Payout' }).click();
  await expect(page.getByText('Expense Report has been processed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Process' })).toHaveCount(0);
  // After processing, the office goes on to the next waiting report (other specs may have left
  // some), or is told none is left.
  const onward = page.getByRole('link', { name: /^(Next unprocessed report|No unprocessed reports left)$/ });
  await expect(onward).toBeVisible();
  const target = await onward.getAttribute('href');
  expect(target).toMatch(/^\/(expense-report\/\d+\?return=unprocessed|admin\/expense-reports\/unprocessed)$/);
  expect(target?.split('?')[0]).not.toBe(new URL(page.url()).pathname);
  await page.getByRole('link', { name: 'Back to Unprocessed Expense Reports' }).click();
  await page.getByLabel('Search name, Account # or ID').fill(naomi.name);
  await expect(
    page.getByText('No reports are waiting to be processed.').or(page.getByText(/Nothing matches/)),
  ).toBeVisible();
  await logout(page);

  // The missionary's dashboard shows the new unreimbursed amount.
  await loginAs(page, naomi.email, naomi.password);
  await page.goto(`/dashboard/${naomi.id}`);
  await expect(page.getByRole('heading', { name: 'Unreimbursed Amount: $91.83' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Processed' })).toHaveCount(1);
});
