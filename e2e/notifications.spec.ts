import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { type SmtpPeer, startSmtpPeer } from '../src/server/test-support/smtp-peer';
import {
  apiCall,
  apiToken,
  E2E_ADMIN,
  expectAccessible,
  loginAs,
  logout,
  missionaryWithCategories,
  screenshots,
  signInAsNewUser,
} from './support';

/**
 * Decision 20 and 21 end to end: this spec runs its own server whose SMTP_URL points at a real SMTP
 * peer on a local socket, so the missionary's mail is received as a mail server would receive it.
 */
const PORT = E2E_PORT + 100;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = '.tmp/e2e-mail-data';

let peer: SmtpPeer;
let server: ChildProcess;

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  peer = await startSmtpPeer();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SMTP_URL: peer.url,
      PUBLIC_URL: BASE,
      MAIL_POLL_MS: '300',
      LOG_LEVEL: 'warn',
      AUTH_THROTTLE_LIMIT: '50',
    },
    stdio: 'inherit',
  });
  await expect(async () => {
    const response = await fetch(`${BASE}/api/health`);
    expect(response.ok).toBe(true);
  }).toPass({ timeout: 90_000 });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await peer?.close();
});

test('the office returns a report with a comment, the missionary fixes and resubmits it, the office processes it, and the mail arrives', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { categories, missionary: naomi } = await missionaryWithCategories(request, 'Naomi', 'Field');
  const naomiToken = await apiToken(request, naomi.email, naomi.password);
  const report = await apiCall(request, naomiToken, 'POST', '/expense-report', {
    type: 'reimbursement',
    distance_type: 'none',
    user_id: naomi.id,
  });
  await apiCall(request, naomiToken, 'POST', '/expense', {
    date: '2026-03-10',
    expense_code: categories.lodging.id,
    field_currency: '80',
    exchange_rate: '1',
    expense_report_id: report.id,
  });
  await apiCall(request, naomiToken, 'PATCH', `/submit/expense-report/${report.id}`, {});

  // The office returns it with a question.
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/expense-report/${report.id}?return=unprocessed`);
  await expect(page.getByRole('button', { name: 'Process' })).toBeVisible();
  await page.getByRole('button', { name: 'Return' }).click();
  const dialog = page.getByRole('dialog', { name: `Return report #${report.id}` });
  await dialog.getByRole('button', { name: 'Return Report' }).click();
  await expect(dialog.getByText('Comment is required.')).toBeVisible();
  await dialog.getByLabel('Comment').fill('The taxi receipt is missing.');
  await expectAccessible(page);
  await screenshots(page, 'return-dialog');
  await dialog.getByRole('button', { name: 'Return Report' }).click();
  await expect(page.getByText('The report was returned to the missionary.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The taxi receipt is missing.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Process' })).toHaveCount(0);
  await logout(page);

  // The missionary's mail says why, with one link to the report.
  const link = `${BASE}/expense-report/${report.id}`;
  await expect
    .poll(() => peer.messages.find((m) => m.subject === `Expense report #${report.id} was returned to you`), {
      timeout: 20_000,
    })
    .toBeTruthy();

  // The missionary sees the comment, fixes the report and submits it again.
  await loginAs(page, naomi.email, naomi.password);
  await page.goto(`/dashboard/${naomi.id}`);
  await expect(page.getByRole('row').filter({ hasText: 'Returned' })).toHaveCount(1);
  await page.goto(link);
  await expect(page.getByText('The taxi receipt is missing.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'returned-report');
  await page.getByRole('link', { name: 'Edit Report' }).click();
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Date').fill('2026-03-11');
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: categories.lodging.expense_category }).click();
  await form.getByLabel(/^Amount \(/).fill('12.50');
  await form.getByLabel('The amount is in US dollars').check();
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(page.getByText('Expense added.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByText(/submitted/i).first()).toBeVisible();
  await logout(page);

  // The office processes it; the history shows every step.
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/expense-report/${report.id}?return=unprocessed`);
  await page.getByRole('button', { name: 'Process' }).click();
  const processing = page.getByRole('dialog', { name: 'Process Reimbursement' });
  await processing.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Confirm Payout' }).getByRole('button', { name: 'Confirm Payout' }).click();
  await expect(page.getByText('Expense Report has been processed.')).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(/^Submitted by/)).toHaveCount(2);
  await expect(history.getByText(/^Returned by/)).toHaveCount(1);
  await expect(history.getByText(/^Processed by/)).toHaveCount(1);

  // The processed mail reaches the SMTP peer with the right link.
  await expect
    .poll(() => peer.messages.find((m) => m.subject === `Expense report #${report.id} has been processed`), {
      timeout: 20_000,
    })
    .toBeTruthy();
  const processedMail = peer.messages.find((m) => m.subject === `Expense report #${report.id} has been processed`)!;
  expect(processedMail.to).toMatchObject({ text: naomi.email });
  expect(processedMail.text).toContain(link);
  expect(processedMail.html).toContain(`href="${link}"`);
  expect(processedMail.text).toContain('$92.50'); // 80.00 + 12.50

  // The admin reads both in the Outbox.
  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByText(`Expense report #${report.id} has been processed`)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'outbox');
  await page.getByText(`Expense report #${report.id} was returned to you`).click();
  await expect(page.getByRole('dialog').getByText('The taxi receipt is missing.').first()).toBeVisible();
  await screenshots(page, 'outbox-mail');
  await page.getByRole('button', { name: 'Close' }).click();
  await logout(page);

  // "Email me when…" on the missionary's profile.
  await loginAs(page, naomi.email, naomi.password);
  await page.goto(`/profile/${naomi.id}`);
  const returned = page.getByLabel('an expense report of mine is returned to me');
  await expect(returned).toBeChecked();
  await returned.uncheck();
  await expect(page.getByText('Your mail choices are saved.')).toBeVisible();
  await expect(returned).not.toBeChecked();
  await expectAccessible(page);
  await screenshots(page, 'email-me-when');
});

test('an employee’s menu holds no screen that refuses them', async ({ page, request }) => {
  const suffix = String(Date.now());
  await signInAsNewUser(page, request, `Eli Clerk ${suffix}`, `eli.${suffix}@office.example`, 'employee');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'All Expense Reports' })).toBeVisible();
  for (const refused of ['Add User', 'MAT Day Processing', 'Denari Import', 'Outbox']) {
    await expect(nav.getByRole('link', { name: refused })).toHaveCount(0);
  }
});
