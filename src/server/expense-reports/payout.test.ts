import { eq } from 'drizzle-orm';
import { holdAccountTransactions, journalEntries } from '../db/schema';
import {
  closeApp,
  createHoldAccount,
  holdAccountOf,
  journalSum,
  ok,
  profileOf,
  RANGE,
  reportsUnpaid,
  setPayroll,
  submittedReport,
} from '../distributions/test-fixtures';
import { journalMismatches } from '../hold-accounts/journal-check';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Decision 14 (docs/decisions.md) through the API: a payout entered when processing a reimbursement is paid
 * now — general-fund lines from the missionary's fund, then hold-account lines from their accounts —
 * and what it does not pay stays owed where it is charged, so the next distribution pays it once,
 * from the right place.
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

async function expectBalanced(userId: number) {
  expect(await journalMismatches(t.ctx.db)).toEqual([]);
  const profile = await profileOf(t, userId);
  expect(await journalSum(t, 'user_fund', userId)).toBe(profile.fundBalance);
  expect(await journalSum(t, 'user_unreimbursed', userId)).toBe(profile.unreimbursedAmount);
  expect(await reportsUnpaid(t, userId)).toBe(profile.unreimbursedAmount);
}

async function missionaryWithFund(fundBalance: number) {
  const user = await t.signIn('missionary');
  await setPayroll(t, admin, user.id, { fund_balance: fundBalance });
  return user;
}

function process(reportId: number, payout: string) {
  return t.call('PATCH', `/api/process-expense-report/${reportId}`, { token: admin.token, form: { payout } });
}

async function approveDistributionFor(userId: number) {
  const created = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: { user_id: userId, ...RANGE, hold_account_transactions: [], advance_requests: [] },
    }),
  );
  await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.id] } }));
  return created;
}

describe('a payout at processing is paid from the fund at once', () => {
  it('debits the fund with a journal row; the rest stays owed (was: no balance moved)', async () => {
    const ruth = await missionaryWithFund(5000);
    const report = await submittedReport(t, ruth, categories, [{ amount: '200.00' }, { amount: '34.62' }]);
    const result = await process(report.id, '150');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ payout: 150, unreimbursed_amount: 84.62 }); // 234.62 − 150.00
    // 5,000.00 − 150.00 = 4,850.00 left in the fund; 84.62 owed
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 485000, unreimbursedAmount: 8462 });
    const rows = await t.ctx.db.select().from(journalEntries).where(eq(journalEntries.refId, report.id));
    expect(rows.map((row) => [row.account, row.amount, row.balanceAfter, row.reason])).toEqual(
      expect.arrayContaining([
        ['user_fund', -15000, 485000, 'expense_report_payout'],
        ['user_unreimbursed', 8462, 8462, 'expense_report_processed'],
      ]),
    );
    await expectBalanced(ruth.id);

    // The next distribution pays the 84.62 once: 4,850.00 − 84.62 = 4,765.38.
    await approveDistributionFor(ruth.id);
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 476538, unreimbursedAmount: 0 });
    await expectBalanced(ruth.id);
  });

  it('may take the fund below zero, as the dialog says', async () => {
    const ruth = await missionaryWithFund(10);
    const report = await submittedReport(t, ruth, categories, [{ amount: '20.00' }]);
    expect((await process(report.id, '20')).status).toBe(200);
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: -1000, unreimbursedAmount: 0 });
    await expectBalanced(ruth.id);
  });
});

describe('hold-account lines of a report processed outside a distribution', () => {
  async function setUp() {
    // The case: fund 1,000, hold account 500, report 100 general + 200 charged to the account.
    const ruth = await missionaryWithFund(1000);
    const hold = await createHoldAccount(t, admin, ruth.id, { balance: 500 });
    const report = await submittedReport(t, ruth, categories, [
      { amount: '100.00' },
      { amount: '200.00', holdAccountId: hold.id },
    ]);
    return { ruth, hold, report };
  }

  it('payout 0: the next distribution takes 100 from the fund and 200 from the hold account (was: 300 from the fund)', async () => {
    const { ruth, hold, report } = await setUp();
    expect((await process(report.id, '0')).status).toBe(200);
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 100000, unreimbursedAmount: 10000 });
    expect(await holdAccountOf(t, hold.id)).toMatchObject({ balance: 50000, unreimbursedAmount: 20000 });
    await expectBalanced(ruth.id);

    await approveDistributionFor(ruth.id);
    // fund 1,000 − 100 = 900; hold 500 − 200 = 300; nothing owed anywhere
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 90000, unreimbursedAmount: 0 });
    expect(await holdAccountOf(t, hold.id)).toMatchObject({ balance: 30000, unreimbursedAmount: 0 });
    await expectBalanced(ruth.id);
  });

  it('payout 150: 100 from the fund, 50 from the hold account now, 150 owed by the account', async () => {
    const { ruth, hold, report } = await setUp();
    expect((await process(report.id, '150')).status).toBe(200);
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 90000, unreimbursedAmount: 0 });
    expect(await holdAccountOf(t, hold.id)).toMatchObject({ balance: 45000, unreimbursedAmount: 15000 });
    const withdrawals = await t.ctx.db
      .select()
      .from(holdAccountTransactions)
      .where(eq(holdAccountTransactions.holdAccountId, hold.id));
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]).toMatchObject({
      transactionType: 'Withdrawal',
      amountApproved: 5000,
      expenseId: report.expenseIds[1],
      status: 'posted',
      startingBalance: 50000,
      endingBalance: 45000,
    });
    // It pays an expense, so it cannot be deleted (which would pay the line again).
    const listed = await t.call('GET', `/api/hold-account/${hold.id}/transactions`, { token: admin.token });
    expect(listed.body[0]).toMatchObject({ deletable: false });
    const removed = await t.call('DELETE', `/api/hold-account-transaction/${withdrawals[0].id}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(409);
    await expectBalanced(ruth.id);

    await approveDistributionFor(ruth.id);
    // The distribution pays the 150 from the hold account: 450 − 150 = 300; the fund stays at 900.
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 90000, unreimbursedAmount: 0 });
    expect(await holdAccountOf(t, hold.id)).toMatchObject({ balance: 30000, unreimbursedAmount: 0 });
    await expectBalanced(ruth.id);
  });

  it('refuses a payout that would overdraw the hold account, naming it, and changes nothing', async () => {
    // The 200.00 line is more than the 50.00 the account holds, so it stays owed whole: at most the
    // 100.00 general line can be paid now (docs/distribution.md "Hold-account lines in line order").
    const ruth = await missionaryWithFund(1000);
    const hold = await createHoldAccount(t, admin, ruth.id, { balance: 50 });
    const report = await submittedReport(t, ruth, categories, [
      { amount: '100.00' },
      { amount: '200.00', holdAccountId: hold.id },
    ]);
    const result = await process(report.id, '300');
    expect(result.status).toBe(422);
    expect(result.body.errors.payout).toEqual([
      `${hold.fundName} holds $50.00, less than the $200.00 line charged to it, so that line stays owed. Pay at most $100.00 now.`,
    ]);
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 100000, unreimbursedAmount: 0 });
    expect(await holdAccountOf(t, hold.id)).toMatchObject({ balance: 5000, unreimbursedAmount: 0 });
  });

  it('pays held lines in line order: an empty account does not block a funded one (was: by account id, refused)', async () => {
    // A (created first, the lower id) holds 0.00; B holds 1,000.00. Lines: 1,000.00 general, 203.01 on
    // A, 828.09 on B. By account id A came first and the payout was refused ("A holds $0.00; this
    // payout would take $203.01 from it. Pay at most $1,828.09 now."). Now A's line stays owed.
    const ruth = await missionaryWithFund(1000);
    const a = await createHoldAccount(t, admin, ruth.id, { balance: 0 });
    const b = await createHoldAccount(t, admin, ruth.id, { balance: 1000 });
    const report = await submittedReport(t, ruth, categories, [
      { amount: '1000.00' },
      { amount: '203.01', holdAccountId: a.id },
      { amount: '828.09', holdAccountId: b.id },
    ]);
    const tooMuch = await process(report.id, '2031.10');
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.payout).toEqual([
      `${a.fundName} holds $0.00, less than the $203.01 line charged to it, so that line stays owed. Pay at most $1,828.09 now.`,
    ]);
    expect((await process(report.id, '1828.09')).status).toBe(200);
    // fund 1,000.00 − 1,000.00 = 0.00; B 1,000.00 − 828.09 = 171.91; A's 203.01 owed by A
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 0, unreimbursedAmount: 0 });
    expect(await holdAccountOf(t, a.id)).toMatchObject({ balance: 0, unreimbursedAmount: 20301 });
    expect(await holdAccountOf(t, b.id)).toMatchObject({ balance: 17191, unreimbursedAmount: 0 });
    await expectBalanced(ruth.id);
  });

  it('line order is the order the report shows, by date then entry, not the order the lines were typed', async () => {
    // C holds 300.00. Typed first: 200.00 dated 11/05; typed second: 150.00 dated 11/01. By date the
    // 150.00 comes first (300.00 − 150.00 = 150.00 left), so the 200.00 stays owed; a payout of 150.00
    // pays the 150.00 line.
    const ruth = await missionaryWithFund(1000);
    const c = await createHoldAccount(t, admin, ruth.id, { balance: 300 });
    const report = await submittedReport(t, ruth, categories, [
      { amount: '200.00', date: '2026-11-05', holdAccountId: c.id },
      { amount: '150.00', date: '2026-11-01', holdAccountId: c.id },
    ]);
    const refused = await process(report.id, '300');
    expect(refused.body.errors.payout).toEqual([
      `${c.fundName} holds $150.00, less than the $200.00 line charged to it, so that line stays owed. Pay at most $150.00 now.`,
    ]);
    expect((await process(report.id, '150')).status).toBe(200);
    const withdrawals = await t.ctx.db
      .select()
      .from(holdAccountTransactions)
      .where(eq(holdAccountTransactions.holdAccountId, c.id));
    expect(withdrawals.map((row) => [row.expenseId, row.amountApproved])).toEqual([[report.expenseIds[1], 15000]]);
    expect(await holdAccountOf(t, c.id)).toMatchObject({ balance: 15000, unreimbursedAmount: 20000 });
    await expectBalanced(ruth.id);
  });
});
