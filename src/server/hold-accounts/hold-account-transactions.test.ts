import { eq, sql } from 'drizzle-orm';
import {
  advanceRequests,
  expenseReports,
  expenses,
  holdAccounts,
  holdAccountTransactions,
  journalEntries,
} from '../db/schema';
import { expectStatus } from '../test-support/harness';
import { journalMismatches } from './journal-check';
import { admin, boaz, createAccount, employee, fundBalance, post, ruth, t } from './test-office';

describe('DELETE /api/hold-account/{id}', () => {
  const BLOCKED =
    'This hold account has donations, expenses, advance requests or transactions on record and cannot be deleted. Archive it instead.';

  it('deletes an unused, empty account', async () => {
    const account = await createAccount({ balance: 0 });
    const result = await t.call('DELETE', `/api/hold-account/${account.id}`, { token: admin.token });
    expect(result.status).toBe(200);
    await expectStatus(t, 404, [['GET', `/api/hold-account/${account.id}`, { token: admin.token }]]);
  });

  it('is blocked (409) by transactions, donations, advance requests and expenses', async () => {
    const withTransaction = await createAccount();
    await post(withTransaction.id, { transaction_type: 'Withdrawal', transaction_amount: 1 });

    const withDonation = await createAccount({ fund_name: 'Blocked By Donation' });
    const imported = await t.call('POST', '/api/donation/denari-upload', {
      token: admin.token,
      multipart: {
        upload_name: 'Blocking',
        denari: { content: Buffer.from('Fund,Amount\nBlocked By Donation,5\n'), filename: 'b.csv' },
      },
    });
    expect(imported.status).toBe(201);

    const withAdvance = await createAccount();
    await t.ctx.db
      .insert(advanceRequests)
      .values({ userId: ruth.id, amountRequested: 100, holdAccountId: withAdvance.id });

    const withExpense = await createAccount();
    const [report] = await t.ctx.db
      .insert(expenseReports)
      .values({ type: 'reimbursement', userId: ruth.id })
      .returning();
    await t.ctx.db.insert(expenses).values({
      expenseReportId: report.id,
      date: '2026-11-01',
      fieldCurrency: '10.00',
      exchangeRate: '1',
      usdAmount: 1000,
      holdAccountId: withExpense.id,
    });

    for (const account of [withTransaction, withDonation, withAdvance, withExpense]) {
      const result = await t.call('DELETE', `/api/hold-account/${account.id}`, { token: admin.token });
      expect(result.status).toBe(409);
      expect(result.body.message).toBe(BLOCKED);
    }
  });

  it('answers 401, 403 and 404', async () => {
    const account = await createAccount();
    await expectStatus(t, 401, [['DELETE', `/api/hold-account/${account.id}`, {}]]);
    await expectStatus(t, 403, [['DELETE', `/api/hold-account/${account.id}`, { token: employee.token }]]);
    await expectStatus(t, 404, [['DELETE', '/api/hold-account/999999', { token: admin.token }]]);
  });
});

describe('hold-account transactions', () => {
  it('posts deposits, transfers and withdrawals at once, moving the general fund with journal rows', async () => {
    const account = await createAccount({ user_id: boaz.id, balance: 100 });
    const fundBefore = await fundBalance(boaz.id);

    const deposit = await post(account.id, {
      transaction_type: 'Deposit',
      transaction_amount: '50.25',
      description: 'Gift',
    });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({
      transaction_type: 'Deposit',
      transaction_amount: 50.25,
      amount_approved: 50.25,
      description: 'Gift',
      starting_balance: 100,
      ending_balance: 150.25,
      recurring: 0,
      approved: 1,
      status: 'posted',
      mat_date: '2026-11-21',
      deletable: true,
      hold_account: { balance: 150.25 },
    });
    const transfer = await post(account.id, { transaction_type: 'Transfer', transaction_amount: 20 });
    expect(transfer.body).toMatchObject({ description: 'Manual Transfer', ending_balance: 130.25 });
    const withdrawal = await post(account.id, { transaction_type: 'Withdrawal', transaction_amount: 30.25 });
    expect(withdrawal.body.hold_account.balance).toBe(100);
    // General fund: -50.25 (deposit came from it) + 20.00 (transfer went to it); the withdrawal left the books.
    expect(await fundBalance(boaz.id)).toBe(fundBefore - 5025 + 2000);

    const journal = await t.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, account.id));
    expect(
      journal.filter((row) => row.account === 'hold_account').map((row) => [row.amount, row.balanceAfter, row.reason]),
    ).toEqual([
      [5025, 15025, 'manual_deposit'],
      [-2000, 13025, 'manual_transfer'],
      [-3025, 10000, 'manual_withdrawal'],
    ]);

    const history = await t.call('GET', `/api/hold-account/${account.id}/transactions`, { token: employee.token });
    expect(history.status).toBe(200);
    expect(history.body.map((row: { transaction_type: string }) => row.transaction_type)).toEqual([
      'Withdrawal',
      'Transfer',
      'Deposit',
    ]);
    expect(history.body[0]).toMatchObject({ created_by_name: admin.name, deletable: true });
  });

  it('refuses to overdraw with a message under the amount', async () => {
    const account = await createAccount({ balance: 100 });
    for (const type of ['Withdrawal', 'Transfer']) {
      const result = await post(account.id, { transaction_type: type, transaction_amount: '100.01' });
      expect(result.status).toBe(422);
      expect(result.body.errors.transaction_amount).toEqual([
        `The ${type.toLowerCase()} of $100.01 is more than the account balance of $100.00.`,
      ]);
    }
    expect((await post(account.id, { transaction_type: 'Withdrawal', transaction_amount: 100 })).status).toBe(201);
  });

  it.each([
    [{ transaction_amount: 5 }, 'transaction_type', 'Transaction Type is required.'],
    [
      { transaction_type: 'Gift', transaction_amount: 5 },
      'transaction_type',
      'Transaction Type must be one of: Deposit, Transfer, Withdrawal.',
    ],
    [{ transaction_type: 'Deposit' }, 'transaction_amount', 'Amount is required.'],
    [{ transaction_type: 'Deposit', transaction_amount: 0 }, 'transaction_amount', 'Amount must be more than zero.'],
    [{ transaction_type: 'Deposit', transaction_amount: -5 }, 'transaction_amount', 'Amount cannot be negative.'],
  ])('validates %j', async (json, field, message) => {
    const account = await createAccount();
    const result = await post(account.id, json);
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('refuses transactions on an archived account (409)', async () => {
    const account = await createAccount({ balance: 0 });
    await t.call('GET', `/api/hold-account/${account.id}/archive`, { token: admin.token });
    const result = await post(account.id, { transaction_type: 'Deposit', transaction_amount: 5 });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('This hold account is archived. Restore it first.');
  });

  it('answers 401, 403 and 404 for the transaction routes; missionaries read their own history', async () => {
    const account = await createAccount();
    const json = { transaction_type: 'Deposit', transaction_amount: 5 };
    await expectStatus(t, 401, [
      ['POST', `/api/hold-account/${account.id}/transaction`, { json }],
      ['GET', `/api/hold-account/${account.id}/transactions`, {}],
      ['DELETE', '/api/hold-account-transaction/1', {}],
    ]);
    await expectStatus(t, 403, [
      ['POST', `/api/hold-account/${account.id}/transaction`, { token: employee.token, json }],
      ['POST', `/api/hold-account/${account.id}/transaction`, { token: ruth.token, json }],
      ['GET', `/api/hold-account/${account.id}/transactions`, { token: boaz.token }],
      ['DELETE', '/api/hold-account-transaction/1', { token: employee.token }],
    ]);
    await expectStatus(t, 404, [
      ['POST', '/api/hold-account/999999/transaction', { token: admin.token, json }],
      ['GET', '/api/hold-account/999999/transactions', { token: admin.token }],
      ['DELETE', '/api/hold-account-transaction/999999', { token: admin.token }],
    ]);
    expect((await t.call('GET', `/api/hold-account/${account.id}/transactions`, { token: ruth.token })).status).toBe(
      200,
    );
  });

  it('deletes a manual transaction, reversing balance and general fund with journal rows', async () => {
    const account = await createAccount({ user_id: boaz.id, balance: 0 });
    const fundBefore = await fundBalance(boaz.id);
    const deposit = await post(account.id, { transaction_type: 'Deposit', transaction_amount: 40 });
    const result = await t.call('DELETE', `/api/hold-account-transaction/${deposit.body.id}`, { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.body.hold_account.balance).toBe(0);
    expect(await fundBalance(boaz.id)).toBe(fundBefore);
    const reversal = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(sql`${journalEntries.reason} = 'reversal' and ${journalEntries.refId} = ${deposit.body.id}`);
    expect(reversal.map((row) => [row.account, row.amount])).toEqual(
      expect.arrayContaining([
        ['hold_account', -4000],
        ['user_fund', 4000],
      ]),
    );
    const history = await t.call('GET', `/api/hold-account/${account.id}/transactions`, { token: admin.token });
    expect(history.body).toEqual([]);
    await expectStatus(t, 404, [
      ['DELETE', `/api/hold-account-transaction/${deposit.body.id}`, { token: admin.token }],
    ]);
  });

  it('refuses to delete recurring, expense-paying, distribution and already-spent transactions (409)', async () => {
    const account = await createAccount({ balance: 0 });
    const spent = await post(account.id, { transaction_type: 'Deposit', transaction_amount: 50 });
    await post(account.id, { transaction_type: 'Withdrawal', transaction_amount: 20 });
    const [recurring] = await t.ctx.db
      .insert(holdAccountTransactions)
      .values({ holdAccountId: account.id, transactionType: 'Deposit', transactionAmount: 100, recurring: true })
      .returning();
    const cases: Array<[number, string]> = [
      [spent.body.id, 'Deleting this deposit would take the balance of $30.00 below zero.'],
      [recurring.id, 'Recurring MAT Day transactions cannot be deleted here.'],
    ];
    for (const [id, message] of cases) {
      const result = await t.call('DELETE', `/api/hold-account-transaction/${id}`, { token: admin.token });
      expect(result.status).toBe(409);
      expect(result.body.message).toBe(message);
    }
    const history = await t.call('GET', `/api/hold-account/${account.id}/transactions`, { token: admin.token });
    expect(history.body.map((row: { deletable: boolean }) => row.deletable)).toEqual([false, true, false]);
  });
});

describe('journal check', () => {
  it('every hold account balance = opening balance + Σ its journal rows (and general funds match theirs)', async () => {
    expect(await journalMismatches(t.ctx.db)).toEqual([]);
    const [any] = await t.ctx.db.select().from(holdAccounts).limit(1);
    expect(any).toBeDefined();
  });

  it('the check finds a balance changed without a journal row', async () => {
    const account = await createAccount({ balance: 10 });
    await t.ctx.db.update(holdAccounts).set({ balance: 1234 }).where(eq(holdAccounts.id, account.id));
    expect(await journalMismatches(t.ctx.db)).toEqual([
      { account: 'hold_account', id: account.id, stored: 1234, fromJournal: 1000 },
    ]);
    await t.ctx.db.update(holdAccounts).set({ balance: 1000 }).where(eq(holdAccounts.id, account.id));
    expect(await journalMismatches(t.ctx.db)).toEqual([]);
  });
});
