import { ledgerHolds } from '../../domain/ledger/check';
import {
  closeApp,
  createHoldAccount,
  ok,
  profileOf,
  setPayroll,
  submittedReport,
} from '../distributions/test-fixtures';
import { checkLiveLedger } from '../ledger/read-ledger';
import { cents, csvColumn, pdfToText, readCsv } from '../test-support/downloads';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * A payout made when processing a report is on the books (docs/distribution.md "Office payouts on
 * the books"): Ruth's October statement ends at $6,170.97 and November's starts at $6,037.29; the
 * $133.68 paid at processing in between is on November's statement, bridging the two, and in the
 * approved journal of the November MAT Day as its own balanced entry.
 */

let t: TestApp;
let admin: SignedIn;
let ruth: SignedIn;
let october: number;
let november: number;
let reportId: number;
let kenya: { id: number; fundName: string };

async function approve(range: { start_date: string; end_date: string }) {
  const created = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: { user_id: ruth.id, ...range, hold_account_transactions: [], advance_requests: [] },
    }),
  );
  await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.id] } }));
  return created.id as number;
}

async function statementText(id: number) {
  const result = await t.call('GET', `/api/distribution/${id}/statement.pdf`, { token: ruth.token });
  expect(result.status).toBe(200);
  return pdfToText(result.raw);
}

async function journal(matDate: string) {
  const result = await t.call('GET', '/api/reports/accounting-journal', {
    token: admin.token,
    query: { mat_to_date: matDate, status: 'approved' },
  });
  expect(result.status).toBe(200);
  return readCsv(result.raw);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor', missionaryNumber: 'M-0012' });
  const categories = await seedCategories(t);
  await setPayroll(t, admin, ruth.id, { fund_balance: 6170.97 });
  kenya = await createHoldAccount(t, admin, ruth.id, { balance: 500 });
  october = await approve({ start_date: '2026-10-01', end_date: '2026-10-31' });
  // Between the two MAT Days: a report of 133.68 general + 50.00 on Kenya Project, paid in full at processing.
  const report = await submittedReport(t, ruth, categories, [
    { amount: '133.68' },
    { amount: '50.00', holdAccountId: kenya.id },
  ]);
  reportId = report.id;
  await ok(
    t.call('PATCH', `/api/process-expense-report/${reportId}`, { token: admin.token, form: { payout: '183.68' } }),
  );
  await ok(
    t.call('POST', `/api/expense-report/${reportId}/payout-paid`, {
      token: admin.token,
      json: { method: 'check', reference: '1042' },
    }),
  );
  november = await approve({ start_date: '2026-11-01', end_date: '2026-11-30' });
});
afterAll(() => closeApp(t));

describe('a payout made at processing on the statement', () => {
  it('bridges October’s ending balance to November’s starting balance: 6,170.97 − 133.68 = 6,037.29', async () => {
    const distributions = [];
    for (const id of [october, november]) {
      distributions.push(await ok(t.call('GET', `/api/distribution/${id}`, { token: admin.token })));
    }
    expect(distributions.map((d) => [d.starting_balance, d.ending_balance])).toEqual([
      [6170.97, 6170.97],
      [6037.29, 6037.29],
    ]);
    const text = await statementText(november);
    expect(text).toContain('Paid at processing since your last statement');
    expect(text).toMatch(new RegExp(`11/21/2026 +Report #${reportId} +Your fund +paid by check 1042 +\\$133\\.68`));
    expect(text).toMatch(
      new RegExp(`11/21/2026 +Report #${reportId} +${kenya.fundName} +paid by check 1042 +\\$50\\.00`),
    );
    expect(text).toMatch(/Total +\$183\.68/);
    expect(text).toMatch(/Ending balance of your last statement \(10\/31\/2026\) +\$6,170\.97/);
    expect(text).toMatch(/Paid at processing from your fund +–\$133\.68/);
    expect(text).toMatch(/Starting balance of this statement +\$6,037\.29/);
    expect(text).not.toContain('Other changes to your fund');
  });

  it('is on no other statement', async () => {
    expect(await statementText(october)).not.toContain('Paid at processing');
  });
});

describe('a payout made at processing in the accounting journal', () => {
  it('is one balanced entry in the November MAT Day journal, none in October’s, and the ledger check holds', async () => {
    const csv = await journal('2026-11-30');
    const entries = csvColumn(csv, 'Entry');
    const lines = csv.rows.filter((_, i) => entries[i] === `PAYOUT-${reportId}`);
    const at = (header: string) => csv.header.indexOf(header);
    expect(lines.map((row) => [row[at('Date')], row[at('Account')], row[at('Debit')], row[at('Credit')]])).toEqual([
      ['2026-11-21', '2600-M-0012', '133.68', ''],
      ['2026-11-21', '1000', '', '133.68'],
      ['2026-11-21', `2500-${kenya.id}`, '50.00', ''],
      ['2026-11-21', '1000', '', '50.00'],
    ]);
    expect(lines[0][at('Memo')]).toBe(
      `Report #${reportId} paid at processing from the fund, paid by check 1042 — Ruth Okafor (M-0012)`,
    );
    // Every entry balances to the cent.
    const byEntry = new Map<string, number>();
    csv.rows.forEach((row, i) => {
      const net = (row[at('Debit')] ? cents(row[at('Debit')]) : 0) - (row[at('Credit')] ? cents(row[at('Credit')]) : 0);
      byEntry.set(entries[i], (byEntry.get(entries[i]) ?? 0) + net);
    });
    for (const [entry, net] of byEntry) expect(net, entry).toBe(0);
    expect(csvColumn(await journal('2026-10-31'), 'Entry')).not.toContain(`PAYOUT-${reportId}`);
    expect(ledgerHolds(await checkLiveLedger(t.ctx.db))).toBe(true);
    expect((await profileOf(t, ruth.id)).fundBalance).toBe(603729);
  });
});
