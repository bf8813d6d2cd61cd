import { advancePaymentText } from '../../domain/advances/payment';
import { fromDollars } from '../../domain/money';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import {
  closeApp,
  createHoldAccount,
  holdAccountOf,
  journalSum,
  ok,
  profileOf,
  RANGE,
  setPayroll,
  submittedReport,
} from './test-fixtures';

/**
 * docs/distribution.md "Money outside a distribution": both worked examples, to the cent, through the
 * API (decision 14, docs/decisions.md). If one of these numbers changes, the document must change with it.
 */

let t: TestApp;
let admin: SignedIn;
let categories: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  categories = await seedCategories(t);
});
afterAll(() => closeApp(t));

const advanceOf = (id: number) => ok(t.call('GET', `/api/advance-request/${id}`, { token: admin.token }));

/** What the screens say about an advance on the wire. */
function shown(advance: Record<string, any>) {
  const cents = (dollars: number | null) => (dollars === null ? null : fromDollars(dollars));
  return advancePaymentText({
    amountApproved: cents(advance.amount_approved),
    distAmountApproved: cents(advance.dist_amount_approved),
    matDate: advance.mat_date,
    paidOn: advance.paid_on,
  });
}

async function approveDistribution(json: Record<string, unknown>) {
  const created = await ok(t.call('POST', '/api/distribution', { token: admin.token, json }));
  await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.id] } }));
  return ok(t.call('GET', `/api/distribution/${created.id}`, { token: admin.token }));
}

describe('example 1: an advance approved outside a distribution is paid by MAT Day', () => {
  it('fund 1,000.00; 300.00 approved for MAT Day 11/30/2026; the November distribution pays it; fund 700.00', async () => {
    const ruth = await t.signIn('missionary');
    await setPayroll(t, admin, ruth.id, { fund_balance: '1000.00' });
    const requested = await ok(
      t.call('POST', '/api/advance-request', {
        token: ruth.token,
        form: { amount_requested: '300', status: 'requested', user_id: ruth.id },
      }),
    );
    const approved = await ok(
      t.call('PATCH', `/api/advance-request/${requested.id}`, {
        token: admin.token,
        form: { amount_approved: '300', status: 'approved', mat_date: '2026-11-30' },
      }),
    );
    expect(approved).toMatchObject({ amount_approved: 300, dist_amount_approved: null, paid_on: null });
    expect(shown(approved)).toBe('Approved: $300.00, paid on MAT Day 11/30/2026');
    // Approving moves no money: the fund still holds 1,000.00.
    expect((await profileOf(t, ruth.id)).fundBalance).toBe(100000);

    // The November distribution lists it ticked; MAT Day's approval pays it.
    const context = await ok(
      t.call('GET', '/api/distribution-context', { token: admin.token, query: { user_id: ruth.id, ...RANGE } }),
    );
    expect(context.advance_requests).toEqual([expect.objectContaining({ id: requested.id, amount_approved: 300 })]);
    // MAT Day itself (sessions idle since the 21st have expired: sign in again).
    t.clock.set(new Date('2026-11-30T16:00:00Z'));
    admin = await t.signIn('admin');
    const distribution = await approveDistribution({
      user_id: ruth.id,
      ...RANGE,
      advance_requests: [{ id: requested.id }],
    });
    // 1,000.00 − 300.00
    expect(distribution).toMatchObject({ starting_balance: 1000, ministry_advance: 300, ending_balance: 700 });
    expect((await profileOf(t, ruth.id)).fundBalance).toBe(70000);
    expect(await journalSum(t, 'user_fund', ruth.id)).toBe(70000);

    const paid = await advanceOf(requested.id);
    expect(paid).toMatchObject({ dist_amount_approved: 300, distribution_id: distribution.id, paid_on: '2026-11-30' });
    expect(shown(paid)).toBe('Approved: $300.00, paid on 11/30/2026');

    // Paid once: December's distribution does not offer it again.
    const december = await ok(
      t.call('GET', '/api/distribution-context', {
        token: admin.token,
        query: { user_id: ruth.id, start_date: '2026-12-01', end_date: '2026-12-31' },
      }),
    );
    expect(december.advance_requests).toEqual([]);
  });
});

describe('example 2: a partial payout with hold-account lines', () => {
  it('fund 1,000.00, hold 500.00; report 100.00 + 200.00 held; payout 150.00 → 900.00, 450.00, 150.00 owed; next distribution pays it from the hold account', async () => {
    const ruth = await t.signIn('missionary');
    await setPayroll(t, admin, ruth.id, { fund_balance: '1000.00' });
    const kenya = await createHoldAccount(t, admin, ruth.id, { balance: 500 });
    const report = await submittedReport(t, ruth, categories, [
      { amount: '100.00' },
      { amount: '200.00', holdAccountId: kenya.id },
    ]);

    const processed = await ok(
      t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token, form: { payout: '150' } }),
    );
    // The general line first: 100.00 from the fund (1,000.00 → 900.00); then 50.00 of the held line
    // from the hold account (500.00 → 450.00); the other 150.00 stays owed on the hold account.
    expect(processed).toMatchObject({ payout: 150, unreimbursed_amount: 0 });
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 90000, unreimbursedAmount: 0 });
    expect(await holdAccountOf(t, kenya.id)).toMatchObject({ balance: 45000, unreimbursedAmount: 15000 });
    expect(await journalSum(t, 'user_fund', ruth.id)).toBe(90000);
    // Journal: the account's opening 500.00 + (−50.00); its owed amount +150.00.
    expect(await journalSum(t, 'hold_account', kenya.id)).toBe(-5000);
    expect(await journalSum(t, 'hold_account_unreimbursed', kenya.id)).toBe(15000);

    // The next distribution pays the 150.00 from the hold account (450.00 → 300.00), not the fund.
    const distribution = await approveDistribution({ user_id: ruth.id, ...RANGE });
    expect(distribution).toMatchObject({
      starting_balance: 900,
      held_liability_account_starting_balance: 450,
      held_liability_account_withdrawal: 150,
      held_liability_account_balance: 300,
      ministry_reimbursement: 0,
      ending_balance: 900,
    });
    expect(await holdAccountOf(t, kenya.id)).toMatchObject({ balance: 30000, unreimbursedAmount: 0 });
    expect((await profileOf(t, ruth.id)).fundBalance).toBe(90000);
    expect(await journalSum(t, 'hold_account', kenya.id)).toBe(-20000);
    expect(await journalSum(t, 'hold_account_unreimbursed', kenya.id)).toBe(0);
    // In all: 300.00 paid out (150.00 now, 150.00 by the distribution), 100.00 from the fund and
    // 200.00 from the hold account: 1,000.00 + 500.00 − 300.00 = 900.00 + 300.00.
    expect((await profileOf(t, ruth.id)).fundBalance + (await holdAccountOf(t, kenya.id)).balance).toBe(120000);
  });
});
