import {
  type ReadEntry,
  readAplos,
  readIif,
  readIntacct,
  readQbo,
  readSheepfoldCsv,
  readXero,
  unbalanced,
} from '../../../test/journal/readers';
import { JOURNAL_FORMATS, type JournalFormat } from '../../domain/reports/presets/layout';
import { createDistributionViaApi } from '../test-support/distribution-api';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Payments and returns in the journal exports (docs/reports.md "Accounting presets"): releasing a
 * batch books nothing new (the approval's entry already paid net pay out of cash), and a payment
 * return is an entry of its own in every layout, balanced, putting the amount back on the fund.
 */
let t: TestApp;
let admin: SignedIn;
let payee: SignedIn;
let paidCents: number;
const MAT = '2026-11-30';
const RANGE = { from: '2026-11-01', to: '2026-11-30' };

const ok = async (promise: Promise<{ status: number; body: any }>, status = 200) => {
  const answer = await promise;
  if (answer.status !== status) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

const READERS: Record<JournalFormat, (text: string) => ReadEntry[]> = {
  csv: readSheepfoldCsv,
  qbo: readQbo,
  iif: readIif,
  xero: readXero,
  aplos: readAplos,
  intacct: (text) => readIntacct(text, 'GLDIMMISSIONARY'),
};

async function journal(format: JournalFormat): Promise<ReadEntry[]> {
  const answer = await t.call('GET', '/api/reports/journal', { token: admin.token, query: { format, ...RANGE } });
  expect(answer.status, format).toBe(200);
  return READERS[format](answer.raw.toString('utf8'));
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(`${MAT}T09:00:00Z`));
  admin = await t.signIn('admin');
  await ok(
    t.call('PATCH', '/api/settings/payments', {
      token: admin.token,
      json: {
        company_name: 'Sheepfold',
        company_id: '1123456789',
        debtor_name: 'Sheepfold Mission',
        debtor_account_number: '000123456',
        debtor_bic: 'CHASUS33',
      },
    }),
  );
  payee = await t.signIn('missionary', { name: 'Anna Müller', missionaryNumber: 'M-0031' });
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
  const seeded = await createDistributionViaApi(t, admin, {
    user: payee,
    startDate: '2026-11-01',
    endDate: MAT,
    status: 'approved',
    profile: { tax_status: '1099', net_salary: '1200', fund_balance: '5000' },
  });
  const d = seeded.distribution;
  paidCents = Math.round((d.total_funds_disbursed - d.mid_month_disbursement) * 100);
}, 240_000);
afterAll(() => t.close());

describe('payments and returns in the journal exports', () => {
  it('books nothing new when a batch is released, and a return as its own balanced entry in every layout', async () => {
    const before = await journal('csv');
    let batch = await ok(t.call('POST', '/api/payment-batches', { token: admin.token, json: { mat_date: MAT } }), 201);
    const line = batch.lines.find((l: any) => l.user_id === payee.id);
    batch = await ok(t.call('POST', `/api/payment-batches/${batch.id}/lines/${line.id}/clear`, { token: admin.token }));
    batch = await ok(t.call('POST', `/api/payment-batches/${batch.id}/release`, { token: admin.token }));
    expect(batch.status).toBe('released');
    // The approval's entry already credited the cash paid out; the release itself is no posting.
    expect(await journal('csv')).toEqual(before);

    await ok(
      t.call('POST', `/api/payment-batches/${batch.id}/returns`, {
        token: admin.token,
        json: { line_id: line.id, code: 'AC04', date: MAT },
      }),
      201,
    );
    const known = new Set(before.map((entry) => entry.number));
    for (const format of JOURNAL_FORMATS) {
      const entries = await journal(format);
      expect(unbalanced(entries), format).toEqual([]);
      const added = entries.filter((entry) => !known.has(entry.number));
      expect(
        added.map((entry) => entry.number.slice(0, 2)),
        format,
      ).toEqual(['J-']);
      const amounts = added[0]?.lines.map((l) => l.amount).sort((a, b) => a - b);
      // The fund is owed the amount again (a credit), against the bank clearing it came back to.
      expect(amounts, format).toEqual([-paidCents, paidCents]);
    }
    const csvEntry = (await journal('csv')).find((entry) => !known.has(entry.number));
    expect(csvEntry?.lines.find((l) => l.amount < 0)?.account).toMatch(/^2600/);
  });
});
