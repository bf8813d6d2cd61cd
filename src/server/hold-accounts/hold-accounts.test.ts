import { eq, sql } from 'drizzle-orm';
import { RETIRE_MESSAGES } from '../../domain/hold-accounts/retire';
import {
  advanceRequests,
  expenseReports,
  expenses,
  holdAccounts,
  holdAccountTransactions,
  journalEntries,
  profiles,
} from '../db/schema';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';
import { journalMismatches } from './journal-check';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Holder' });
  boaz = await t.signIn('missionary', { name: 'Boaz Holder' });
});
afterAll(() => t.close());

let sequence = 0;
async function createAccount(fields: Record<string, unknown> = {}) {
  sequence += 1;
  const result = await t.call('POST', '/api/hold-account', {
    token: admin.token,
    json: { user_id: ruth.id, fund_name: `Fund ${sequence}`, balance: 100, ...fields },
  });
  expect(result.status).toBe(201);
  return result.body as { id: number; fund_name: string; balance: number };
}

function post(id: number, json: Record<string, unknown>, token = admin.token) {
  return t.call('POST', `/api/hold-account/${id}/transaction`, { token, json });
}

async function fundBalance(userId: number): Promise<number> {
  const [row] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row.fundBalance;
}

describe('POST /api/hold-account', () => {
  it('creates an account whose opening balance is its balance, with the owner name', async () => {
    const result = await t.call('POST', '/api/hold-account', {
      token: admin.token,
      form: { user_id: String(ruth.id), fund_name: '  Vehicle Fund ', balance: '1,000.00'.replace(',', '') },
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      user_id: ruth.id,
      user: { id: ruth.id, name: 'Ruth Holder' },
      user_name: 'Ruth Holder',
      fund_name: 'Vehicle Fund',
      opening_balance: 1000,
      balance: 1000,
      unreimbursed_amount: 0,
      mat_day_recurring_deposit: 0,
      status: 'active',
      archived_at: null,
    });
  });

  it.each([
    [{ fund_name: 'X1', balance: 1 }, 'user_id', 'Missionary is required.'],
    [{ user_id: 'self-ruth', balance: 1 }, 'fund_name', 'Fund Name is required.'],
    [{ user_id: 'self-ruth', fund_name: 'X2', balance: '-1' }, 'balance', 'Opening Balance cannot be negative.'],
    [
      { user_id: 'self-ruth', fund_name: 'X3', balance: '1.001' },
      'balance',
      'Opening Balance must be a dollar amount with at most 2 decimals.',
    ],
    [{ user_id: 'self-employee', fund_name: 'X4' }, 'user_id', 'Choose an active missionary as the owner.'],
    [{ user_id: 999999, fund_name: 'X5' }, 'user_id', 'Choose an active missionary as the owner.'],
    [
      { user_id: 'self-ruth', fund_name: 'vehicle FUND' },
      'fund_name',
      'Another active hold account is already named "Vehicle Fund".',
    ],
  ])('validates %j', async (json, field, message) => {
    const resolved = Object.fromEntries(
      Object.entries(json).map(([k, v]) => [k, v === 'self-ruth' ? ruth.id : v === 'self-employee' ? employee.id : v]),
    );
    const result = await t.call('POST', '/api/hold-account', { token: admin.token, json: resolved });
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('answers 401 and 403', async () => {
    const json = { user_id: ruth.id, fund_name: 'Nope', balance: 0 };
    await expectStatus(t, 401, [['POST', '/api/hold-account', { json }]]);
    await expectStatus(t, 403, [
      ['POST', '/api/hold-account', { token: employee.token, json }],
      ['POST', '/api/hold-account', { token: ruth.token, json }],
    ]);
  });
});

describe('GET /api/hold-account', () => {
  it('filters Active (default) and Archived; staff see all, a missionary only their own', async () => {
    const own = await createAccount({ user_id: boaz.id });
    const archived = await createAccount({ user_id: boaz.id, balance: 0 });
    expect((await t.call('GET', `/api/hold-account/${archived.id}/archive`, { token: admin.token })).status).toBe(200);

    const active = await t.call('GET', '/api/hold-account', { token: employee.token });
    expect(active.status).toBe(200);
    const activeIds = active.body.map((h: { id: number }) => h.id);
    expect(activeIds).toContain(own.id);
    expect(activeIds).not.toContain(archived.id);
    const archivedList = await t.call('GET', '/api/hold-account', {
      token: admin.token,
      query: { status: 'Archived' },
    });
    expect(archivedList.body.map((h: { id: number }) => h.id)).toEqual([archived.id]);
    const all = await t.call('GET', '/api/hold-account', {
      token: admin.token,
      query: { status: 'all', user_id: boaz.id },
    });
    expect(all.body.map((h: { id: number }) => h.id).sort()).toEqual([own.id, archived.id].sort());

    const mine = await t.call('GET', '/api/hold-account', { token: boaz.token });
    expect(mine.body.map((h: { id: number }) => h.id)).toEqual([own.id]);
    expect(mine.body[0]).toMatchObject({ user_name: 'Boaz Holder', balance: 100, unreimbursed_amount: 0 });
    await expectStatus(t, 403, [['GET', '/api/hold-account', { token: boaz.token, query: { user_id: ruth.id } }]]);
    await expectStatus(t, 401, [['GET', '/api/hold-account', {}]]);
    await expectStatus(t, 422, [['GET', '/api/hold-account', { token: admin.token, query: { status: 'gone' } }]]);
  });

  it('GET /api/hold-account/{id}: staff any, owner own, others 403, unknown 404', async () => {
    const account = await createAccount();
    expect((await t.call('GET', `/api/hold-account/${account.id}`, { token: employee.token })).body).toMatchObject({
      id: account.id,
      balance: 100,
    });
    expect((await t.call('GET', `/api/hold-account/${account.id}`, { token: ruth.token })).status).toBe(200);
    await expectStatus(t, 403, [['GET', `/api/hold-account/${account.id}`, { token: boaz.token }]]);
    await expectStatus(t, 404, [['GET', '/api/hold-account/999999', { token: admin.token }]]);
    await expectStatus(t, 401, [['GET', `/api/hold-account/${account.id}`, {}]]);
  });
});

describe('PATCH /api/hold-account/{id}', () => {
  it('changes fund name, owner and recurring MAT Day amounts (form POST with _method too)', async () => {
    const account = await createAccount();
    const result = await t.call('POST', `/api/hold-account/${account.id}`, {
      token: admin.token,
      form: {
        _method: 'PATCH',
        fund_name: 'Renamed Fund',
        user_id: String(boaz.id),
        mat_day_recurring_deposit: '50',
        mat_day_recurring_transfer: '25.5',
        mat_day_recurring_withdrawal: '10.01',
      },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      fund_name: 'Renamed Fund',
      user_id: boaz.id,
      user_name: 'Boaz Holder',
      mat_day_recurring_deposit: 50,
      mat_day_recurring_transfer: 25.5,
      mat_day_recurring_withdrawal: 10.01,
      balance: 100,
    });
  });

  it('changes the opening balance only until something has posted', async () => {
    const account = await createAccount();
    const changed = await t.call('PATCH', `/api/hold-account/${account.id}`, {
      token: admin.token,
      json: { opening_balance: 250 },
    });
    expect(changed.body).toMatchObject({ opening_balance: 250, balance: 250 });
    expect((await post(account.id, { transaction_type: 'Deposit', transaction_amount: 1 })).status).toBe(201);
    const refused = await t.call('PATCH', `/api/hold-account/${account.id}`, {
      token: admin.token,
      json: { opening_balance: 300 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.opening_balance).toEqual([
      'The opening balance cannot change once transactions have posted. Add a deposit or withdrawal instead.',
    ]);
  });

  it.each([
    [{ fund_name: '' }, 'fund_name', 'Fund Name is required.'],
    [{ mat_day_recurring_deposit: '-5' }, 'mat_day_recurring_deposit', 'Recurring Deposit cannot be negative.'],
    [
      { mat_day_recurring_withdrawal: 'ten' },
      'mat_day_recurring_withdrawal',
      'Recurring Withdrawal must be a dollar amount with at most 2 decimals.',
    ],
    [{ user_id: 'self-admin' }, 'user_id', 'Choose an active missionary as the owner.'],
  ])('validates %j', async (json, field, message) => {
    const account = await createAccount();
    const resolved = Object.fromEntries(Object.entries(json).map(([k, v]) => [k, v === 'self-admin' ? admin.id : v]));
    const result = await t.call('PATCH', `/api/hold-account/${account.id}`, { token: admin.token, json: resolved });
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('refuses a fund name another active account has', async () => {
    const first = await createAccount();
    const second = await createAccount();
    const result = await t.call('PATCH', `/api/hold-account/${second.id}`, {
      token: admin.token,
      json: { fund_name: first.fund_name.toUpperCase() },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors.fund_name).toEqual([
      `Another active hold account is already named "${first.fund_name}".`,
    ]);
  });

  it('answers 401, 403 and 404', async () => {
    const account = await createAccount();
    const json = { fund_name: 'Whatever' };
    await expectStatus(t, 401, [['PATCH', `/api/hold-account/${account.id}`, { json }]]);
    await expectStatus(t, 403, [
      ['PATCH', `/api/hold-account/${account.id}`, { token: employee.token, json }],
      ['PATCH', `/api/hold-account/${account.id}`, { token: ruth.token, json }],
    ]);
    await expectStatus(t, 404, [['PATCH', '/api/hold-account/999999', { token: admin.token, json }]]);
  });
});

describe('GET /api/hold-account/{id}/archive', () => {
  it('toggles archive and restore; restoring refuses a fund name now taken (409)', async () => {
    const account = await createAccount({ balance: 0 });
    const archived = await t.call('GET', `/api/hold-account/${account.id}/archive`, { token: admin.token });
    expect(archived.status).toBe(200);
    expect(archived.body.archived_at).toEqual(expect.any(String));
    expect(archived.body.status).toBe('archived');
    const restored = await t.call('GET', `/api/hold-account/${account.id}/archive`, { token: admin.token });
    expect(restored.body).toMatchObject({ archived_at: null, status: 'active' });

    await t.call('GET', `/api/hold-account/${account.id}/archive`, { token: admin.token });
    const namesake = await createAccount({ fund_name: account.fund_name });
    expect(namesake.fund_name).toBe(account.fund_name);
    const conflict = await t.call('GET', `/api/hold-account/${account.id}/archive`, { token: admin.token });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe(`Another active hold account is already named "${account.fund_name}".`);
  });

  it('answers 401, 403 and 404', async () => {
    const account = await createAccount();
    await expectStatus(t, 401, [['GET', `/api/hold-account/${account.id}/archive`, {}]]);
    await expectStatus(t, 403, [
      ['GET', `/api/hold-account/${account.id}/archive`, { token: employee.token }],
      ['GET', `/api/hold-account/${account.id}/archive`, { token: ruth.token }],
    ]);
    await expectStatus(t, 404, [['GET', '/api/hold-account/999999/archive', { token: admin.token }]]);
  });
});

describe('decision 15 (docs/decisions.md): no money disappears with a hold account', () => {
  it('refuses to archive or delete an account that holds money, naming the amount (was: archived, money dropped out)', async () => {
    const account = await createAccount({ balance: 500 });
    const message =
      'This hold account holds $500.00 and is owed $0.00. Only an empty account can be archived: move the money out first.';
    const archive = await t.call('GET', `/api/hold-account/${account.id}/archive`, { token: admin.token });
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe(message);
    const remove = await t.call('DELETE', `/api/hold-account/${account.id}`, { token: admin.token });
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe(message.replace('archived', 'deleted'));
    const read = await t.call('GET', `/api/hold-account/${account.id}`, { token: admin.token });
    expect(read.body).toMatchObject({ balance: 500, archived_at: null });
  });

  it('archives it once the money is moved out; delete then says archive instead', async () => {
    const account = await createAccount({ balance: 40 });
    expect((await post(account.id, { transaction_type: 'Transfer', transaction_amount: 40 })).status).toBe(201);
    const remove = await t.call('DELETE', `/api/hold-account/${account.id}`, { token: admin.token });
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe(RETIRE_MESSAGES.inUse);
    const archive = await t.call('GET', `/api/hold-account/${account.id}/archive`, { token: admin.token });
    expect(archive.status).toBe(200);
  });

  it('refuses to archive an empty account a designated donation still waits for (was: Build MAT Day failed)', async () => {
    const account = await createAccount({ balance: 0, user_id: boaz.id });
    const csv = `Fund,Amount\n${account.fund_name},25.00\n`;
    const imported = await t.call('POST', '/api/donation/denari-upload', {
      token: admin.token,
      multipart: {
        upload_name: `Waiting ${account.id}`,
        denari: { content: Buffer.from(csv), filename: 'waiting.csv' },
      },
    });
    expect(imported.status).toBe(201);
    const archive = await t.call('GET', `/api/hold-account/${account.id}/archive`, { token: admin.token });
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe(RETIRE_MESSAGES.waiting);
  });
});

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
