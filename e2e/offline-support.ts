import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { apiToken, createCategories, createUserViaApi, loginAs } from './support';

/** A missionary of their own (named `first`), the categories the forms offer, and their API token. */
export async function missionary(request: APIRequestContext, first: string) {
  const suffix = String(Date.now());
  const admin = await apiToken(request);
  const categories = await createCategories(request, admin, suffix);
  const user = await createUserViaApi(request, admin, {
    name: `${first} Field ${suffix}`,
    email: `${first.toLowerCase()}.${suffix}@field.example`,
    role: 'missionary',
    missionary_number: `${first[0]}-${suffix.slice(-4)}`,
  });
  const token = await apiToken(request, user.email, user.password);
  return { categories, user, token };
}

/** A copy of a read the add dialogs need offline, kept in IndexedDB (offline/cached-read.ts). */
export function keptOnDevice(page: Page, key: string) {
  return page.evaluate(
    (key) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('sheepfold-offline');
        open.onsuccess = () => {
          const get = open.result.transaction('cache').objectStore('cache').get(key);
          get.onsuccess = () => resolve(get.result !== undefined);
          get.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    key,
  );
}

/**
 * Online once, as a missionary in the field is before the link drops: signed in, the service worker
 * installed and in control of `path`, and each of `kept` (cached reads) stored on the device.
 */
export async function onlineOnce(
  page: Page,
  user: { email: string; password: string },
  path: string,
  kept: readonly string[] = [],
) {
  await loginAs(page, user.email, user.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto(path);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  for (const key of kept) await expect.poll(() => keptOnDevice(page, key)).toBe(true);
}

export async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
}

/** An expense in Kenyan shillings at 129,25 per US$1 (the comma as a phone keyboard types it). */
export async function addKesExpense(page: Page, date: string, category: string, amount: string) {
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Date').fill(date);
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category }).click();
  await form.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'KES — Kenyan Shilling' }).click();
  await form.getByLabel('Amount (KES)').fill(amount);
  await form.getByLabel('Exchange rate: KES for 1 US$').fill('129,25');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
}

/** A trip by its odometer readings; `unit` is chosen in the dialog when the report has none yet. */
export async function addMileage(page: Page, date: string, start: string, end: string, unit?: 'Miles' | 'Kilometers') {
  await page.getByRole('button', { name: 'Add Mileage' }).click();
  const trip = page.getByRole('dialog', { name: 'Add Mileage' });
  if (unit) await trip.getByRole('radio', { name: unit }).check();
  await trip.getByLabel('Date').fill(date);
  await trip.getByLabel('Odometer start').fill(start);
  await trip.getByLabel('Odometer end').fill(end);
  await trip.getByRole('button', { name: 'Add Mileage' }).click();
  await expect(trip).toBeHidden();
}
