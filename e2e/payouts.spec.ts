import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  E2E_ADMIN,
  expectAccessible,
  loginAs,
  missionaryWithCategories,
  screenshots,
} from './support';

/**
 * A payout made when processing a report is on the books (docs/distribution.md "Office payouts on the
 * books"): the dialog says who pays now and that MAT Day is the alternative; the office records the
 * check; the next statement PDF lists the payout and bridges the two statements.
 */
test('a payout at processing, recorded as paid by check, is on the next statement', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { token, categories, missionary } = await missionaryWithCategories(request, 'Ruth', 'Okafor');
  await apiCall(request, token, 'POST', `/user/${missionary.id}`, { fund_balance: 6170.97 });
  const approve = async (start_date: string, end_date: string) => {
    const created = await apiCall(request, token, 'POST', '/distribution', {
      user_id: missionary.id,
      start_date,
      end_date,
      hold_account_transactions: [],
      advance_requests: [],
    });
    await apiCall(request, token, 'POST', '/batch-approve', { distribution_ids: [created.id] });
    return created.id as number;
  };
  await approve('2026-10-01', '2026-10-31');

  const ruth = await apiToken(request, missionary.email, missionary.password);
  const report = await apiCall(request, ruth, 'POST', '/expense-report', {
    type: 'reimbursement',
    distance_type: 'none',
    user_id: missionary.id,
  });
  await apiCall(request, ruth, 'POST', '/expense', {
    date: '2026-11-05',
    field_currency: '133.68',
    exchange_rate: '1',
    expense_code: categories.lodging.id,
    expense_report_id: report.id,
    description: 'Guest house in Lima',
  });
  await apiCall(request, ruth, 'PATCH', `/submit/expense-report/${report.id}`);

  // The office processes it: before anything happens, the dialog says who pays and the alternative.
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/expense-report/${report.id}?return=unprocessed`);
  await page.getByRole('button', { name: 'Process' }).click();
  const processing = page.getByRole('dialog', { name: 'Process Reimbursement' });
  await expect(processing.getByTestId('payout-choice')).toHaveText(
    `Pay $133.68 now from ${missionary.name}'s fund. Leave it at $0.00 and MAT Day pays it with their next distribution.`,
  );
  await expectAccessible(page);
  await screenshots(page, 'payout-dialog');
  await processing.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Payout' });
  await expect(confirm).toContainText(
    `Pay ${missionary.name} $133.68 now? It comes from their fund and leaves $6,037.29`,
  );
  await confirm.getByRole('button', { name: 'Confirm Payout' }).click();
  await expect(page.getByText('Expense Report has been processed.')).toBeVisible();

  // It was handed over by check 1042.
  await page.getByRole('button', { name: 'Record Check or Cash' }).click();
  const record = page.getByRole('dialog', { name: 'Record how the payout was paid' });
  await record.getByLabel(/Check number/).fill('1042');
  await expectAccessible(page);
  await screenshots(page, 'payout-paid-dialog');
  await record.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('$133.68 · paid by check 1042')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record Check or Cash' })).toHaveCount(0);

  // November's statement lists it and bridges October's ending balance to November's starting balance.
  const november = await approve('2026-11-01', '2026-11-30');
  const pdf = await request.get(`/api/distribution/${november}/statement.pdf`, { headers: { 'api-token': token } });
  expect(pdf.ok()).toBeTruthy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-statement-'));
  const file = path.join(dir, 'statement.pdf');
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  expect(text).toContain('Paid at processing since your last statement');
  expect(text).toMatch(new RegExp(`Report #${report.id} +Your fund +paid by check 1042 +\\$133\\.68`));
  expect(text).toMatch(/Ending balance of your last statement \(10\/31\/2026\) +\$6,170\.97/);
  expect(text).toMatch(/Starting balance of this statement +\$6,037\.29/);
});
