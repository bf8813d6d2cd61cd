import { sql } from 'drizzle-orm';
import { allFlagsReviewed } from '../../src/domain/distributions/review';
import { journalMismatches } from '../../src/server/hold-accounts/journal-check';
import { createTestApp, type TestApp } from '../../src/server/test-support/harness';
import { loadDemoHistory } from './history';
import { DEMO_HOLD_ACCOUNTS } from './hold-accounts';
import { DEMO_MISSIONARIES, DEMO_PASSWORD, type DemoResult, demoEmail, demoMonths, loadDemo } from './index';

/** Every table the demo writes to, for "a second load changes nothing". */
const TABLES = [
  'users',
  'profiles',
  'settings',
  'categories',
  'hold_accounts',
  'hold_account_transactions',
  'expense_reports',
  'expenses',
  'mileage',
  'advance_requests',
  'donation_uploads',
  'donations',
  'distributions',
  'journal_entries',
  'audit_events',
];

let t: TestApp;
let first: DemoResult;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  // The harness clock: 2026-11-21, so the history is September and October, and November is left to try.
  first = await loadDemo(t.ctx.db, t.clock.now(), { dbKind: t.ctx.dbKind });
  const login = await t.call('POST', '/api/login', { json: { email: demoEmail('admin'), password: DEMO_PASSWORD } });
  admin = login.body.api_token;
}, 120_000);
afterAll(() => t.close());

const get = async (url: string, query?: Record<string, string | number>) => {
  const result = await t.call('GET', url, { token: admin, query });
  expect(result.status).toBe(200);
  return result.body;
};

interface Summary {
  id: number;
  status: string;
  user_id: number;
  user_name: string;
  start_date: string;
  end_date: string;
  donation_upload_name: string;
  total_donations: number;
  ending_balance: number;
  review_flags: Array<{ code: string }>;
  approved_at: string | null;
}

describe('the demo donation history and MAT Days', () => {
  it('names the three months from now and imports each donor export through the import', async () => {
    expect(demoMonths(t.clock.now()).map((m) => [m.uploadName, m.startDate, m.endDate])).toEqual([
      ['September 2026', '2026-09-01', '2026-09-30'],
      ['October 2026', '2026-10-01', '2026-10-31'],
      ['November 2026', '2026-11-01', '2026-11-30'],
    ]);
    expect(demoMonths(new Date('2027-01-05T08:00:00Z')).map((m) => m.uploadName)).toEqual([
      'November 2026',
      'December 2026',
      'January 2027',
    ]);
    expect(first.added['hold accounts']).toBe(DEMO_HOLD_ACCOUNTS.length);
    expect(first.history).toMatchObject({ skipped: null, newestOpen: true });
    expect(first.history.months).toMatchObject([
      { uploadName: 'September 2026', built: 10, approved: 10 },
      { uploadName: 'October 2026', built: 10, approved: 10 },
      { uploadName: 'November 2026', built: 0, approved: 0 },
    ]);

    const uploads: Array<{ upload_name: string; donations: number; last_imported_at: string }> =
      await get('/api/donation/upload-names');
    expect(uploads.map((u) => u.upload_name)).toEqual(['November 2026', 'October 2026', 'September 2026']);
    // Each export imported on its month's MAT Day; the newest one when the demo was loaded.
    expect(uploads.map((u) => u.last_imported_at.slice(0, 10))).toEqual(['2026-11-21', '2026-10-31', '2026-09-30']);
    for (const [index, upload] of uploads.entries()) {
      expect(upload.donations).toBe(first.history.months[2 - index].importedRows);
    }

    // Every missionary has gifts every month; some are designated to hold accounts, one is a reversal.
    const november = await get('/api/paginated_donation', { upload_name: 'November 2026', limit: 100 });
    const people = new Set(november.data.map((d: { user_id: number }) => d.user_id));
    expect(people.size).toBe(DEMO_MISSIONARIES.length);
    const designated = november.data.filter((d: { hold_account_id: number | null }) => d.hold_account_id !== null);
    expect(designated.map((d: { fund_name: string }) => d.fund_name).sort()).toEqual([
      "Kim Children's Education",
      'Okafor Vehicle Fund',
      'Santos Ministry Projects',
    ]);
    expect(november.data.filter((d: { amount: number }) => d.amount < 0)).toHaveLength(1);
  });

  it('approved a distribution for every demo missionary in each of the two older months', async () => {
    const approved: Summary[] = await get('/api/distribution', { status: 'approved' });
    expect(approved).toHaveLength(2 * DEMO_MISSIONARIES.length);
    const { id: ruthId } = (
      await t.call('POST', '/api/login', {
        json: { email: demoEmail('ruth.okafor'), password: DEMO_PASSWORD },
      })
    ).body;
    for (const [month, start, end, approvedAt] of [
      ['September 2026', '2026-09-01', '2026-09-30', '2026-09-30T16:00:00.000Z'],
      ['October 2026', '2026-10-01', '2026-10-31', '2026-10-31T16:00:00.000Z'],
    ]) {
      const rows = approved.filter((d) => d.donation_upload_name === month);
      expect(rows.map((d) => d.user_name).sort()).toEqual(DEMO_MISSIONARIES.map((m) => m.name).sort());
      for (const row of rows) expect(row).toMatchObject({ start_date: start, end_date: end, approved_at: approvedAt });
      // Mostly a little ahead; Andrew MacLeod works through a deficit, which the review flags show.
      const negative = rows.filter((d) => d.ending_balance < 0).map((d) => d.user_name);
      expect(negative).toEqual(['Andrew MacLeod']);
      const flagged = rows.filter((d) => d.review_flags.length > 0);
      expect(flagged.map((d) => [d.user_name, d.review_flags.map((f) => f.code)])).toEqual([
        ['Andrew MacLeod', ['negative_ending_balance']],
      ]);
    }
    // Ruth's report processed in part before September: its remainder was paid by September's MAT Day.
    const september = approved.find((d) => d.user_id === ruthId && d.donation_upload_name === 'September 2026')!;
    expect(september).toMatchObject({ unreimbursed_amount_starting: 78.04, unreimbursed_reimbursement: 78.04 });
  });

  it('moved the hold accounts by the designated gifts and recurring items, and every balance matches its journal', async () => {
    const accounts: Array<{ fund_name: string; opening_balance: number; balance: number }> =
      await get('/api/hold-account');
    const balances = Object.fromEntries(accounts.map((a) => [a.fund_name, [a.opening_balance, a.balance]]));
    expect(balances).toEqual({
      // 1,850.00 + (225.00 + 150.00) + (175.00 + 150.00): designated gifts and the recurring deposit
      'Okafor Vehicle Fund': [1850, 2550],
      // 4,200.00 + (150.00 + 250.00 − 400.00) + (250.00 − 400.00): school fees paid out monthly
      "Kim Children's Education": [4200, 4050],
      'Santos Ministry Projects': [735.4, 1185.4],
      'Lindqvist Furlough Fund': [2600, 3000],
      // 980.00 + 120.00 − 180.00 − 180.00
      'Tanaka Language School': [980, 740],
      // 600.00 − 100.00 − 100.00: transferred into the general fund
      'MacLeod Housing Reserve': [600, 400],
    });
    expect(await journalMismatches(t.ctx.db)).toEqual([]);
  });

  it('leaves the newest upload imported but not distributed', async () => {
    const distributions: Summary[] = await get('/api/distribution');
    expect(distributions.filter((d) => d.donation_upload_name === 'November 2026')).toEqual([]);
    expect(distributions.filter((d) => d.end_date >= '2026-11-01')).toEqual([]);
    const result = await t.ctx.db.execute(sql`
      select count(*)::int as donations, count(distribution_id)::int as referenced
      from donations where upload_name = 'November 2026'`);
    const [counts] = (result as unknown as { rows: Array<{ donations: number; referenced: number }> }).rows;
    expect(counts.donations).toBeGreaterThan(DEMO_MISSIONARIES.length);
    expect(counts.referenced).toBe(0);
  });

  it('adds nothing when loaded again', async () => {
    const before = await t.snapshot(TABLES);
    const again = await loadDemo(t.ctx.db, t.clock.now(), { dbKind: t.ctx.dbKind });
    expect(again.alreadyLoaded).toBe(true);
    expect(again.history).toMatchObject({ skipped: null, added: 0 });
    expect(await t.snapshot(TABLES)).toEqual(before);
  });

  it('leaves a MAT Day for the newcomer with something on every tab, and the review flags', async () => {
    const built = await t.call('POST', '/api/batch-distributions', {
      token: admin,
      json: { start_date: '2026-11-01', end_date: '2026-11-30', donation_upload_name: 'November 2026' },
    });
    expect(built.status).toBe(201);
    const created: Array<Summary & Record<string, number>> = built.body.created;
    expect(created).toHaveLength(DEMO_MISSIONARIES.length);
    const byName = new Map(created.map((d) => [d.user_name, d]));
    // Andrew is still short; Joseph's supporting church missed November.
    expect(
      created.filter((d) => d.review_flags.length > 0).map((d) => [d.user_name, d.review_flags.map((f) => f.code)]),
    ).toEqual([
      ['Andrew MacLeod', ['negative_ending_balance']],
      ['Joseph Tanaka', ['donations_down']],
    ]);
    // Ruth's waiting report; Maria's, partly charged to her project fund; Daniel's approved advance.
    expect(byName.get('Ruth Okafor')).toMatchObject({ total_expenses: 75, ministry_reimbursement: 75 });
    expect(byName.get('Maria Santos')).toMatchObject({ total_expenses: 75.84, ministry_reimbursement: 25.13 });
    expect(byName.get('Daniel Kim')).toMatchObject({ ministry_advance: 800 });
    for (const d of created) if (d.user_name !== 'Andrew MacLeod') expect(d.ending_balance).toBeGreaterThan(0);

    const approved = await t.call('POST', '/api/batch-approve', {
      token: admin,
      json: { distribution_ids: created.map((d) => d.id), reviewed: allFlagsReviewed(created) },
    });
    expect(approved.status).toBe(200);
    expect(await journalMismatches(t.ctx.db)).toEqual([]);
    // Loading again now adds nothing and no longer suggests a MAT Day that was done.
    const again = await loadDemo(t.ctx.db, t.clock.now(), { dbKind: t.ctx.dbKind });
    expect(again.history).toMatchObject({ added: 0, newestOpen: false });
  });

  it('adds no history to a database with other uploads or other missionaries', async () => {
    let before = await t.snapshot(TABLES);
    // In January the window is November to January: "September 2026" is not the demo's any more.
    const later = await loadDemoHistory(t.ctx.db, new Date('2027-01-15T12:00:00Z'));
    expect(later.skipped).toMatch(/already has donation uploads \(e\.g\. "September 2026"\)/);
    expect(await t.snapshot(TABLES)).toEqual(before);
    await t.signIn('missionary');
    before = await t.snapshot(TABLES);
    const withOthers = await loadDemoHistory(t.ctx.db, new Date('2027-01-15T12:00:00Z'));
    expect(withOthers.skipped).toMatch(/missionaries who are not part of the demo/);
    expect(await t.snapshot(TABLES)).toEqual(before);
  });
});
