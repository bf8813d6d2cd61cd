import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../domain/messages';
import { distributions, donations, holdAccountTransactions } from '../db/schema';
import { donationIdsOf } from '../distributions/test-fixtures';
import { journalMismatches } from '../hold-accounts/journal-check';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;
let fundId: number;
/** Donation ids of the one upload, in file order. */
let ids: number[];

const IN_DISTRIBUTION =
  'This donation is referenced in a distribution. Please delete or modify the distribution first.';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Listed', missionaryNumber: 'DON-1' });
  boaz = await t.signIn('missionary', { name: 'Boaz Listed', missionaryNumber: 'DON-2' });
  const fund = await t.call('POST', '/api/hold-account', {
    token: admin.token,
    json: { user_id: ruth.id, fund_name: 'Listed Roof Fund', balance: 0 },
  });
  fundId = fund.body.id;
  const rows = [
    'Fund,Account #,Amount,Count',
    'Listed Roof Fund,,100.00,1',
    ',DON-1,20.00,2',
    ',DON-2,30.00,3',
    ',DON-2,40.00,4',
  ];
  const imported = await t.call('POST', '/api/donation/denari-upload', {
    token: admin.token,
    multipart: { upload_name: 'October 2026', denari: { content: Buffer.from(rows.join('\n')), filename: 'oct.csv' } },
  });
  expect(imported.status).toBe(201);
  ids = await donationIdsOf(t, 'October 2026');
  const second = await t.call('POST', '/api/donation/denari-upload', {
    token: admin.token,
    multipart: {
      upload_name: 'November 2026',
      denari: { content: Buffer.from('Account #,Amount\nDON-2,5.00\n'), filename: 'nov.csv' },
    },
  });
  expect(second.status).toBe(201);
});
afterAll(() => t.close());

let month = 0;
/** A pending distribution (one per user and range) that includes the donation. */
async function inDistribution(donationId: number) {
  month += 1;
  const start = `2025-${String(month).padStart(2, '0')}-01`;
  const [distribution] = await t.ctx.db
    .insert(distributions)
    .values({
      userId: ruth.id,
      userName: ruth.name,
      userEmail: ruth.email,
      startDate: start,
      endDate: start,
    })
    .returning();
  await t.ctx.db.update(donations).set({ distributionId: distribution.id }).where(eq(donations.id, donationId));
}

describe('GET /api/paginated_donation', () => {
  it('defaults to limit 100, page 0, id desc', async () => {
    const result = await t.call('GET', '/api/paginated_donation', { token: employee.token });
    expect(result.status).toBe(200);
    expect(result.body.total_count).toBe(5);
    const got = result.body.data.map((d: { id: number }) => d.id);
    expect(got).toEqual([...got].sort((a, b) => b - a));
    expect(result.body.data[0]).toMatchObject({ upload_name: 'November 2026', amount: 5, missionary_number: 'DON-2' });
  });

  it.each([
    [{ user_id: 'self-boaz' }, 3],
    [{ upload_name: 'October 2026' }, 4],
    [{ upload_name: 'October 2026', user_id: 'self-boaz' }, 2],
    [{ q: 'roof' }, 1],
    [{ q: 'NOVEMBER' }, 1],
    [{ q: 'don-1' }, 2],
    [{ limit: 2, page: 1, order_by: 'amount', order: 'asc' }, 5],
  ])('filters %j', async (query, total) => {
    const resolved = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, v === 'self-boaz' ? boaz.id : v]),
    ) as Record<string, string | number>;
    const result = await t.call('GET', '/api/paginated_donation', { token: admin.token, query: resolved });
    expect(result.status).toBe(200);
    expect(result.body.total_count).toBe(total);
    // amounts ascending are 5, 20, 30, 40, 100: the second page of two is 30, 40
    if ('limit' in query) expect(result.body.data.map((d: { amount: number }) => d.amount)).toEqual([30, 40]);
  });

  it('refuses unknown sort columns', async () => {
    const result = await t.call('GET', '/api/paginated_donation', {
      token: admin.token,
      query: { order_by: 'password' },
    });
    expect(result.status).toBe(422);
  });

  it('shows a missionary only their own donations', async () => {
    const own = await t.call('GET', '/api/paginated_donation', { token: ruth.token });
    expect(own.body.total_count).toBe(2);
    expect(own.body.data.every((d: { user_id: number }) => d.user_id === ruth.id)).toBe(true);
    await expectStatus(t, 403, [
      ['GET', '/api/paginated_donation', { token: ruth.token, query: { user_id: boaz.id } }],
    ]);
    await expectStatus(t, 401, [['GET', '/api/paginated_donation', {}]]);
  });
});

describe('GET /api/donation', () => {
  it('lists with filters; a missionary gets only their own', async () => {
    const all = await t.call('GET', '/api/donation', { token: employee.token, query: { upload_name: 'October 2026' } });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(4);
    const mine = await t.call('GET', '/api/donation', { token: boaz.token });
    expect(mine.body.map((d: { amount: number }) => d.amount)).toEqual([5, 40, 30]);
    await expectStatus(t, 401, [['GET', '/api/donation', {}]]);
    await expectStatus(t, 403, [['GET', '/api/donation', { token: boaz.token, query: { user_id: ruth.id } }]]);
  });

  it('GET /api/donation/{id}: staff any, owner own, others 403, unknown 404', async () => {
    expect((await t.call('GET', `/api/donation/${ids[0]}`, { token: employee.token })).body).toMatchObject({
      amount: 100,
      hold_account_id: fundId,
    });
    expect((await t.call('GET', `/api/donation/${ids[0]}`, { token: ruth.token })).status).toBe(200);
    await expectStatus(t, 403, [['GET', `/api/donation/${ids[0]}`, { token: boaz.token }]]);
    await expectStatus(t, 404, [['GET', '/api/donation/999999', { token: admin.token }]]);
  });
});

describe('GET /api/donation/upload-names', () => {
  it('lists each upload name once, newest first, with totals', async () => {
    const result = await t.call('GET', '/api/donation/upload-names', { token: employee.token });
    expect(result.status).toBe(200);
    expect(
      result.body.map((u: { upload_name: string; donations: number; total_amount: number }) => [
        u.upload_name,
        u.donations,
      ]),
    ).toEqual([
      ['November 2026', 1],
      ['October 2026', 4],
    ]);
    expect(result.body[1].total_amount).toBe(190);
    await expectStatus(t, 403, [['GET', '/api/donation/upload-names', { token: ruth.token }]]);
    await expectStatus(t, 401, [['GET', '/api/donation/upload-names', {}]]);
  });
});

describe('PATCH /api/donation/{id}', () => {
  it('updates amount and count (form POST with _method too)', async () => {
    const result = await t.call('POST', `/api/donation/${ids[1]}`, {
      token: admin.token,
      form: { _method: 'PATCH', amount: '-21.50', count: '3' },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: ids[1], amount: -21.5, count: 3 });
    const json = await t.call('PATCH', `/api/donation/${ids[1]}`, {
      token: admin.token,
      json: { amount: 20, count: 2 },
    });
    expect(json.body).toMatchObject({ amount: 20, count: 2 });
  });

  it.each([
    [{ amount: '', count: 1 }, 'amount', 'Amount is required.'],
    [{ amount: '1.234', count: 1 }, 'amount', 'Amount must be a dollar amount with at most 2 decimals.'],
    [{ amount: 1, count: -1 }, 'count', 'Count cannot be negative.'],
    [{ amount: 1, count: 1.5 }, 'count', 'Count must be a whole number.'],
    [{ amount: 1 }, 'count', 'Count is required.'],
  ])('validates %j', async (json, field, message) => {
    const result = await t.call('PATCH', `/api/donation/${ids[1]}`, { token: admin.token, json });
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('answers 401, 403 (employee, missionary) and 404', async () => {
    const json = { amount: 1, count: 1 };
    await expectStatus(t, 401, [['PATCH', `/api/donation/${ids[1]}`, { json }]]);
    await expectStatus(t, 403, [
      ['PATCH', `/api/donation/${ids[1]}`, { token: employee.token, json }],
      ['PATCH', `/api/donation/${ids[1]}`, { token: ruth.token, json }],
    ]);
    await expectStatus(t, 404, [['PATCH', '/api/donation/999999', { token: admin.token, json }]]);
  });
});

describe('PATCH /api/donation/{id}/approve', () => {
  it('approves and unapproves a designated donation', async () => {
    const approved = await t.call('PATCH', `/api/donation/${ids[0]}/approve`, {
      token: admin.token,
      json: { approved: 1 },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: ids[0], approved: 1 });
    const undone = await t.call('POST', `/api/donation/${ids[0]}/approve`, {
      token: admin.token,
      form: { _method: 'PATCH', approved: '0' },
    });
    expect(undone.body.approved).toBe(0);
  });

  it('refuses donations without a hold account, bad flags, other roles and unknown ids', async () => {
    const general = await t.call('PATCH', `/api/donation/${ids[2]}/approve`, {
      token: admin.token,
      json: { approved: 1 },
    });
    expect(general.status).toBe(422);
    expect(general.body.errors.approved).toEqual(['Only donations to a hold account can be approved.']);
    const bad = await t.call('PATCH', `/api/donation/${ids[0]}/approve`, {
      token: admin.token,
      json: { approved: 'maybe' },
    });
    expect(bad.status).toBe(422);
    await expectStatus(t, 401, [['PATCH', `/api/donation/${ids[0]}/approve`, { json: { approved: 1 } }]]);
    await expectStatus(t, 403, [
      ['PATCH', `/api/donation/${ids[0]}/approve`, { token: employee.token, json: { approved: 1 } }],
    ]);
    await expectStatus(t, 404, [
      ['PATCH', '/api/donation/999999/approve', { token: admin.token, json: { approved: 1 } }],
    ]);
  });
});

describe('DELETE /api/donation/{id}', () => {
  it('deletes (and then 404)', async () => {
    const result = await t.call('DELETE', `/api/donation/${ids[3]}`, { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: ids[3], amount: 40 });
    await expectStatus(t, 404, [['DELETE', `/api/donation/${ids[3]}`, { token: admin.token }]]);
    const form = await t.call('POST', `/api/donation/${ids[2]}`, { token: admin.token, form: { _method: 'DELETE' } });
    expect(form.status).toBe(200);
  });

  it('answers 401 and 403', async () => {
    await expectStatus(t, 401, [['DELETE', `/api/donation/${ids[1]}`, {}]]);
    await expectStatus(t, 403, [
      ['DELETE', `/api/donation/${ids[1]}`, { token: employee.token }],
      ['DELETE', `/api/donation/${ids[1]}`, { token: ruth.token }],
    ]);
  });

  it('refuses a donation a hold-account transaction deposited (409)', async () => {
    await t.ctx.db.insert(holdAccountTransactions).values({
      holdAccountId: fundId,
      transactionType: 'Deposit',
      transactionAmount: 100,
      donationId: ids[0],
      status: 'pending',
    });
    const result = await t.call('DELETE', `/api/donation/${ids[0]}`, { token: admin.token });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('This donation was deposited to a hold account and cannot be deleted.');
  });

  it('refuses edit, approval and delete of a donation referenced by a distribution (409)', async () => {
    await inDistribution(ids[1]);
    const calls: Array<[string, string, object?]> = [
      ['DELETE', `/api/donation/${ids[1]}`],
      ['PATCH', `/api/donation/${ids[1]}`, { amount: 1, count: 1 }],
    ];
    for (const [method, url, json] of calls) {
      const result = await t.call(method, url, { token: admin.token, json });
      expect(result.status).toBe(409);
      expect(result.body.message).toBe(IN_DISTRIBUTION);
    }
    await inDistribution(ids[0]);
    const approve = await t.call('PATCH', `/api/donation/${ids[0]}/approve`, {
      token: admin.token,
      json: { approved: 1 },
    });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(IN_DISTRIBUTION);
  });
});

it('leaves every hold-account balance equal to its opening balance plus its journal rows', async () => {
  expect(await journalMismatches(t.ctx.db)).toEqual([]);
});

it('uses the messages the screens show', () => {
  expect(MESSAGES.donationUpdated).toBe('Donation Updated');
  expect(MESSAGES.donationDeleted).toBe('Donation Deleted');
});
