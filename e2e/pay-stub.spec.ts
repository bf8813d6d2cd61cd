import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { allFlagsReviewed } from '../src/domain/distributions/review';
import {
  apiCall,
  apiToken,
  createUserViaApi,
  E2E_ADMIN,
  expectAccessible,
  loginAs,
  logout,
  mailsTo,
  screenshots,
} from './support';

/**
 * The missionary's distribution as a pay stub (docs/product.md "My distribution: the pay stub"):
 * the approval mail links to it, the profile opens it, it says what came in, what was paid and how
 * (a released check batch), what is held (a fund with a long name, whole), and the statement PDF
 * downloads from it. No wizard and no office comment; staff who open the same address get the form.
 */

const stamp = Date.now();
const suffix = String(stamp).slice(-6);
const FUND = `Clean Water for the Northern Highlands Village Schools Fund ${suffix}`;
const COMMENT = `Internal: donations down 94 % ${suffix}`;
// This month up to today, as year-end.spec.ts does: an advance asked for today is paid by it.
const today = new Date().toISOString().slice(0, 10);
const PERIOD = { start: `${today.slice(0, 8)}01`, end: today };
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const RANGE = `${us(PERIOD.start)} – ${us(PERIOD.end)}`;

test('a missionary reads their approved month as a pay stub, on a phone and at a desk', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request);
  const number = `PS-${suffix}`;
  const ruth = await createUserViaApi(request, admin, {
    name: `Ruth Paystub ${suffix}`,
    email: `ruth.paystub.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: number,
  });
  await apiCall(request, admin, 'POST', `/user/${ruth.id}`, {
    tax_status: 'W2',
    fica_tax: 1,
    net_salary: '2000.00',
    housing_allowance: '800.00',
    federal_income_tax: '120.00',
    fund_balance: '1250.00',
    payout_method: 'check',
  });
  const fund = await apiCall(request, admin, 'POST', '/hold-account', {
    user_id: ruth.id,
    fund_name: FUND,
    balance: '400.00',
  });
  const own = await apiToken(request, ruth.email, ruth.password);
  const advance = await request.post('/api/advance-request', {
    headers: { 'api-token': own },
    form: { amount_requested: '300.00', status: 'requested', user_id: ruth.id, purpose: 'Village clinic visit' },
  });
  expect(advance.ok(), await advance.text()).toBeTruthy();
  const uploadName = `Pay stub ${suffix}`;
  const imported = await request.post('/api/donation/denari-upload', {
    headers: { 'api-token': admin },
    multipart: {
      upload_name: uploadName,
      denari: {
        name: 'gifts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Fund,Account #,Amount,Count\n,${number},4200.00,3\n`),
      },
    },
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  const created = await apiCall(request, admin, 'POST', '/distribution', {
    user_id: ruth.id,
    start_date: PERIOD.start,
    end_date: PERIOD.end,
    donation_upload_name: uploadName,
    approved_donation_ids: [],
    hold_account_transactions: [
      {
        hold_account_id: fund.id,
        transaction_type: 'Deposit',
        transaction_amount: '150.00',
        approved: 1,
        recurring: 0,
      },
    ],
    advance_requests: [{ id: (await advance.json()).id }],
    comments: COMMENT,
  });
  await apiCall(request, admin, 'POST', '/batch-approve', {
    distribution_ids: [created.id],
    reviewed: allFlagsReviewed([created]),
  });
  // Paid by check in a released payment batch: the pay stub says how.
  let batch = await apiCall(request, admin, 'POST', '/payment-batches', { distribution_ids: [created.id] });
  for (const line of batch.lines.filter((l: { held: boolean }) => l.held)) {
    batch = await apiCall(request, admin, 'POST', `/payment-batches/${batch.id}/lines/${line.id}/clear`);
  }
  await apiCall(request, admin, 'POST', `/payment-batches/${batch.id}/release`);
  const saved = await apiCall(request, admin, 'GET', `/distribution/${created.id}`);
  const paid = saved.total_funds_disbursed - saved.mid_month_disbursement;
  const usd = (amount: number) =>
    `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  // The approval mail links to the pay stub, not to the office's form. It is one of several mails to
  // Ruth queued together (the bank details changed too), which the worker may write in any order.
  const approvalMail = () => mailsTo(ruth.email).find((mail) => mail.includes(`/distribution/${created.id}`)) ?? '';
  await expect.poll(approvalMail, { timeout: 20_000 }).toContain(`/distribution/${created.id}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, ruth.email, ruth.password);
  await page.goto(`/profile/${ruth.id}`);
  await page.getByRole('link', { name: RANGE }).click();
  await expect(page).toHaveURL(new RegExp(`/distribution/${created.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your distribution' })).toBeVisible();
  await expect(page.getByText(`${RANGE} · MAT Day ${us(PERIOD.end)}`)).toBeVisible();
  const region = (name: string) => page.getByRole('region', { name });
  await expect(region('Summary')).toContainText(`Paid to you on MAT Day${usd(paid)}`);

  const balances = page.getByRole('table', { name: 'Balances before and after' });
  await expect(balances.getByRole('row', { name: /^Your fund/ })).toContainText(usd(saved.ending_balance));
  await expect(balances.getByRole('row', { name: /^Your fund/ })).toContainText('$1,250.00');
  await expect(region('What came in').getByRole('row', { name: /^General donations/ })).toContainText('$4,200.00');
  await expect(region('Your pay').getByRole('row', { name: /^Gross pay/ })).toContainText(usd(saved.gross_payroll));
  await expect(region('Your pay').getByRole('row', { name: /^Federal income tax withheld/ })).toContainText('$120.00');
  await expect(region('Your pay').getByRole('row', { name: /^Net pay/ })).toContainText(
    usd(saved.payroll_disbursement),
  );
  // The advance is dated by the MAT date, the day it was paid.
  await expect(region('What was paid to you').getByText(`Paid on MAT Day ${us(PERIOD.end)}`)).toBeVisible();
  await expect(region('How it was paid').getByText(/^Check dated /)).toBeVisible();
  // The long fund name is whole; $400.00 + $150.00 moved in.
  await expect(region('Held for you').getByRole('row', { name: new RegExp(`^${FUND}`) })).toContainText('$550.00');
  await expect(region('Your fund, start to end').getByRole('row', { name: /^Ending balance/ })).toContainText(
    usd(saved.ending_balance),
  );
  // Nothing of the office's review: no wizard, no comment.
  await expect(page.getByRole('heading', { name: /Step \d of 5/ })).toHaveCount(0);
  await expect(page.getByText(COMMENT)).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'pay-stub');

  // Nothing scrolls sideways on the phone.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The statement PDF downloads from the page and agrees.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download the statement for ${RANGE}` }).click();
  const file = await (await download).path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('How it was paid');
  expect(text).toContain(usd(paid));
  expect(fs.statSync(file).size).toBeGreaterThan(1000);
  await logout(page);

  // Staff who follow the same address work in the five-step form.
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/distribution/${created.id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/distribution-form/${created.id}$`));
});
