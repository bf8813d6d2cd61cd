import { RETIRE_MESSAGES } from '../../domain/hold-accounts/retire';
import { expectStatus } from '../test-support/harness';
import { admin, boaz, createAccount, employee, post, ruth, t } from './test-office';

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
