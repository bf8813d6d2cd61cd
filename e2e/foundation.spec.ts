import { expect, test } from '@playwright/test';
import {
  apiToken,
  createUserViaApi,
  E2E_ADMIN,
  expectAccessible,
  latestMailTo,
  loginAs,
  logout,
  screenshots,
} from './support';

test('the login screen is accessible and guards send strangers to it', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page.getByText('Forgot Your Password?')).toBeVisible();
  await expect(page.getByText("Don't worry! Type your email to reset your password.")).toBeVisible();
  await expectAccessible(page);
});

test('a wrong password shows the failure message and field errors', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Oops, something went wrong')).toBeVisible();
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
});

test('an admin creates a missionary who then signs in and sees the missionary menu', async ({ page }) => {
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/user/create');
  await expect(page.getByRole('heading', { name: 'Create New User' })).toBeVisible();
  await expectAccessible(page);

  // Bad input first: nothing is created and the messages sit under the fields.
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Email is required.')).toBeVisible();

  const email = `ruth.${Date.now()}@field.example`;
  await page.getByLabel('Name').fill('Ruth Moabite');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Missionary' }).click();
  await page.getByLabel('Account #').fill('M-1001');
  await screenshots(page, 'create-user');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('You have successfully added a user')).toBeVisible();
  // No SMTP here: the admin is shown the one-time sign-in link instead of it hiding in the outbox.
  const dialog = page.getByRole('dialog', { name: 'Give Ruth Moabite this sign-in link' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('One-time sign-in link')).toHaveValue(/\/reset-password\/[\w-]{40,}$/);
  const signInLink = await dialog.getByLabel('One-time sign-in link').inputValue();
  await expectAccessible(page);
  await screenshots(page, 'create-user-sign-in-link');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByLabel('Search name, email or Account #').fill('Ruth');
  await expect(page.getByRole('link', { name: 'Ruth Moabite' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'users');

  // The same email again is refused under the email field.
  await page.goto('/admin/user/create');
  await page.getByLabel('Name').fill('Ruth Again');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Missionary' }).click();
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Something went wrong. Perhaps that email already exists in the system.')).toBeVisible();
  await expect(page.getByText('The email has already been taken.')).toBeVisible();

  // The welcome mail carries the same one-time link and no password (docs/security.md, "Mail").
  const mail = latestMailTo(email);
  expect(mail).toContain(new URL(signInLink).pathname);
  expect(mail).not.toMatch(/password: \S+/i);
  await logout(page);

  // The new user chooses their password with the link, then signs in with it.
  await page.goto(new URL(signInLink).pathname);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'New Password' }).fill('gleaning-barley-8');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('gleaning-barley-8');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset!')).toBeVisible();
  await loginAs(page, email, 'gleaning-barley-8');
  // First login goes to the missionary's dashboard.
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'My Expense History' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'New Expense Report' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Advance Request' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'All Users' })).toHaveCount(0);

  // Staff pages send a missionary home.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
});

test('admin edits payroll info on the user profile and the settings and categories', async ({ page, request }) => {
  const token = await apiToken(request);
  const user = await createUserViaApi(request, token, {
    name: 'Boaz Bethlehem',
    email: `boaz.${Date.now()}@field.example`,
    role: 'missionary',
    missionary_number: 'M-2002',
  });
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/admin/user/${user.id}/profile`);
  await expect(page.getByRole('heading', { name: 'Boaz Bethlehem' })).toBeVisible();
  const payroll = page.locator('form').filter({ hasText: 'Payroll Info' });
  await expect(payroll.getByLabel('Net Salary')).toBeDisabled();
  await expectAccessible(page);
  await payroll.getByRole('button', { name: 'Edit' }).click();
  await payroll.getByLabel('Net Salary').fill('2500.5');
  await payroll.getByLabel('Housing Allowance').fill('abc');
  await payroll.getByRole('button', { name: 'Save' }).click();
  await expect(payroll.getByText('Housing Allowance must be a dollar amount with at most 2 decimals.')).toBeVisible();
  await payroll.getByLabel('Housing Allowance').fill('800');
  await payroll.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You have successfully updated the user.')).toBeVisible();
  await expect(payroll.getByLabel('Net Salary')).toBeDisabled();
  await expect(payroll.getByLabel('Net Salary')).toHaveValue('2500.50');
  await screenshots(page, 'user-profile');

  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rates and Fees', level: 2 })).toBeVisible();
  await page.getByLabel('Admin Fee %').fill('12');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Category' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Both a category and description are required.').first()).toBeVisible();
  await page.getByRole('dialog').getByLabel('Category').fill('Lodging');
  await page.getByRole('dialog').getByLabel('Description').fill('Hotels and guest houses while travelling');
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Category added.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Lodging', exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'settings');
});
