import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { allFlagsReviewed } from '../src/domain/distributions/review';
import { readNacha } from '../src/domain/payments/nacha-reader.test-support';
import {
  apiCall,
  apiToken,
  createUserViaApi,
  E2E_ADMIN,
  expectAccessible,
  loginAs,
  logout,
  screenshots,
  signInAsNewUser,
} from './support';

/**
 * Paying people (docs/payments.md): a missionary enters their own wire details on a phone, an admin
 * enters another's ACH details, sets the organisation's payment settings, drafts a batch from the
 * approved MAT Day, clears the holds and the prenote, releases it, downloads the NACHA file (read back
 * here by rules of the test's own) and records a return that puts the money back on the fund.
 */

const stamp = Date.now();
const suffix = String(stamp).slice(-6);
const MAT = new Date().toISOString().slice(0, 10);

interface Payee {
  id: number;
  name: string;
  email: string;
  password: string;
  paid: number;
}

/** A missionary with payroll info and an approved distribution ending on MAT; what it pays them. */
async function approvedPayee(request: APIRequestContext, admin: string, first: string): Promise<Payee> {
  const name = `${first} Payee ${suffix}`;
  const user = await createUserViaApi(request, admin, {
    name,
    email: `${first.toLowerCase()}.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: `PAY-${first.slice(0, 3).toUpperCase()}-${suffix}`,
  });
  await apiCall(request, admin, 'POST', `/user/${user.id}`, {
    tax_status: '1099',
    net_salary: '1200.00',
    fund_balance: '5000.00',
  });
  const created = await apiCall(request, admin, 'POST', '/distribution', {
    user_id: user.id,
    start_date: `${MAT.slice(0, 8)}01`,
    end_date: MAT,
    approved_donation_ids: [],
    hold_account_transactions: [],
    advance_requests: [],
    mid_month_disbursement: '200.00',
    comments: 'Paid by the payments spec',
  });
  await apiCall(request, admin, 'POST', '/batch-approve', {
    distribution_ids: [created.id],
    reviewed: allFlagsReviewed([created]),
  });
  const distribution = await apiCall(request, admin, 'GET', `/distribution/${created.id}`);
  // The statement's "paid to you": funds disbursed less the mid-month payment already made.
  const paid = Math.round((distribution.total_funds_disbursed - distribution.mid_month_disbursement) * 100) / 100;
  return { id: user.id, name, email: user.email, password: user.password, paid };
}

const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** An independent read of the NACHA file: lengths, blocking, entry hash and totals by position. */
function checkNachaByHand(text: string) {
  const records = text.replace(/\r?\n$/, '').split(/\r?\n/);
  expect(records.every((record) => record.length === 94)).toBe(true);
  expect(records.length % 10).toBe(0);
  const entries = records.filter((record) => record.startsWith('6'));
  const hash = entries.reduce((sum, entry) => sum + BigInt(entry.slice(3, 11)), 0n) % 10_000_000_000n;
  const fileControl = records.find((record) => record.startsWith('9') && record !== '9'.repeat(94)) ?? '';
  expect(BigInt(fileControl.slice(21, 31))).toBe(hash);
  const credits = entries
    .filter((entry) => ['22', '32'].includes(entry.slice(1, 3)))
    .reduce((sum, entry) => sum + Number(entry.slice(29, 39)), 0);
  expect(Number(fileControl.slice(43, 55))).toBe(credits);
  return { entries, credits };
}

test('bank details, payment settings, a batch drafted, released, its NACHA file read and a return', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await apiToken(request);
  const achPayee = await approvedPayee(request, admin, 'Achim');
  const wirePayee = await approvedPayee(request, admin, 'Wiremu');

  // The missionary enters their own wire details on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, wirePayee.email, wirePayee.password);
  await page.goto(`/profile/${wirePayee.id}`);
  const bank = page.locator('[data-section="bank-details"]');
  await expect(bank.getByText(/A change is held for review in the next payment batch and mailed to you/)).toBeVisible();
  await bank.getByRole('button', { name: 'Change bank details' }).click();
  await choose(page, 'Payout method', 'International wire');
  await bank.getByLabel('Beneficiary name').fill('Wiremu Ngata');
  await bank.getByLabel('Bank country').fill('de');
  await bank.getByLabel('Currency').fill('EUR');
  await bank.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await bank.getByLabel('BIC').fill('COBADEFFXXX');
  await bank.getByRole('button', { name: 'Save bank details' }).click();
  await expect(bank.getByText('IBAN is not valid (check digits).')).toBeVisible();
  await bank.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await expectAccessible(page);
  await screenshots(page, 'payments-bank-details-form');
  await bank.getByRole('button', { name: 'Save bank details' }).click();
  await expect(bank.getByText('••••3000')).toBeVisible();
  await expect(bank.getByText('International wire')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'payments-bank-details-own');
  await logout(page);

  // The admin enters the other missionary's ACH details on their user page.
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/admin/user/${achPayee.id}/profile`);
  const adminBank = page.locator('[data-section="bank-details"]');
  await expect(adminBank.getByText(`mailed to ${achPayee.name}`)).toBeVisible();
  await adminBank.getByRole('button', { name: 'Change bank details' }).click();
  await choose(page, 'Payout method', 'ACH (US bank account)');
  await adminBank.getByLabel('Routing number').fill('021000022');
  await adminBank.getByLabel('Account number').fill('123456789');
  await choose(page, 'Account type', 'Checking');
  await adminBank.getByRole('button', { name: 'Save bank details' }).click();
  await expect(adminBank.getByText('Routing number is not a valid ABA routing number (check digit).')).toBeVisible();
  await adminBank.getByLabel('Routing number').fill('021000021');
  await adminBank.getByRole('button', { name: 'Save bank details' }).click();
  await expect(adminBank.getByText('••••6789')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'payments-bank-details-admin');

  // Payment settings for the files.
  await page.goto('/admin/payments/settings');
  await page.getByLabel('Company name').fill('Sheepfold');
  await page.getByLabel('Company id').fill('1123456789');
  await page.getByLabel('Originating bank routing number').fill('021000021');
  await page.getByLabel('Originating bank name').fill('JPMorgan Chase');
  await page.getByLabel('Debtor name').fill('Sheepfold Mission');
  await page.getByLabel('Debtor account number').fill('000123456');
  await page.getByLabel('Debtor BIC').fill('chasus3');
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Debtor BIC must be 8 or 11 letters and digits, e.g. CHASUS33.')).toBeVisible();
  await page.getByLabel('Debtor BIC').fill('chasus33');
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved.')).toBeVisible();
  await expect(page.getByLabel('Debtor BIC')).toHaveValue('CHASUS33');
  await expectAccessible(page);
  await screenshots(page, 'payments-settings');

  // Draft a batch from the MAT Day.
  await page.getByRole('link', { name: 'Payments' }).first().click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await page.getByLabel('MAT date').fill(MAT);
  await page.getByRole('button', { name: 'Draft batch' }).click();
  await expect(page.getByRole('heading', { name: /Payment batch #\d+/ })).toBeVisible();
  const batchId = Number(/\/admin\/payments\/(\d+)/.exec(page.url())?.[1]);
  const achRow = page.locator(`tr[data-line="${achPayee.name}"]`);
  const wireRow = page.locator(`tr[data-line="${wirePayee.name}"]`);
  await expect(achRow).toBeVisible();
  // Other specs may have approved distributions for today's MAT date in the same database: this spec
  // pays only its own two payees and leaves every other line out (each after its confirmation).
  const others = page.locator(`tr[data-line]:not([data-line="${achPayee.name}"]):not([data-line="${wirePayee.name}"])`);
  while ((await others.count()) > 0) {
    const before = await others.count();
    await others
      .first()
      .getByRole('button', { name: /^Leave .*'s line out$/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave out' }).click();
    await expect(others).toHaveCount(before - 1);
  }
  await expect(achRow.getByText('Held')).toBeVisible();
  await expect(achRow.getByText(/Bank details are new or changed/)).toBeVisible();
  await expect(wireRow.getByText('Held')).toBeVisible();
  await expect(page.getByText('2 lines are held: clear them or leave them out before releasing.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Release' })).toBeDisabled();
  await expectAccessible(page);
  await screenshots(page, 'payments-batch-draft');

  // Clear both holds; the ACH payee's new account then waits for a prenote, which the admin waives.
  await achRow.getByRole('button', { name: `Clear ${achPayee.name}'s hold` }).click();
  await expect(page.getByRole('dialog')).toContainText('You have checked the new bank details (••••6789)');
  await page.getByRole('dialog').getByRole('button', { name: 'Clear hold' }).click();
  await expect(achRow.getByText('Prenote', { exact: true })).toBeVisible();
  await achRow.getByRole('button', { name: `Clear ${achPayee.name}'s prenote` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Pay ${dollars(achPayee.paid)} now` })
    .click();
  await expect(achRow.getByText('To pay')).toBeVisible();
  await wireRow.getByRole('button', { name: `Clear ${wirePayee.name}'s hold` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear hold' }).click();
  await expect(wireRow.getByText('To pay')).toBeVisible();

  // Release, after a dialog that says what it pays.
  const total = achPayee.paid + wirePayee.paid;
  await page.getByRole('button', { name: 'Release' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Pays ${dollars(total)} to 2 payees: ACH ${dollars(achPayee.paid)} (1 payee)`);
  await expect(dialog).toContainText('Wire');
  await expect(dialog).toContainText('Makes a NACHA file for the bank (ACH), an ISO 20022 pain.001 file (wires)');
  await expectAccessible(page);
  await screenshots(page, 'payments-release-dialog');
  await dialog.getByRole('button', { name: `Release ${dollars(total)}` }).click();
  await expect(page.getByText('Released', { exact: true }).first()).toBeVisible();
  await expect(achRow.getByText('Paid', { exact: true })).toBeVisible();

  // The NACHA file, read back by the test.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download NACHA file (ACH)' }).click(),
  ]);
  const nacha = fs.readFileSync((await download.path()) ?? '', 'utf8');
  const reading = readNacha(nacha);
  expect(reading.problems).toEqual([]);
  const byHand = checkNachaByHand(nacha);
  expect(byHand.credits).toBe(Math.round(achPayee.paid * 100));
  expect(reading.entries.map((entry) => [entry.routing, entry.account.trim(), entry.cents])).toEqual([
    ['021000021', '123456789', Math.round(achPayee.paid * 100)],
  ]);
  const [pain] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download pain.001 file (wires)' }).click(),
  ]);
  const xml = fs.readFileSync((await pain.path()) ?? '', 'utf8');
  expect(xml).toContain('<NbOfTxs>1</NbOfTxs>');
  expect(xml).toContain('DE89370400440532013000');
  await expectAccessible(page);
  await screenshots(page, 'payments-batch-released');

  // The ACH payment comes back: the money returns to the fund.
  const before = await apiCall(request, admin, 'GET', `/user/${achPayee.id}`);
  await achRow.getByRole('button', { name: `Record a return of ${achPayee.name}'s payment` }).click();
  const returnDialog = page.getByRole('dialog');
  await choose(page, 'Return reason', 'R03 No account, or unable to locate account');
  await expect(returnDialog).toContainText(`${dollars(achPayee.paid)} goes back to ${achPayee.name}'s fund`);
  await expectAccessible(page);
  await screenshots(page, 'payments-return-dialog');
  await returnDialog.getByRole('button', { name: `Return ${dollars(achPayee.paid)} to the fund` }).click();
  await expect(achRow.getByText('Returned', { exact: true })).toBeVisible();
  await expect(achRow.getByText(/R03 No account/)).toBeVisible();
  const after = await apiCall(request, admin, 'GET', `/user/${achPayee.id}`);
  expect(Math.round((after.profile.fund_balance - before.profile.fund_balance) * 100)).toBe(
    Math.round(achPayee.paid * 100),
  );
  await page.goto('/admin/payments');
  await expect(page.getByRole('link', { name: `#${batchId}` })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'payments-list');

  // An employee reads the batch and changes nothing.
  await logout(page);
  await signInAsNewUser(page, request, `Erin Office ${suffix}`, `erin.${stamp}@office.example`, 'employee');
  await page.goto(`/admin/payments/${batchId}`);
  await expect(page.getByText('Only an admin can change, release or record returns on a batch.')).toBeVisible();
  await expect(achRow.getByText('Returned', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Record return|Release|Download/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'payments-batch-employee');
});
