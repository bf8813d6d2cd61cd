import { expect, type Page, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  createUserViaApi,
  E2E_ADMIN,
  expectAccessible,
  latestMailTo,
  loginAs,
  logout,
  screenshots,
} from './support';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The row of a user in the users table (desktop width). */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('admin archives, restores and permanently deletes users, with confirmations', async ({ page, request }) => {
  const token = await apiToken(request);
  const tag = unique();
  const jonah = await createUserViaApi(request, token, {
    name: `Jonah Nineveh ${tag}`,
    email: `jonah.${tag}@field.example`,
    role: 'missionary',
    missionary_number: `J-${tag}`,
  });
  const miriam = await createUserViaApi(request, token, {
    name: `Miriam Levi ${tag}`,
    email: `miriam.${tag}@field.example`,
    role: 'missionary',
  });
  // Miriam has balance history, so she can be archived but never deleted.
  await apiCall(request, token, 'POST', `/user/${miriam.id}`, { fund_balance: '250.00' });

  const aaron = await createUserViaApi(request, token, {
    name: `Aaron Clerk ${tag}`,
    email: `aaron.${tag}@office.example`,
    role: 'employee',
  });

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/admin/users?q=${tag}`);
  await expect(rowOf(page, jonah.name)).toBeVisible();
  // A–Z by name, not the newest account first; the role filter narrows to the staff.
  const names = page.locator('main tbody tr td:nth-child(2)');
  await expect(names).toHaveText([aaron.name, jonah.name, miriam.name]);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Employee' }).click();
  await expect(page).toHaveURL(/role=employee/);
  await expect(names).toHaveText([aaron.name]);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'All roles' }).click();
  await expect(names).toHaveText([aaron.name, jonah.name, miriam.name]);

  // Archive asks first; Cancel leaves the user alone.
  await rowOf(page, jonah.name).getByRole('button', { name: 'Archive' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Archive user?' })).toBeVisible();
  await expect(dialog).toContainText(`${jonah.name} will be signed out and can no longer sign in.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, jonah.name)).toBeVisible();

  for (const user of [jonah, miriam]) {
    await rowOf(page, user.name).getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('You have successfully archived the user.')).toBeVisible();
    await expect(rowOf(page, user.name)).toHaveCount(0);
  }
  // An archived user cannot sign in.
  const refused = await request.post('/api/login', { data: { email: jonah.email, password: jonah.password } });
  expect(refused.status()).toBe(422);

  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/archived/);
  await expect(page.getByRole('heading', { name: 'Archived Users' })).toBeVisible();
  await page.getByLabel('Search name, email or Account #').fill(tag);
  await expect(rowOf(page, jonah.name)).toBeVisible();
  await expect(rowOf(page, miriam.name)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'users-archived');

  // Restore brings Jonah back to the active list, and he can sign in again.
  await rowOf(page, jonah.name).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('dialog')).toContainText(`${jonah.name} will be able to sign in again.`);
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('You have successfully restored the user.')).toBeVisible();
  await expect(rowOf(page, jonah.name)).toHaveCount(0);
  const again = await request.post('/api/login', { data: { email: jonah.email, password: jonah.password } });
  expect(again.status()).toBe(200);

  // Delete for good refuses a user with records and says why; the user stays archived.
  await rowOf(page, miriam.name).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Delete user for good?' })).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('This cannot be undone.');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('cannot be deleted. Keep the user archived instead.')).toBeVisible();
  await expect(rowOf(page, miriam.name)).toBeVisible();

  // Jonah, archived again, has no records: deleted for good.
  await apiCall(request, token, 'DELETE', `/user/${jonah.id}`);
  await page.reload();
  await rowOf(page, jonah.name).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have successfully deleted the user.')).toBeVisible();
  await expect(rowOf(page, jonah.name)).toHaveCount(0);
  const gone = await request.get(`/api/user/${jonah.id}`, { headers: { 'api-token': token } });
  expect(gone.status()).toBe(404);
});

test('forgot password: the mailed link resets the password, and the new one signs in', async ({ page, request }) => {
  const token = await apiToken(request);
  const tag = unique();
  const user = await createUserViaApi(request, token, {
    name: `Priscilla Tentmaker ${tag}`,
    email: `priscilla.${tag}@field.example`,
    role: 'missionary',
  });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send Verification' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Verification' }).click();
  await expect(page.getByText('Email Sent!')).toBeVisible();
  await screenshots(page, 'forgot-password');

  const mail = latestMailTo(user.email);
  const link = /(https?:\/\/\S+)\/reset-password\/(\S+)/.exec(mail);
  expect(link, mail).not.toBeNull();
  // Without PUBLIC_URL the link points at http://localhost:{PORT}, this server (decision 16).
  expect(new URL(link![1]).port).toBe(new URL(page.url()).port);

  await page.goto(`/reset-password/${link![2]}`);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'New Password' }).fill('short');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'New Password' }).fill('still-waters-2');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('still-waters-2');
  await screenshots(page, 'reset-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset!')).toBeVisible();

  // The link is single-use.
  await page.goto(`/reset-password/${link![2]}`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'New Password' }).fill('another-pass-3');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('another-pass-3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Something went wrong, please try again.')).toBeVisible();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();

  const old = await request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(old.status()).toBe(422);
  await loginAs(page, user.email, 'still-waters-2');
});

test('a missionary sees their profile read-only and changes their password', async ({ page, request }) => {
  const token = await apiToken(request);
  const tag = unique();
  const user = await createUserViaApi(request, token, {
    name: `Lydia Thyatira ${tag}`,
    email: `lydia.${tag}@field.example`,
    role: 'missionary',
    missionary_number: `L-${tag}`,
  });
  await apiCall(request, token, 'POST', `/user/${user.id}`, {
    tax_status: 'W2',
    fica_tax: 1,
    net_salary: '2400',
    housing_allowance: '900.5',
    fund_balance: '1234.56',
  });

  await loginAs(page, user.email, user.password);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'My Missionary Profile' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/profile/${user.id}$`));
  await expect(page.getByRole('heading', { name: 'My Missionary Profile' })).toBeVisible();
  const details = page.locator('dl').first();
  await expect(details).toContainText(`L-${tag}`);
  await expect(page.getByText('$2,400.00')).toBeVisible();
  await expect(page.getByText('$900.50')).toBeVisible();
  await expect(page.getByText('$1,234.56')).toBeVisible();
  // Nothing to edit here but the password.
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'missionary-profile');

  // Another missionary's profile is not theirs to see.
  await page.goto(`/profile/${user.id + 100000}`);
  await expect(page.getByText('You can only view your own profile.')).toBeVisible();
  await page.goto(`/profile/${user.id}`);

  const form = page.locator('form').filter({ hasText: 'Change Password' });
  await form.getByRole('textbox', { name: 'Current Password' }).fill('not-my-password');
  await form.getByRole('textbox', { name: 'New Password', exact: true }).fill('green-pastures-1');
  await form.getByRole('textbox', { name: 'Confirm New Password' }).fill('green-pastures-1');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText('The current password is incorrect.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Current Password' }).fill(user.password);
  await form.getByRole('textbox', { name: 'Confirm New Password' }).fill('green-pastures-2');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText('The password confirmation does not match.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Confirm New Password' }).fill('green-pastures-1');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been updated.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Current Password' })).toHaveValue('');

  await logout(page);
  await loginAs(page, user.email, 'green-pastures-1');
});

test('an employee sees the users and settings screens without the admin-only actions', async ({ page, request }) => {
  const token = await apiToken(request);
  const tag = unique();
  const employee = await createUserViaApi(request, token, {
    name: `Tabitha Joppa ${tag}`,
    email: `tabitha.${tag}@office.example`,
    role: 'employee',
  });
  const missionary = await createUserViaApi(request, token, {
    name: `Silas Philippi ${tag}`,
    email: `silas.${tag}@field.example`,
    role: 'missionary',
  });
  await apiCall(request, token, 'DELETE', `/user/${missionary.id}`);

  await loginAs(page, employee.email, employee.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/users?q=${tag}`);
  await expect(rowOf(page, employee.name)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add User' }).and(page.locator('main a'))).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/admin/users/archived?q=${tag}`);
  await expect(rowOf(page, missionary.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.goto(`/admin/user/${missionary.id}/profile`);
  await expect(page.getByRole('heading', { name: missionary.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // The employee's menu no longer offers Add User; a typed address explains it is for administrators.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Add User' })).toHaveCount(
    0,
  );
  await page.goto('/admin/user/create');
  await expect(page.getByText('Only administrators can add users.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create User' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'create-user-employee');

  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Rates and Fees' })).toBeVisible();
  await expect(page.getByLabel('Admin Fee %')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'settings-employee');
});
