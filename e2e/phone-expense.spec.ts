import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  expectAccessible,
  loginAs,
  missionaryWithCategories,
  SCREENSHOTS,
  screenshots,
} from './support';

/** A dialog as the phone and the desk show it: the screen itself, not the page behind it. */
async function dialogShots(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForFunction((w) => window.innerWidth === w, width);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png` });
  }
}

/** Today on the browser's calendar, as the form dates a new expense. */
const today = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });

/** The button is wholly inside the dialog's visible box: not clipped, no scrolling to reach it. */
async function expectWhollyShown(dialog: Locator, button: Locator) {
  const [outer, inner] = [await dialog.boundingBox(), await button.boundingBox()];
  expect(outer && inner).toBeTruthy();
  expect(inner!.y).toBeGreaterThanOrEqual(outer!.y);
  expect(inner!.y + inner!.height).toBeLessThanOrEqual(outer!.y + outer!.height);
}

/** The two boxes overlap (on screen, in CSS pixels). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return (
    one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height
  );
}

/**
 * The missionary's phone (390 px): an expense in Kenyan shillings dated today, the office's rate for
 * this month filled in and read both ways, the US$ amount live; the next expense's dialog opens
 * while "Expense added." is still up, and the message does not cover its buttons; a trip whose
 * dialog asks for its unit and says why when none is chosen.
 */
test('a KES expense takes the suggested rate; messages leave dialog buttons free; the trip dialog holds its unit', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { categories, missionary: ruth } = await missionaryWithCategories(request, 'Ruth', 'Kiprono');
  const own = await apiToken(request, ruth.email, ruth.password);
  const report = await apiCall(request, own, 'POST', '/expense-report', { type: 'reimbursement', user_id: ruth.id });
  await loginAs(page, ruth.email, ruth.password);
  const date = await today(page);
  // The office's KES rate for this month (Settings → Exchange Rates).
  await apiCall(request, await apiToken(request), 'PUT', '/exchange-rates', {
    rates: [{ month: date.slice(0, 7), currency: 'KES', rate: '129.50' }],
  });

  await page.goto(`/expense-report/${report.id}/edit`);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  let form = page.getByRole('dialog', { name: 'Add Expense' });
  await expect(form.getByLabel('Date')).toHaveValue(date);
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: categories.lodging.expense_category }).click();
  await form.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'KES — Kenyan Shilling' }).click();
  const rate = form.getByRole('textbox', { name: 'Exchange rate: KES for 1 US$' });
  await expect(rate).toHaveValue('129.5');
  await expect(
    form.getByText(/^The office’s rate for \w+ \d{4}\. Change it if you paid at another rate\.$/),
  ).toBeVisible();
  await form.getByLabel('Amount (KES)').fill('4750');
  // 4,750 KES ÷ 129.50 = 36.679… → $36.68
  const preview = form.getByRole('status');
  await expect(preview).toContainText('US$ amount:$36.68');
  await expect(preview).toContainText('1 US$ = 129.50 KES · 1 KES = 0.0077 US$');
  // The form is taller than the phone's screen: its fields scroll, its buttons stay in view.
  await expectWhollyShown(form, form.getByRole('button', { name: 'Add Expense' }));
  await expectAccessible(page);
  await dialogShots(page, 'kes-expense-suggested-rate');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
  const added = page.getByText('Expense added.');
  await expect(added).toBeVisible();
  // A phone lists the lines as cards.
  await expect(page.getByRole('main').getByText('KES 4,750.00')).toBeVisible();

  // The next expense at once: the message moves to the top, off the dialog's buttons.
  await page.getByRole('button', { name: 'Add Expense' }).click();
  form = page.getByRole('dialog', { name: 'Add Expense' });
  await expect(form).toBeVisible();
  await expect(added).toBeVisible();
  const snackbar = page.locator('.MuiSnackbar-root').filter({ hasText: 'Expense added.' });
  await expect(snackbar).toHaveClass(/MuiSnackbar-anchorOriginTopCenter/);
  for (const button of ['Cancel', 'Add Expense']) {
    expect(await overlap(snackbar, form.getByRole('button', { name: button }))).toBe(false);
  }
  await dialogShots(page, 'message-over-dialog');
  // KES again (the last used, offered first), the month's rate filled in again.
  await expect(form.getByRole('textbox', { name: 'Exchange rate: KES for 1 US$' })).toHaveValue('129.5');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // The trip's dialog asks for its unit; without one it says why there, not behind it.
  await page.getByRole('button', { name: 'Add Mileage' }).click();
  const trip = page.getByRole('dialog', { name: 'Add Mileage' });
  await trip.getByLabel('Odometer start').fill('12000');
  await trip.getByLabel('Odometer end').fill('12042');
  await trip.getByRole('button', { name: 'Add Mileage' }).click();
  const unit = trip.getByRole('group', { name: 'Distance unit' });
  await expect(unit).toContainText('Must Select A Distance Type to Add A Mileage Expense');
  await expectAccessible(page);
  await dialogShots(page, 'trip-dialog-needs-unit');
  await unit.getByRole('radio', { name: 'Kilometers' }).check();
  // 42 km × 0.621371 = 26.10 mi × $0.70 = $18.27
  await expect(trip.getByRole('status')).toContainText('$18.27');
  await trip.getByRole('button', { name: 'Add Mileage' }).click();
  await expect(trip).toBeHidden();
  await expect(page.getByText('Distances in kilometers')).toBeVisible();
  await expect(page.getByText('Mileage: $18.27')).toBeVisible();
  const stored = await apiCall(request, own, 'GET', `/expense-report/${report.id}`);
  expect(stored.distance_type).toBe('km');
  expect(
    stored.expense.map((e: { exchange_rate: number; usd_amount: number }) => [e.exchange_rate, e.usd_amount]),
  ).toEqual([[129.5, 36.68]]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'phone-report-with-kes-and-trip');
});
