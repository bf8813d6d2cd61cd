import { expect, test } from '@playwright/test';
import { apiToken, createUserViaApi, E2E_ADMIN, expectAccessible, loginAs, screenshots } from './support';

const stamp = Date.now().toString(36);

/**
 * Build MAT Day opens filled in: every upload still holding undistributed donations chosen, and the
 * dates set to the month the latest of them names, so the office checks rather than types.
 */
test('Build MAT Day opens with the undistributed uploads chosen and their month’s dates', async ({ page, request }) => {
  const token = await apiToken(request);
  const number = `PF-${stamp.slice(-5)}`;
  await createUserViaApi(request, token, {
    name: `Priscilla Prefill ${stamp}`,
    email: `priscilla.prefill.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: number,
  });
  // The latest month any upload of the shared test database names, so it is the one the dates take.
  const upload = `November 2099 (${stamp})`;
  const imported = await request.post('/api/donation/denari-upload', {
    headers: { 'api-token': token },
    multipart: {
      upload_name: upload,
      denari: {
        name: 'november.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Fund,Amount,Count,Account #\nGeneral,640.00,3,${number}\n`),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/distributions/pending');
  await page.getByRole('button', { name: 'Build MAT Day distributions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Build MAT Day distributions' });
  await expect(dialog.getByRole('button', { name: upload })).toBeVisible();
  await expect(dialog.getByLabel('From Date')).toHaveValue('2099-11-01');
  await expect(dialog.getByLabel('To Date')).toHaveValue('2099-11-30');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await expectAccessible(page);
  await screenshots(page, 'build-mat-day-prefilled');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('Build MAT Day shows a determinate progress bar with n of N while it runs', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request);
  for (const name of ['Anna', 'Simeon', 'Zechariah']) {
    await createUserViaApi(request, token, {
      name: `${name} Progress ${stamp}`,
      email: `${name.toLowerCase()}.progress.${stamp}@field.example`,
      role: 'missionary',
    });
  }
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/distributions/pending');
  await page.getByRole('button', { name: 'Build MAT Day distributions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Build MAT Day distributions' });
  await dialog.getByLabel('From Date').fill('2031-03-01');
  await dialog.getByLabel('To Date').fill('2031-03-31');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The build's answer is held back until the page has shown the finished progress, so the bar is
  // seen whatever the speed of the build.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/batch-distributions', async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  await dialog.getByRole('button', { name: 'Build distributions' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Building MAT Day distributions' });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.getByRole('status')).toHaveText(/^Built (\d+) of \1\.$/);
  await expectAccessible(page);
  await screenshots(page, 'mat-day-progress');
  release();
  await expect(dialog.getByText(/pending distributions? built\./)).toBeVisible();
});
