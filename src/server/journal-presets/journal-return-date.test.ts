import { type ReadEntry, readQbo, readSheepfoldCsv, readXero } from '../../../test/journal/readers';
import { createDistributionViaApi } from '../test-support/distribution-api';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { PAYMENT_SETTINGS } from '../test-support/payment-fixtures';

/**
 * A returned payment's journal entry is dated by the bank's return date, not by the day the office
 * recorded it (docs/reports.md "What is in it, and when each entry is dated"): a wire paid on
 * November 30 and returned by the bank that day, recorded on December 3, belongs to November's
 * export, and December's does not carry it.
 */
let t: TestApp;
let admin: SignedIn;
let known: Set<string>;
const MAT = '2026-11-30';
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
const DECEMBER = { from: '2026-12-01', to: '2026-12-31' };

const ok = async (promise: Promise<{ status: number; body: any }>, status = 200) => {
  const answer = await promise;
  if (answer.status !== status) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

async function journal(
  format: 'csv' | 'qbo' | 'xero',
  range: { from: string; to: string },
  read: (text: string) => ReadEntry[],
): Promise<ReadEntry[]> {
  const answer = await t.call('GET', '/api/reports/journal', { token: admin.token, query: { format, ...range } });
  expect(answer.status, format).toBe(200);
  return read(answer.raw.toString('utf8'));
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(`${MAT}T09:00:00Z`));
  admin = await t.signIn('admin');
  await ok(
    t.call('PATCH', '/api/settings/payments', {
      token: admin.token,
      json: PAYMENT_SETTINGS,
    }),
  );
  const payee = await t.signIn('missionary', { name: 'Anna Müller', missionaryNumber: 'M-0031' });
  await ok(
    t.call('POST', `/api/user/${payee.id}/bank-details`, {
      token: payee.token,
      json: {
        payout_method: 'wire',
        beneficiary_name: 'Anna Müller',
        bank_country: 'DE',
        bank_currency: 'EUR',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bank_name: 'Commerzbank',
      },
    }),
  );
  await createDistributionViaApi(t, admin, {
    user: payee,
    startDate: '2026-11-01',
    endDate: MAT,
    status: 'approved',
    profile: { tax_status: '1099', net_salary: '1200', fund_balance: '5000' },
  });
  known = new Set((await journal('csv', NOVEMBER, readSheepfoldCsv)).map((entry) => entry.number));
  let batch = await ok(t.call('POST', '/api/payment-batches', { token: admin.token, json: { mat_date: MAT } }), 201);
  const line = batch.lines.find((l: any) => l.user_id === payee.id);
  batch = await ok(t.call('POST', `/api/payment-batches/${batch.id}/lines/${line.id}/clear`, { token: admin.token }));
  batch = await ok(t.call('POST', `/api/payment-batches/${batch.id}/release`, { token: admin.token }));
  // The bank returned the wire on November 30; the office records it on December 3.
  t.clock.set(new Date('2026-12-03T15:00:00Z'));
  admin = await t.signIn('admin'); // the first session has expired in the three days
  await ok(
    t.call('POST', `/api/payment-batches/${batch.id}/returns`, {
      token: admin.token,
      json: { line_id: line.id, code: 'AC04', date: MAT },
    }),
    201,
  );
}, 240_000);
afterAll(() => t.close());

describe("a returned payment's journal entry", () => {
  it("is in the export of the bank's return date, dated that day, in each date format", async () => {
    // The readers turn each layout's dates (ISO, MM/DD/YYYY for QuickBooks, dd/mm/yyyy for Xero) into ISO.
    const layouts = [
      ['csv', readSheepfoldCsv],
      ['qbo', readQbo],
      ['xero', readXero],
    ] as const;
    for (const [format, read] of layouts) {
      const added = (await journal(format, NOVEMBER, read)).filter((entry) => !known.has(entry.number));
      expect(
        added.map((entry) => [entry.number.slice(0, 2), entry.date]),
        format,
      ).toEqual([['J-', '2026-11-30']]);
    }
  });

  it('is not in the export of the day it was recorded', async () => {
    // Nothing else happened in December.
    expect(await journal('csv', DECEMBER, readSheepfoldCsv)).toEqual([]);
  });
});
