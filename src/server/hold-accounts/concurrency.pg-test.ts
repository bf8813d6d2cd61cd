import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { journalMismatches } from './journal-check';

/** Real concurrency (PostgreSQL only): row locks keep balances and the duplicate-file rule exact. */
let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  owner = await t.signIn('missionary', { name: 'Concurrent Owner', missionaryNumber: 'CC-1' });
});
afterAll(() => t.close());

it('simultaneous withdrawals never overdraw: exactly as many succeed as the balance allows', async () => {
  const account = await t.call('POST', '/api/hold-account', {
    token: admin.token,
    json: { user_id: owner.id, fund_name: 'Concurrent Fund', balance: 100 },
  });
  const attempts = await Promise.all(
    Array.from({ length: 8 }, () =>
      t.call('POST', `/api/hold-account/${account.body.id}/transaction`, {
        token: admin.token,
        json: { transaction_type: 'Withdrawal', transaction_amount: 30 },
      }),
    ),
  );
  // $100.00 allows three withdrawals of $30.00; the other five see the lowered balance and are refused.
  expect(attempts.filter((r) => r.status === 201)).toHaveLength(3);
  expect(attempts.filter((r) => r.status === 422)).toHaveLength(5);
  const after = await t.call('GET', `/api/hold-account/${account.body.id}`, { token: admin.token });
  expect(after.body.balance).toBe(10);
  expect(await journalMismatches(t.ctx.db)).toEqual([]);
});

it('the same file uploaded twice at once is imported once (201) and refused once (409)', async () => {
  const content = Buffer.from('Account #,Amount\nCC-1,12.34\nCC-1,(1.00)\n');
  const send = () =>
    t.call('POST', '/api/donation/denari-upload', {
      token: admin.token,
      multipart: { upload_name: 'Race', denari: { content, filename: 'race.csv' } },
    });
  const results = await Promise.all([send(), send()]);
  expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  const donations = await t.call('GET', '/api/donation', { token: admin.token, query: { upload_name: 'Race' } });
  expect(donations.body).toHaveLength(2);
});

it('two accounts cannot take the same fund name at once', async () => {
  const create = (userId: number) =>
    t.call('POST', '/api/hold-account', {
      token: admin.token,
      json: { user_id: userId, fund_name: 'Raced Name', balance: 0 },
    });
  const results = await Promise.all([create(owner.id), create(owner.id), create(owner.id)]);
  expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
});
