import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_DATA_DIR } from '../playwright.config';

export { E2E_ADMIN };

export const SCREENSHOTS = 'test-results/screenshots';

/** Signs in through the login screen. */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Welcome!')).toBeVisible();
}

/**
 * Signs out from either layout. The phone layout hides Logout behind the menu button; the layout can
 * still be switching after a viewport change, so a missed button is retried rather than awaited.
 */
export async function logout(page: Page): Promise<void> {
  const logoutButton = page.getByRole('button', { name: 'Logout' });
  // The phone drawer's code loads on first open (to keep the first page's JavaScript small), which can take seconds on a busy machine.
  await expect(async () => {
    if (!(await logoutButton.isVisible()))
      await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 3_000 });
    await logoutButton.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/login$/);
}

/** An api token for setting up data through the API rather than the screens under test. */
export async function apiToken(request: APIRequestContext, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  const response = await request.post('/api/login', { data: { email, password } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).api_token as string;
}

export async function apiCall<T = any>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: Record<string, unknown>,
): Promise<T> {
  const response = await request.fetch(`/api${url}`, { method, headers: { 'api-token': token }, data });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates a user through the API with a known password. */
export async function createUserViaApi(
  request: APIRequestContext,
  token: string,
  fields: { name: string; email: string; role: string; missionary_number?: string; password?: string },
) {
  const password = fields.password ?? 'pass-word-1';
  const user = await apiCall(request, token, 'POST', '/user', { ...fields, password });
  return { ...user, password } as { id: number; email: string; password: string; name: string };
}

/**
 * Categories of every kind, created through the API once per test. Names are unique and avoid words
 * other specs look for (the browser tests share one database).
 */
export async function createCategories(request: APIRequestContext, token: string, suffix: string) {
  const make = (expense_category: string, description: string, flags: Record<string, number>) =>
    apiCall(request, token, 'POST', '/categories', { expense_category, description, ...flags });
  const lodging = await make(`Guest houses ${suffix}`, 'Rooms while travelling for the ministry', { expense: 1 });
  const meals = await make(`Travel food ${suffix}`, 'Food away from home', { expense: 1 });
  const travel = await make(`Own car trips ${suffix}`, 'Driving your own car for the ministry', { mileage: 1 });
  const supplies = await make(`Outreach supplies ${suffix}`, `Bought with advance ${suffix}`, { advance: 1 });
  return { lodging, meals, travel, supplies } as Record<string, { id: number; expense_category: string }>;
}

/**
 * What the expense, advance and mail flows start from, all unique to this run (the browser tests
 * share one database): the admin's token, a fresh category of every kind, and a missionary with an
 * account number, named `${first} ${last} ${suffix}`.
 */
export async function missionaryWithCategories(request: APIRequestContext, first: string, last: string) {
  const suffix = String(Date.now());
  const token = await apiToken(request);
  const categories = await createCategories(request, token, suffix);
  const missionary = await createUserViaApi(request, token, {
    name: `${first} ${last} ${suffix}`,
    email: `${first.toLowerCase()}.${suffix}@field.example`,
    role: 'missionary',
    missionary_number: `${first[0]}-${suffix.slice(-4)}`,
  });
  return { suffix, token, categories, missionary };
}

/** A new user of `role` made through the API and signed in on `page`. */
export async function signInAsNewUser(
  page: Page,
  request: APIRequestContext,
  name: string,
  email: string,
  role: string,
) {
  const token = await apiToken(request);
  const user = await createUserViaApi(request, token, { name, email, role });
  await loginAs(page, user.email, user.password);
  return user;
}

/** The newest mail to an address in the server's outbox. */
export function latestMailTo(address: string): string {
  const mails = mailsTo(address);
  if (mails.length === 0) throw new Error(`no mail to ${address}`);
  return mails[mails.length - 1];
}

/**
 * Every mail to `address` in the outbox, oldest first (by file name), with quoted-printable soft line
 * breaks joined. Mails queued together may be written in either order by the mail worker.
 */
export function mailsTo(address: string): string[] {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
    .filter((mail) => mail.includes(address));
}

/** No serious or critical axe violations on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  let serious = await seriousViolations(page);
  // A part that mounts while axe reads the page (a lazily loaded message bar sliding in) is measured
  // mid-transition, with too little contrast. Once it has settled, a real contrast fault is still
  // there; a transition's is not.
  if (serious.length > 0 && serious.every((v) => v.id === 'color-contrast')) serious = await seriousViolations(page);
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function seriousViolations(page: Page) {
  // Dialogs and menus fade in: measured mid-transition, their text has too little contrast.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Full-page screenshots at desktop (1280) and phone (390) widths. */
export async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(original);
  // Let the layout follow the restored width before the test goes on clicking.
  await page.waitForFunction((width) => window.innerWidth === width, original.width);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * At 1280 px beside the menu, the page's list fits: its table does not scroll sideways, so the row
 * actions at the right end are seen without looking for a scroll bar.
 */
export async function expectTableFits(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => window.innerWidth === 1280);
  const table = page.locator('main .MuiTableContainer-root').first();
  await expect(table).toBeVisible();
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

/**
 * The page's layout shift since it loaded, summed as Lighthouse sums it for a load (shifts right after
 * the user's input do not count). Above 0.1 Lighthouse calls the page unstable.
 */
export async function layoutShiftSinceLoad(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries are delivered on the next task; none at all means no shift.
        setTimeout(() => resolve(total), 200);
      }),
  );
}
