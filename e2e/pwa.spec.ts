import { expect, test } from '@playwright/test';

/**
 * Installable, and the app shell opens without a connection. The service worker precaches
 * the hashed shell; index.html comes from the network when there is one, else from the precache.
 */
test('the app installs a service worker and opens offline', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({
    name: 'Sheepfold',
    display: 'standalone',
    start_url: '/',
    icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512', type: 'image/png' })]),
  });
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

  // The worker installs (precaching the shell) and takes over the page on the next load.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    // Any address of the app opens the shell; the API is never answered from a cache.
    await page.goto('/forgot-password');
    await expect(page.getByText('Forgot Your Password?')).toBeVisible();
    const api = await page.evaluate(() =>
      fetch('/api/health').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeHidden();
});
