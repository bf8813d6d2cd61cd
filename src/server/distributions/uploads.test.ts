import { eq, inArray } from 'drizzle-orm';
import { UPLOAD_NAME_NOT_FIRST } from '../../domain/distributions/upload-names';
import { distributions, donations } from '../db/schema';
import { createTestApp, expectNoChange, type SignedIn, type TestApp } from '../test-support/harness';
import { closeApp, createHoldAccount, importDonations, ok, RANGE, setPayroll, unique } from './test-fixtures';
import { DISTRIBUTION_MESSAGES } from './write';

/**
 * A month with two donation files (docs/distribution.md "Several uploads in a month"): Lydia's
 * November gifts came in the online-giving file (#1 $1,200.00 general, #2 $200.00 to her fund) and
 * the check deposits (#3 $2,000.00, #4 $1,300.00: $3,300.00). Her fund balance starts at $500.00,
 * no payroll; admin fee 10 % capped at $500.00.
 */
let t: TestApp;
let admin: SignedIn;
let lydia: SignedIn;
let fund: { id: number; fundName: string };
let online: string;
let checks: string;
let onlineIds: number[];
let checkIds: number[];

const TABLES = ['distributions', 'donations', 'hold_account_transactions', 'audit_events'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  const number = unique('L');
  lydia = await t.signIn('missionary', { name: unique('Lydia Mensah'), missionaryNumber: number });
  await setPayroll(t, admin, lydia.id, { tax_status: 'W2', fund_balance: 500 });
  fund = await createHoldAccount(t, admin, lydia.id, { balance: 50 });
  online = unique('November 2026 online');
  checks = unique('November 2026 checks');
  onlineIds = await importDonations(t, admin, online, [
    ['', number, '1200.00'],
    [fund.fundName, '', '200.00'],
  ]);
  checkIds = await importDonations(t, admin, checks, [
    ['', number, '2000.00'],
    ['', number, '1300.00'],
  ]);
});
afterAll(() => closeApp(t));

function save(json: Record<string, unknown>, id?: number) {
  const body = { user_id: lydia.id, ...RANGE, ...json };
  return id === undefined
    ? t.call('POST', '/api/distribution', { token: admin.token, json: body })
    : t.call('PATCH', `/api/distribution/${id}`, { token: admin.token, json: body });
}

async function holders(ids: number[]) {
  const rows = await t.ctx.db
    .select({ id: donations.id, distributionId: donations.distributionId })
    .from(donations)
    .where(inArray(donations.id, ids))
    .orderBy(donations.id);
  return rows.map((row) => row.distributionId);
}

async function remove(id: number) {
  await ok(t.call('DELETE', `/api/distribution/${id}`, { token: admin.token }));
}

describe('POST and PATCH /api/distribution with several uploads', () => {
  it('takes one upload by the older single name, leaving the other undistributed', async () => {
    const saved = await ok(save({ donation_upload_name: online }));
    // 1,200.00 + 200.00 = 1,400.00
    expect(saved).toMatchObject({
      donation_upload_name: online,
      donation_upload_names: [online],
      total_donations: 1400,
    });
    expect(saved.payload).toMatchObject({ donation_upload_name: online, donation_upload_names: [online] });
    expect(await holders(onlineIds)).toEqual([saved.id, saved.id]);
    expect(await holders(checkIds)).toEqual([null, null]);
    await remove(saved.id);
  });

  it.each([
    ['the list', { donation_upload_names: () => [online, checks] }],
    ['both fields, agreeing', { donation_upload_name: () => online, donation_upload_names: () => [online, checks] }],
  ])('takes every undistributed donation of both uploads from %s', async (_what, fields) => {
    const json = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value()]));
    const saved = await ok(save({ ...json, approved_donation_ids: [onlineIds[1]] }));
    // 1,200.00 + 200.00 + 2,000.00 + 1,300.00 = 4,700.00; fee 10 % = 470.00;
    // fund 500.00 + 4,700.00 − 470.00 − 200.00 (the designated gift to her fund) = 4,530.00
    expect(saved).toMatchObject({
      donation_upload_name: online,
      donation_upload_names: [online, checks],
      total_donations: 4700,
      admin_fee: 470,
      ending_balance: 4530,
    });
    expect(saved.donations.map((d: { id: number }) => d.id).sort()).toEqual([...onlineIds, ...checkIds].sort());
    expect(await holders([...onlineIds, ...checkIds])).toEqual([saved.id, saved.id, saved.id, saved.id]);
    const [row] = await t.ctx.db.select().from(distributions).where(eq(distributions.id, saved.id));
    expect([row.donationUploadName, row.donationUploadNames]).toEqual([online, [online, checks]]);

    const listed = await ok(t.call('GET', '/api/distribution', { token: admin.token, query: { user_id: lydia.id } }));
    expect(listed.find((d: { id: number }) => d.id === saved.id)).toMatchObject({
      donation_upload_names: [online, checks],
    });
    const page = await ok(
      t.call('GET', '/api/paginated_distribution', { token: admin.token, query: { user_id: lydia.id } }),
    );
    expect(page.data.find((d: { id: number }) => d.id === saved.id)).toMatchObject({
      donation_upload_name: online,
      donation_upload_names: [online, checks],
    });
    await remove(saved.id);
    expect(await holders([...onlineIds, ...checkIds])).toEqual([null, null, null, null]);
  });

  it('changes the uploads with PATCH, releasing the ones left out', async () => {
    const saved = await ok(save({ donation_upload_names: [online] }));
    const both = await ok(save({ donation_upload_names: [checks, online] }, saved.id));
    // the same 4,700.00 (no designated gift ticked: 500.00 + 4,700.00 − 470.00 = 4,730.00), checks first
    expect(both).toMatchObject({ donation_upload_name: checks, total_donations: 4700, ending_balance: 4730 });
    const one = await ok(save({ donation_upload_name: checks }, saved.id));
    // 2,000.00 + 1,300.00 = 3,300.00
    expect(one).toMatchObject({ donation_upload_names: [checks], total_donations: 3300 });
    expect(await holders(onlineIds)).toEqual([null, null]);
    expect(await holders(checkIds)).toEqual([saved.id, saved.id]);
    await remove(saved.id);
  });

  it.each([
    [
      'an unknown second upload',
      () => ({ donation_upload_names: [online, 'No such upload'] }),
      () => ({ 'donation_upload_names.1': [DISTRIBUTION_MESSAGES.unknownUpload] }),
    ],
    [
      'an unknown first upload (the older single name is the first)',
      () => ({ donation_upload_names: ['No such upload', online] }),
      () => ({ donation_upload_name: [DISTRIBUTION_MESSAGES.unknownUpload] }),
    ],
    [
      'a single name that is not the list’s first',
      () => ({ donation_upload_name: checks, donation_upload_names: [online, checks] }),
      () => ({ donation_upload_name: [UPLOAD_NAME_NOT_FIRST] }),
    ],
    [
      'a blank single name beside a list',
      () => ({ donation_upload_name: '', donation_upload_names: [online] }),
      () => ({ donation_upload_name: [UPLOAD_NAME_NOT_FIRST] }),
    ],
  ])('refuses %s with 422, writing nothing', async (_what, fields, errors) => {
    const created = await expectNoChange(t, TABLES, () => save(fields()));
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual(errors());
  });

  it('previews both uploads in GET /api/distribution-context (a JSON list or repeated names)', async () => {
    const context = await ok(
      t.call('GET', '/api/distribution-context', {
        token: admin.token,
        query: { user_id: lydia.id, ...RANGE, donation_upload_names: JSON.stringify([online, checks]) },
      }),
    );
    expect(context).toMatchObject({ donation_upload_name: online, donation_upload_names: [online, checks] });
    // 1,200.00 + 200.00 + 2,000.00 + 1,300.00
    expect(context.donations.map((d: { amount: number }) => d.amount)).toEqual([1200, 200, 2000, 1300]);
    const search = new URLSearchParams({ user_id: String(lydia.id), ...RANGE });
    search.append('donation_upload_names', checks);
    search.append('donation_upload_names', online);
    const repeated = await ok(t.call('GET', `/api/distribution-context?${search}`, { token: admin.token }));
    expect(repeated.donation_upload_names).toEqual([checks, online]);
  });

  it('counts the donations of both uploads once approved, and no later distribution takes them', async () => {
    const saved = await ok(save({ donation_upload_names: [online, checks], approved_donation_ids: [onlineIds[1]] }));
    const approved = await ok(
      t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [saved.id] } }),
    );
    expect(approved.approved).toEqual([saved.id]);
    const detail = await ok(t.call('GET', `/api/distribution/${saved.id}`, { token: admin.token }));
    expect(detail).toMatchObject({
      status: 'approved',
      donation_upload_names: [online, checks],
      total_donations: 4700,
    });
    expect(await holders([...onlineIds, ...checkIds])).toEqual([saved.id, saved.id, saved.id, saved.id]);
    // The frozen context names both uploads too.
    const frozen = await ok(
      t.call('GET', '/api/distribution-context', { token: admin.token, query: { distribution_id: saved.id } }),
    );
    expect(frozen.donation_upload_names).toEqual([online, checks]);
    // December, naming the same uploads: nothing left in them for her.
    const december = await ok(
      save({ start_date: '2026-12-01', end_date: '2026-12-31', donation_upload_names: [online, checks] }),
    );
    expect(december.total_donations).toBe(0);
    await remove(december.id);
  });
});

describe('POST /api/batch-distributions with several uploads', () => {
  it('builds each missionary’s distribution from every upload named, and answers with the list', async () => {
    const number = unique('B');
    const boaz = await t.signIn('missionary', { name: unique('Boaz'), missionaryNumber: number });
    await setPayroll(t, admin, boaz.id, { tax_status: 'W2' });
    const first = unique('January 2027 online');
    const second = unique('January 2027 checks');
    await importDonations(t, admin, first, [['', number, '100.00']]);
    await importDonations(t, admin, second, [['', number, '250.00']]);
    const built = await ok(
      t.call('POST', '/api/batch-distributions', {
        token: admin.token,
        json: { start_date: '2027-01-01', end_date: '2027-01-31', donation_upload_names: [first, second] },
      }),
    );
    expect(built).toMatchObject({ donation_upload_name: first, donation_upload_names: [first, second] });
    // 100.00 + 250.00 = 350.00
    expect(built.created.find((d: { user_id: number }) => d.user_id === boaz.id)).toMatchObject({
      donation_upload_names: [first, second],
      total_donations: 350,
    });
    const refused = await t.call('POST', '/api/batch-distributions', {
      token: admin.token,
      json: { start_date: '2027-02-01', end_date: '2027-02-28', donation_upload_names: [first, 'Nope'] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'donation_upload_names.1': [DISTRIBUTION_MESSAGES.unknownUpload] });
  });
});

describe('GET /api/ledger-check: donations left behind', () => {
  it('warns (without failing) about a file left out of an approved month, naming missionary, upload and amount', async () => {
    const number = unique('P');
    const priscilla = await t.signIn('missionary', { name: unique('Priscilla'), missionaryNumber: number });
    await setPayroll(t, admin, priscilla.id, { tax_status: 'W2' });
    const first = unique('Online');
    const second = unique('Checks');
    // No gift dates in these files: each upload's month is the month it was imported (November 2026).
    await importDonations(t, admin, first, [['', number, '400.00']]);
    await importDonations(t, admin, second, [
      ['', number, '2000.00'],
      ['', number, '1300.00'],
    ]);
    const saved = await ok(
      t.call('POST', '/api/distribution', {
        token: admin.token,
        json: { user_id: priscilla.id, ...RANGE, donation_upload_name: first },
      }),
    );
    const before = await ok(t.call('GET', '/api/ledger-check', { token: admin.token }));
    expect(before.violations.filter((v: { check: string }) => v.check === 'donations_left_behind')).toEqual([]);
    await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [saved.id] } }));
    const after = await ok(t.call('GET', '/api/ledger-check', { token: admin.token }));
    const left = after.violations.filter((v: { check: string }) => v.check === 'donations_left_behind');
    // 2,000.00 + 1,300.00 = 3,300.00 of the second file
    expect(left).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringContaining(
          `${priscilla.name}: 2 donations of $3,300.00 in the upload "${second}" (2026-11)`,
        ),
      }),
    ]);
    expect(after.holds).toBe(true);
  });
});

describe('GET /api/donation/undistributed', () => {
  it('lists the uploads still holding undistributed donations, per missionary or for anyone; staff only', async () => {
    const number = unique('U');
    const ursula = await t.signIn('missionary', { name: unique('Ursula'), missionaryNumber: number });
    const first = unique('Web');
    const second = unique('Bank');
    await importDonations(t, admin, first, [['', number, '75.00']]);
    await importDonations(t, admin, second, [
      ['', number, '20.00'],
      ['', number, '5.50'],
    ]);
    const mine = await ok(
      t.call('GET', '/api/donation/undistributed', { token: admin.token, query: { user_id: ursula.id } }),
    );
    // newest first; 20.00 + 5.50 = 25.50
    expect(mine).toEqual([
      { upload_name: second, donations: 2, total_amount: 25.5 },
      { upload_name: first, donations: 1, total_amount: 75 },
    ]);
    const anyone = await ok(t.call('GET', '/api/donation/undistributed', { token: admin.token }));
    expect(anyone.map((row: { upload_name: string }) => row.upload_name)).toEqual(
      expect.arrayContaining([first, second]),
    );
    // Lydia's November files were taken whole by her approved distribution.
    expect(anyone.map((row: { upload_name: string }) => row.upload_name)).not.toContain(checks);
    const forbidden = await t.call('GET', '/api/donation/undistributed', { token: ursula.token });
    expect(forbidden.status).toBe(403);
  });
});
