import { z } from 'zod';
import { expenseReportsContract } from '../../domain/expense-reports/contract';
import { holdAccountsContract, ZHoldAccountSchema } from '../../domain/hold-accounts/contract';
import { reportsContract } from '../../domain/reports/contract';
import { fakeApi } from '../testing';
import { ApiError, call, pathOf, withQuery } from './call';
import { featureKeyOf, operationKeyOf, queryKeyOf } from './contract-keys';
import { keys } from './query-keys';
import { route } from './route';

const account = {
  id: 4,
  user_id: 7,
  user: { id: 7, name: 'Ruth Moab', missionary_number: 'M-7' },
  user_name: 'Ruth Moab',
  fund_name: 'Car fund',
  opening_balance: 10,
  balance: 12.5,
  unreimbursed_amount: 0,
  mat_day_recurring_deposit: 0,
  mat_day_recurring_transfer: 0,
  mat_day_recurring_withdrawal: 0,
  status: 'active',
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
};

const urls = () => vi.mocked(fetch).mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`);
const initOf = (index: number) => vi.mocked(fetch).mock.calls[index][1];

afterEach(() => vi.unstubAllGlobals());

describe('call(contract.op, input)', () => {
  it('fills path params from the contract, URI-encoded', () => {
    expect(pathOf(holdAccountsContract.getHoldAccount, { id: 4 })).toBe('/hold-account/4');
    expect(pathOf({ path: '/user/:id/hold-accounts' }, { id: 'a b/c' })).toBe('/user/a%20b%2Fc/hold-accounts');
    expect(() => pathOf(holdAccountsContract.getHoldAccount, {})).toThrow(':id');
  });

  it('leaves empty, null and undefined filters out of the query string', () => {
    expect(withQuery('/hold-account', { status: 'all', user_id: 7, q: '', role: null, page: undefined })).toBe(
      '/hold-account?status=all&user_id=7',
    );
    expect(withQuery('/hold-account', {})).toBe('/hold-account');
  });

  it('GETs with the query and answers the parsed body, unknown fields stripped', async () => {
    const api = fakeApi();
    api.on('GET', '/hold-account', () => ({ status: 200, body: [{ ...account, secret: 'x' }] }));
    const answer = await call(holdAccountsContract.listHoldAccounts, { query: { status: 'all', user_id: 7 } });
    expect(urls()).toEqual(['GET /api/hold-account?status=all&user_id=7']);
    expect(answer).toEqual([account]);
    expect(answer[0].fund_name).toBe('Car fund');
  });

  it('sends a JSON body with the contract method, or a form (POST + _method) when asked', async () => {
    const api = fakeApi();
    api.on('PATCH', '/hold-account/4', () => ({ status: 200, body: account }));
    api.on('POST', '/hold-account/4', () => ({ status: 200, body: account }));
    await call(holdAccountsContract.updateHoldAccount, { params: { id: 4 }, body: { fund_name: 'Car' } });
    await call(holdAccountsContract.updateHoldAccount, { params: { id: 4 }, body: { fund_name: 'Car' }, form: true });
    expect(urls()).toEqual(['PATCH /api/hold-account/4', 'POST /api/hold-account/4']);
    expect(initOf(0)?.body).toBe('{"fund_name":"Car"}');
    const form = initOf(1)?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries(form instanceof FormData ? form.entries() : [])).toEqual({
      fund_name: 'Car',
      _method: 'PATCH',
    });
  });

  it('sends multipart where the contract says so', async () => {
    const api = fakeApi();
    api.on('POST', '/fileUpload', () => ({
      status: 201,
      body: { id: 1, expense_report_id: 3, file_name: 'r.pdf', file_url: '/api/fileUpload/1' },
    }));
    const file = new File(['%PDF'], 'r.pdf', { type: 'application/pdf' });
    await call(expenseReportsContract.uploadReceipt, { body: { expense_report_id: 3, file } }).catch(() => undefined);
    const body = initOf(0)?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData && body.get('file')).toBeInstanceOf(File);
  });

  it('answers a Blob for a file response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('a,b\n', { status: 200, headers: { 'content-type': 'text/csv' } })),
    );
    const file = await call(reportsContract.fieldWorkerExpenses, {
      query: { from: '2026-11-01', to: '2026-11-30', format: 'csv' },
    });
    expect(file.type).toBe('text/csv');
    expect(await file.text()).toBe('a,b\n');
  });

  it('calls a route() as its contract, taking the answer as sent (no schema on the first page)', async () => {
    const api = fakeApi();
    api.on('GET', '/hold-account/4', () => ({ status: 200, body: { ...account, extra: 1 } }));
    api.on('POST', '/hold-account/4', () => ({ status: 200, body: account }));
    type Get = typeof holdAccountsContract.getHoldAccount;
    type Update = typeof holdAccountsContract.updateHoldAccount;
    const got = await call(route<Get>({ method: 'GET', path: '/hold-account/:id' }), { params: { id: 4 } });
    expect(got).toEqual({ ...account, extra: 1 });
    const update = route<Update>({ method: 'PATCH', path: '/hold-account/:id' });
    await call(update, { params: { id: 4 }, body: { fund_name: 'Car' }, form: true });
    expect(urls()).toEqual(['GET /api/hold-account/4', 'POST /api/hold-account/4']);
  });

  it('answers a Blob from a file route()', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('%PDF', { status: 200, headers: { 'content-type': 'application/pdf' } })),
    );
    type Csv = typeof reportsContract.fieldWorkerExpenses;
    const file = await call(route<Csv>({ method: 'GET', path: '/reports/field-worker-expenses', file: true }), {
      query: { from: '2026-11-01', to: '2026-11-30', format: 'csv' },
    });
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF');
  });

  it('refuses an answer that does not match the contract, and passes the server’s errors on', async () => {
    const api = fakeApi();
    api.on('GET', '/hold-account/4', () => ({ status: 200, body: { ...account, balance: 'lots' } }));
    api.on('GET', '/hold-account/5', () => ({ status: 404, body: { message: 'Hold account not found.' } }));
    await expect(call(holdAccountsContract.getHoldAccount, { params: { id: 4 } })).rejects.toBeInstanceOf(ApiError);
    await expect(call(holdAccountsContract.getHoldAccount, { params: { id: 5 } })).rejects.toMatchObject({
      status: 404,
      message: 'Hold account not found.',
    });
  });
});

describe('query keys from the contract', () => {
  it('name the feature, the operation and the values; the feature key is the old keys’ prefix', () => {
    const op = holdAccountsContract.listHoldAccounts;
    expect(queryKeyOf(op, { query: { status: 'all' } })).toEqual([
      'Hold accounts',
      'listHoldAccounts',
      { params: undefined, query: { status: 'all' } },
    ]);
    expect(operationKeyOf(op)).toEqual(['Hold accounts', 'listHoldAccounts']);
    expect(featureKeyOf(op)).toEqual(keys.holdAccounts.all);
  });
});

/**
 * What `tsc` refuses (each line below must fail to compile, or tsc reports the unused directive):
 * a contract whose path parameter or answer field was renamed breaks every call site that used the
 * old name. The renamed contracts are the real ones with one name changed.
 */
async function typeChecks() {
  const renamedParam = {
    ...holdAccountsContract.getHoldAccount,
    path: '/hold-account/:account_id',
    request: { params: z.object({ account_id: z.number() }) },
  };
  // @ts-expect-error the path parameter is now account_id
  await call(renamedParam, { params: { id: 4 } });
  // @ts-expect-error params are required when the contract has them
  await call(holdAccountsContract.getHoldAccount);
  // @ts-expect-error a query the contract does not have
  await call(holdAccountsContract.getHoldAccount, { params: { id: 4 }, query: { status: 'all' } });

  const renamedField = {
    ...holdAccountsContract.getHoldAccount,
    responses: { 200: ZHoldAccountSchema.omit({ fund_name: true }).extend({ fund: z.string() }) },
  };
  const answer = await call(renamedField, { params: { id: 4 } });
  // @ts-expect-error the answer's field is now `fund`
  answer.fund_name.toUpperCase();
  answer.fund.toUpperCase();

  const file = await call(reportsContract.fieldWorkerExpenses, { query: { from: '', to: '', format: 'csv' } });
  // @ts-expect-error a file answer is a Blob, not JSON
  file.data;
  // @ts-expect-error a key takes the contract's params, by name
  queryKeyOf(holdAccountsContract.getHoldAccount, { params: { account: 4 } });

  // A route() names its contract as a type only: its path must be the contract's, and the answer is typed by it.
  type GetHoldAccount = typeof holdAccountsContract.getHoldAccount;
  // @ts-expect-error the contract's path is /hold-account/:id
  route<GetHoldAccount>({ method: 'GET', path: '/hold-accounts/:id' });
  // @ts-expect-error the contract's method is GET
  route<GetHoldAccount>({ method: 'POST', path: '/hold-account/:id' });
  const routed = await call(route<GetHoldAccount>({ method: 'GET', path: '/hold-account/:id' }), { params: { id: 4 } });
  routed.fund_name.toUpperCase();
  // @ts-expect-error the answer has no field `fund`
  routed.fund;
}
void typeChecks;
