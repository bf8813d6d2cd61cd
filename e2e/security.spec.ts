import { expect, test } from '@playwright/test';
import { apiToken, createUserViaApi, expectAccessible, latestMailTo, loginAs, logout, screenshots } from './support';

test('every role changes its own password; the other session ends and a mail says so', async ({
  page,
  request,
  browser,
}) => {
  const admin = await apiToken(request);
  const tag = Date.now();
  const user = await createUserViaApi(request, admin, {
    name: `Lydia Purple ${tag}`,
    email: `lydia.${tag}@office.example`,
    role: 'employee',
  });
  // A second session elsewhere (another browser) that must end.
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await loginAs(otherPage, user.email, user.password);

  await loginAs(page, user.email, user.password);
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password is required.').first()).toBeVisible();
  await page.getByLabel('Current Password').fill('wrong-one');
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('dorcas-cloth-7');
  await page.getByLabel('Confirm New Password').fill('dorcas-cloth-7');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('The current password is incorrect.').first()).toBeVisible();
  await page.getByLabel('Current Password').fill(user.password);
  await expectAccessible(page);
  await screenshots(page, 'change-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been updated').first()).toBeVisible();

  // This session goes on; the other one is signed out on its next call.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await elsewhere.close();
  expect(latestMailTo(user.email)).toContain('was just changed');

  await logout(page);
  await loginAs(page, user.email, 'dorcas-cloth-7');
});
