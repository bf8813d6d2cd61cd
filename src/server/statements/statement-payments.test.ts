import { issueApiToken } from '../auth/tokens';
import { createDistributionViaApi } from '../test-support/distribution-api';
import { pdfToText } from '../test-support/downloads';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { ACH_DETAILS, PAYMENT_SETTINGS } from '../test-support/payment-fixtures';
import { pdfMoney } from './statement-pdf';

/**
 * "How it was paid" on the statement PDF (docs/payments.md "On the statement"), read back with
 * pdftotext: nothing while the office pays outside payment batches; "Not yet paid" while a draft
 * holds the month or none does; method, masked account, the day the bank pays and the amount once a
 * batch is released; a return with its date, reason and the money back on the fund.
 *
 * The clock stands on Saturday 11/21/2026: October's batch (MAT Day Saturday 10/31) is released
 * late, so it pays from 11/21 and the ACH entry and the wire take effect Monday 11/23.
 */

let t: TestApp;
let admin: SignedIn;
type Payee = { user: SignedIn; distributionId: number; paid: string };
let ruth: Payee;
let anna: Payee;
let joel: Payee;

const ok = async (promise: Promise<{ status: number; body: any }>, status = 200) => {
  const answer = await promise;
  if (answer.status !== status) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

async function statementOf(payee: Payee) {
  const result = await t.call('GET', `/api/distribution/${payee.distributionId}/statement.pdf`, {
    token: payee.user.token,
  });
  expect(result.status).toBe(200);
  return pdfToText(result.raw);
}

/** A label and its amount on one line of the laid-out text. */
const row = (label: string, amount: string) =>
  new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+${amount.replace(/[$.]/g, '\\$&')}`);

async function payee(name: string, details: Record<string, string>): Promise<Payee> {
  const user = await t.signIn('missionary', { name });
  await ok(t.call('POST', `/api/user/${user.id}/bank-details`, { token: user.token, json: details }));
  const seeded = await createDistributionViaApi(t, admin, {
    user,
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    status: 'approved',
    profile: { tax_status: '1099', net_salary: '1200', fund_balance: '5000' },
  });
  const d = seeded.distribution;
  // "paid to you": funds disbursed less the mid-month payment already made
  const paid = pdfMoney(Math.round((d.total_funds_disbursed - d.mid_month_disbursement) * 100));
  return { user, distributionId: seeded.id, paid };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  await ok(
    t.call('PATCH', '/api/settings/payments', {
      token: admin.token,
      json: PAYMENT_SETTINGS,
    }),
  );
  ruth = await payee('Ruth Okafor', ACH_DETAILS);
  anna = await payee('Anna Wanjiru', {
    payout_method: 'wire',
    beneficiary_name: 'Anna Wanjiru',
    bank_country: 'KE',
    bank_currency: 'KES',
    bic: 'KCBLKENX',
    bank_account_number: '01108123456700',
  });
  joel = await payee('Joel Mwangi', { payout_method: 'check' });
}, 240_000);
afterAll(() => t.close());

describe('the statement says how and when each amount was paid', () => {
  let batchId: number;

  it('says nothing of payments while the office has released no payment batch', async () => {
    expect(await statementOf(ruth)).not.toContain('How it was paid');
  });

  it('"Not yet paid" while a draft batch holds the month', async () => {
    const batch = await ok(
      t.call('POST', '/api/payment-batches', {
        token: admin.token,
        json: { distribution_ids: [ruth.distributionId, anna.distributionId] },
      }),
      201,
    );
    batchId = batch.id;
    const text = await statementOf(ruth);
    expect(text).toContain('How it was paid');
    expect(text).toMatch(row('Not yet paid', ruth.paid));
    expect(text).toContain(`In payment batch #${batchId}, not yet released`);
    expect(text).toMatch(row('Paid to you on MAT Day', ruth.paid));
  });

  it('once released: method, masked account, the day the bank pays, the amount', async () => {
    const batch = await ok(t.call('GET', `/api/payment-batches/${batchId}`, { token: admin.token }));
    // New details are held for review; Ruth's ACH line then waits for a prenote, paid now instead.
    for (const line of batch.lines) {
      await ok(t.call('POST', `/api/payment-batches/${batchId}/lines/${line.id}/clear`, { token: admin.token }));
    }
    const ach = batch.lines.find((line: { user_id: number }) => line.user_id === ruth.user.id);
    await ok(t.call('POST', `/api/payment-batches/${batchId}/lines/${ach.id}/clear`, { token: admin.token }));
    const released = await ok(t.call('POST', `/api/payment-batches/${batchId}/release`, { token: admin.token }));
    expect(released.effective_date).toBe('2026-11-23');

    const ruthText = await statementOf(ruth);
    expect(ruthText).toMatch(row('ACH to account ••••6789, settles 11/23/2026', ruth.paid));
    expect(ruthText).toContain(`Payment batch #${batchId}`);
    expect(ruthText).not.toContain('Not yet paid');
    expect(ruthText).not.toContain('123456789');

    const annaText = await statementOf(anna);
    expect(annaText).toMatch(row('Wire to account ••••6700, sent 11/23/2026', anna.paid));
    expect(annaText).not.toContain('01108123456700');
    // The date the statement gives is the one the pain.001 file asks the bank for: a banking day.
    const pain = await t.call('GET', `/api/payment-batches/${batchId}/pain001`, { token: admin.token });
    expect(pain.raw.toString('utf8')).toMatch(/<ReqdExctnDt>\s*<Dt>2026-11-23<\/Dt>/);
  });

  it('"Not yet paid" for a month no batch holds, once the office pays by batches', async () => {
    const text = await statementOf(joel);
    expect(text).toMatch(row('Not yet paid', joel.paid));
    expect(text).toContain('No payment batch has sent it yet');
  });

  it('a returned payment: its date and reason, and the money back on the fund', async () => {
    // The bank returns the entry on 11/25, after it settled; the office records it the day after (a
    // return cannot be dated in the future). The sessions opened on 11/21 have gone idle by then.
    t.clock.set(new Date('2026-11-26T15:00:00Z'));
    admin = await t.signIn('admin');
    ruth.user.token = await issueApiToken(t.ctx.db, ruth.user.id, t.clock.now());
    const batch = await ok(t.call('GET', `/api/payment-batches/${batchId}`, { token: admin.token }));
    const ach = batch.lines.find((line: { user_id: number }) => line.user_id === ruth.user.id);
    await ok(
      t.call('POST', `/api/payment-batches/${batchId}/returns`, {
        token: admin.token,
        json: { line_id: ach.id, code: 'R03', date: '2026-11-25' },
      }),
      201,
    );
    const text = await statementOf(ruth);
    expect(text).toMatch(row('ACH to account ••••6789, settles 11/23/2026', ruth.paid));
    expect(text).toMatch(row('Returned on 11/25/2026: R03 No account, or unable to locate account', `–${ruth.paid}`));
    expect(text).toContain('The money went back to your fund');
    expect(text).toMatch(row('Reached you', '$0.00'));
  });
});
