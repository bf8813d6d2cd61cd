import { donations } from '../db/schema';
import { csvColumn, readCsv } from '../test-support/downloads';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * My Support (decision 36, docs/decisions.md) through the API: the figures, and who sees donor names
 * (staff always; the missionary only with the setting on). The test clock stands on 2026-11-21.
 */
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let daniel: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor' });
  daniel = await t.signIn('missionary', { name: 'Daniel Kim' });
  const fund = await t.call('POST', '/api/hold-account', {
    token: admin.token,
    json: { user_id: ruth.id, fund_name: 'Okafor Vehicle Fund', balance: 0 },
  });
  expect(fund.status).toBe(201);
  const gift = (donor: string | null, date: string, amount: number, holdAccountId: number | null = null) => ({
    uploadName: `${date.slice(0, 7)} gifts`,
    amount,
    userId: ruth.id,
    userName: 'Ruth Okafor',
    donorKey: donor,
    donorName: donor === null ? null : `${donor} Family`,
    giftDate: date,
    holdAccountId,
  });
  await t.ctx.db.insert(donations).values([
    // Stopped: gave in 4 of the six months 2026-04..2026-09, nothing in October or November.
    ...['2026-04-05', '2026-05-05', '2026-07-05', '2026-09-05'].map((date) => gift('Mills', date, 5000)),
    // New: a first gift this month.
    gift('Abara', '2026-11-02', 2500),
    // Regular: every month from 2026-06 on, one of them designated.
    ...['2026-06-10', '2026-07-10', '2026-08-10', '2026-09-10', '2026-10-10'].map((date) => gift('Chen', date, 10000)),
    gift('Chen', '2026-11-10', 4000, fund.body.id),
    gift(null, '2026-11-11', 500),
  ]);
  // Daniel's gift never shows on Ruth's page.
  await t.ctx.db.insert(donations).values({ ...gift('Mills', '2026-11-01', 99900), userId: daniel.id });
});
afterAll(() => t.close());

const support = (viewer: SignedIn, id = ruth.id) => t.call('GET', `/api/user/${id}/support`, { token: viewer.token });
const setNames = async (on: 0 | 1) =>
  expect(
    (
      await t.call('PATCH', '/api/settings', {
        token: admin.token,
        json: { show_donor_names_to_missionaries: on },
      })
    ).status,
  ).toBe(200);

describe('GET /api/user/{id}/support', () => {
  it('computes 24 months, new and stopped givers, designated and general', async () => {
    const { status, body } = await support(ruth);
    expect(status).toBe(200);
    expect(body.months).toHaveLength(24);
    expect(body.months[0].month).toBe('2024-12');
    // November: Abara 25.00 + Chen 40.00 (designated) + 5.00 unnamed = 70.00; two givers, one new.
    expect(body.months[23]).toEqual({
      month: '2026-11',
      total: 70,
      designated: 40,
      general: 30,
      givers: 2,
      new_givers: 1,
      stopped_givers: 1,
    });
    // 4 × 50 + 25 + 5 × 100 + 40 + 5 = 770.00.
    expect([body.total, body.designated, body.general]).toEqual([770, 40, 730]);
    expect(body.new_givers).toEqual([
      {
        name: null,
        total: 25,
        gifts: 1,
        first_gift_date: '2026-11-02',
        last_gift_date: '2026-11-02',
        amount_this_month: 25,
      },
    ]);
    expect(body.stopped_givers).toMatchObject([{ name: null, months_given: 4, last_gift_date: '2026-09-05' }]);
  });

  it('hides donor names from the missionary while the setting is off (the default)', async () => {
    const { body } = await support(ruth);
    expect(body.names_shown).toBe(false);
    expect(body.givers).toEqual([]);
    expect(JSON.stringify(body)).not.toMatch(/Family|Mills|Abara|Chen/);
    const csv = await t.call('GET', `/api/user/${ruth.id}/support/donors.csv`, { token: ruth.token });
    expect(csv.status).toBe(403);
    expect(csv.body.message).toMatch(/does not show donor names/);
  });

  it.each([
    ['admin', () => admin],
    ['employee', () => employee],
  ])('shows names to %s, whatever the setting', async (_role, viewer) => {
    const { body } = await support(viewer());
    expect(body.names_shown).toBe(true);
    expect(body.new_givers.map((giver: { name: string }) => giver.name)).toEqual(['Abara Family']);
    expect(body.stopped_givers.map((giver: { name: string }) => giver.name)).toEqual(['Mills Family']);
    // Chen 540.00, Mills 200.00, Abara 25.00; the unnamed gift is no giver.
    expect(body.givers.map((giver: { name: string; total: number }) => [giver.name, giver.total])).toEqual([
      ['Chen Family', 540],
      ['Mills Family', 200],
      ['Abara Family', 25],
    ]);
  });

  it('shows names and the thank-you CSV to the missionary once the setting is on', async () => {
    await setNames(1);
    try {
      const { body } = await support(ruth);
      expect(body.names_shown).toBe(true);
      expect(body.stopped_givers[0].name).toBe('Mills Family');
      const csv = await t.call('GET', `/api/user/${ruth.id}/support/donors.csv`, { token: ruth.token });
      expect(csv.status).toBe(200);
      expect(String(csv.headers['content-type'])).toMatch(/text\/csv/);
      const table = readCsv(csv.raw);
      expect(table.header).toEqual(['Donor', 'Gifts', 'Total', 'First gift', 'Last gift']);
      expect(csvColumn(table, 'Donor')).toEqual(['Chen Family', 'Mills Family', 'Abara Family']);
      expect(csvColumn(table, 'Total')).toEqual(['540.00', '200.00', '25.00']);
    } finally {
      await setNames(0);
    }
  });

  it('lists the setting, off by default, and refuses a value that is not a flag', async () => {
    const list = await t.call('GET', '/api/settings', { token: admin.token });
    const refused = await t.call('PATCH', '/api/settings', {
      token: admin.token,
      json: { show_donor_names_to_missionaries: 'maybe' },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['show_donor_names_to_missionaries']);
    const row = list.body.find((s: { setting_name: string }) => s.setting_name === 'show_donor_names_to_missionaries');
    expect(row?.setting_value ?? '0').toBe('0');
    const byEmployee = await t.call('PATCH', '/api/settings', {
      token: employee.token,
      json: { show_donor_names_to_missionaries: 1 },
    });
    expect(byEmployee.status).toBe(403);
  });

  it('refuses another missionary (403), a stranger (401), an unknown user (404) and a bad id (422)', async () => {
    expect((await support(daniel)).status).toBe(403);
    expect((await t.call('GET', `/api/user/${daniel.id}/support/donors.csv`, { token: ruth.token })).status).toBe(403);
    expect((await t.call('GET', `/api/user/${ruth.id}/support`)).status).toBe(401);
    expect((await support(admin, 999_999)).status).toBe(404);
    const bad = await t.call('GET', '/api/user/abc/support', { token: admin.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['id']);
  });

  it('shows a missionary with no gifts 24 empty months', async () => {
    const { body } = await support(admin, daniel.id);
    expect(body.total).toBe(999);
    const empty = await support(admin, employee.id);
    expect(empty.status).toBe(200);
    expect(empty.body.months.every((month: { total: number }) => month.total === 0)).toBe(true);
  });
});
