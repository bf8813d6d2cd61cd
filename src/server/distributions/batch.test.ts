import { eq } from 'drizzle-orm';
import { allFlagsReviewed } from '../../domain/distributions/review';
import { distributionOverlapMessage, MESSAGES, taxStatusMissingMessage } from '../../domain/messages';
import { distributions } from '../db/schema';
import { journalMismatches } from '../hold-accounts/journal-check';
import { approvedAdvance, seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, expectNoChange, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';
import {
  closeApp,
  createHoldAccount,
  importDonations,
  journalSum,
  ok,
  profileOf,
  RANGE,
  reportsUnpaid,
  requestAdvance,
  setPayroll,
  submittedReport,
  unique,
} from './test-fixtures';
import { DISTRIBUTION_MESSAGES } from './write';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let categories: Awaited<ReturnType<typeof seedCategories>>;
const people: Record<string, SignedIn & { number: string }> = {};
let upload: string;
let fundId: number;
let designatedId: number;
let requestedAdvanceId: number;
let approvedAdvanceId: number;
let frankPendingId: number;

const TABLES = ['distributions', 'expense_reports', 'advance_requests', 'donations', 'hold_account_transactions'];

async function missionary(key: string) {
  const number = unique(key);
  const user = await t.signIn('missionary', { name: unique(key), missionaryNumber: number });
  people[key] = { ...user, number };
  return people[key];
}

function batch(json: Record<string, unknown>, token = admin.token) {
  return t.call('POST', '/api/batch-distributions', { token, json });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  categories = await seedCategories(t);

  // Alice: a normal month with a designated donation, a recurring deposit and two advances.
  const alice = await missionary('Alice');
  await setPayroll(t, admin, alice.id, { tax_status: 'W2', net_salary: 1500, fund_balance: 500 });
  const fund = await createHoldAccount(t, admin, alice.id, { balance: 50, recurring_deposit: 25 });
  fundId = fund.id;
  requestedAdvanceId = await requestAdvance(t, alice, '100.00');
  approvedAdvanceId = (await approvedAdvance(t, alice, admin, '80.00', '60.00')).id;
  // Bob: a salary his donations cannot carry → negative ending balance.
  const bob = await missionary('Bob');
  await setPayroll(t, admin, bob.id, { tax_status: 'W2', net_salary: 3000 });
  // Carol: donations down 30 % from her October distribution.
  const carol = await missionary('Carol');
  const october = unique('October');
  await importDonations(t, admin, october, [['', carol.number, '1000.00']]);
  const previous = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: { user_id: carol.id, start_date: '2026-10-01', end_date: '2026-10-31', donation_upload_name: october },
    }),
  );
  await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [previous.id] } }));
  // Dave: a report larger than his funds → the unreimbursed amount grows.
  const dave = await missionary('Dave');
  await setPayroll(t, admin, dave.id, { fund_balance: 100 });
  await submittedReport(t, dave, categories, [{ amount: '500.00' }]);
  // Erin: archived, so not paid. Frank: already has a pending distribution overlapping November.
  const erin = await missionary('Erin');
  const frank = await missionary('Frank');
  // Gina: her payroll info cannot be computed (retirement above salary plus housing).
  const gina = await missionary('Gina');
  await setPayroll(t, admin, gina.id, { tax_status: '1099', net_salary: 100, retirement_amount: 500 });
  // Hank: a salary and no tax status, so nobody has said whether FICA is owed: skipped, saying so.
  const hank = await missionary('Hank');
  await setPayroll(t, admin, hank.id, { net_salary: 1200, fund_balance: 2000 });

  upload = unique('November');
  const ids = await importDonations(t, admin, upload, [
    ['', alice.number, '2500.00'],
    [fund.fundName, '', '40.00'],
    ['', bob.number, '100.00'],
    ['', carol.number, '700.00'],
    ['', dave.number, '100.00'],
    ['', erin.number, '10.00'],
    ['', frank.number, '10.00'],
  ]);
  designatedId = ids[1];
  await ok(t.call('DELETE', `/api/user/${erin.id}`, { token: admin.token }));
  const pending = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: { user_id: frank.id, start_date: '2026-11-15', end_date: '2026-12-15' },
    }),
  );
  frankPendingId = pending.id;
});
afterAll(() => closeApp(t));

describe('POST /api/batch-distributions', () => {
  it.each([
    [{ end_date: RANGE.end_date }, 'start_date', 'Start date is required.'],
    [{ start_date: RANGE.start_date, end_date: '2026-02-30' }, 'end_date', 'End date must be a date (YYYY-MM-DD).'],
    [{ start_date: RANGE.end_date, end_date: RANGE.start_date }, 'end_date', MESSAGES.endBeforeStart],
    [{ ...RANGE, donation_upload_name: 'Nope' }, 'donation_upload_name', DISTRIBUTION_MESSAGES.unknownUpload],
  ])('refuses %j with 422 and builds nothing', async (json, field, message) => {
    const result = await expectNoChange(t, TABLES, () => batch(json));
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({ [field]: [message] });
  });

  it('answers 401 without a token and 403 to employees and missionaries', async () => {
    await expectStatus(t, 401, [['POST', '/api/batch-distributions', { json: RANGE }]]);
    await expectStatus(t, 403, [
      ['POST', '/api/batch-distributions', { token: employee.token, json: RANGE }],
      ['POST', '/api/batch-distributions', { token: people.Alice.token, json: RANGE }],
    ]);
  });

  it('builds one pending distribution per active missionary, skips and reports the rest, flags the right ones', async () => {
    const result = await batch({ ...RANGE, donation_upload_name: upload });
    expect(result.status).toBe(201);
    const body = result.body;
    const byName = new Map(body.created.map((row: { user_id: number }) => [row.user_id, row]));
    expect([...byName.keys()].sort()).toEqual([people.Alice.id, people.Bob.id, people.Carol.id, people.Dave.id].sort());
    expect(body.message).toBe('4 pending distributions built.');
    expect(body.skipped).toEqual([
      {
        user_id: people.Frank.id,
        user_name: people.Frank.name,
        distribution_id: frankPendingId,
        reason: distributionOverlapMessage(people.Frank.name, {
          id: frankPendingId,
          status: 'pending',
          startDate: '2026-11-15',
          endDate: '2026-12-15',
        }),
      },
      {
        user_id: people.Hank.id,
        user_name: people.Hank.name,
        distribution_id: null,
        reason: taxStatusMissingMessage(people.Hank.name),
      },
    ]);
    expect(body.failed).toEqual([
      {
        user_id: people.Gina.id,
        user_name: people.Gina.name,
        message: MESSAGES.retirementTooLarge,
        errors: expect.any(Object),
      },
    ]);
    const flags = (userId: number) =>
      (byName.get(userId) as { review_flags: Array<{ code: string }> }).review_flags.map((flag) => flag.code);
    expect(flags(people.Alice.id)).toEqual([]);
    expect(flags(people.Bob.id)).toEqual(['negative_ending_balance']);
    expect(flags(people.Carol.id)).toEqual(['donations_down']);
    expect(flags(people.Dave.id)).toEqual(['unreimbursed_growing']);
    expect(body.flagged_count).toBe(3);
    expect(byName.get(people.Bob.id)).toMatchObject({ status: 'pending', batch: 1, ending_balance: -2910 });
    expect(byName.get(people.Dave.id)).toMatchObject({
      // 100.00 + 100.00 − 10.00 = 190.00 paid toward the 500.00 report
      ministry_reimbursement: 190,
      unreimbursed_amount_accrued: 310,
      ending_balance: 0,
    });

    // Alice: what staff decided beforehand is ticked — her designated donation, the recurring
    // deposit and the advance approved earlier — the requested advance waits for a decision.
    const alice = await ok(
      t.call('GET', `/api/distribution/${(byName.get(people.Alice.id) as { id: number }).id}`, { token: admin.token }),
    );
    expect(alice.payload).toMatchObject({
      approved_donation_ids: [designatedId],
      advance_requests: [{ id: approvedAdvanceId, amount_approved: null }],
      hold_account_transactions: [
        { hold_account_id: fundId, transaction_type: 'Deposit', transaction_amount: 25, approved: 1, recurring: 1 },
      ],
    });
    expect(alice).toMatchObject({ held_liability_account_deposit: 65, ministry_advance: 60, total_donations: 2540 });
    expect(alice.advance_request.map((a: { id: number }) => a.id)).toEqual([approvedAdvanceId]);
    expect(JSON.parse(alice.processedAdvanceRequests)).toEqual([
      { id: requestedAdvanceId, amount_requested: 100, amount_approved: null, approved: 0, dist_amount_approved: 0 },
      { id: approvedAdvanceId, amount_requested: 80, amount_approved: 60, approved: 1, dist_amount_approved: 60 },
    ]);
  });

  it('skips everyone on a second run, and the whole month approves with balanced journals', async () => {
    const again = await batch({ ...RANGE, donation_upload_name: upload });
    expect(again.status).toBe(201);
    expect(again.body.created).toEqual([]);
    // Alice, Bob, Carol, Dave and Frank overlap; Hank still has no tax status.
    expect(again.body.skipped).toHaveLength(6);

    const pending = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { status: 'pending', order_by: 'user_name', order: 'asc' },
    });
    const ids = pending.body.data
      .filter((row: { batch: number }) => row.batch === 1)
      .map((row: { id: number }) => row.id);
    expect(ids).toHaveLength(4);
    // Without the review ticks the flagged ones wait (422 each) and the others are approved.
    const flagged = pending.body.data
      .filter((row: { batch: number; review_flags: unknown[] }) => row.batch === 1 && row.review_flags.length > 0)
      .map((row: { id: number }) => row.id);
    expect(flagged.length).toBeGreaterThan(0);
    const first = await t.call('POST', '/api/batch-approve', {
      token: admin.token,
      form: { distribution_ids: JSON.stringify(ids) },
    });
    expect(first.body.failed.map((f: { id: number; status: number }) => [f.id, f.status])).toEqual(
      [...flagged].sort((a, b) => a - b).map((id) => [id, 422]),
    );
    expect(first.body.approved).toEqual(
      ids.filter((id: number) => !flagged.includes(id)).sort((a: number, b: number) => a - b),
    );
    const approved = await t.call('POST', '/api/batch-approve', {
      token: admin.token,
      form: {
        distribution_ids: JSON.stringify(flagged),
        reviewed: JSON.stringify(allFlagsReviewed(pending.body.data)),
      },
    });
    expect(approved.body).toMatchObject({ failed: [] });
    expect(approved.status).toBe(200);
    expect(approved.body.approved).toEqual([...flagged].sort((a, b) => a - b));
    expect(await journalMismatches(t.ctx.db)).toEqual([]);
    for (const key of ['Alice', 'Bob', 'Carol', 'Dave']) {
      const profile = await profileOf(t, people[key].id);
      expect(await journalSum(t, 'user_fund', people[key].id)).toBe(profile.fundBalance);
      expect(await journalSum(t, 'user_unreimbursed', people[key].id)).toBe(profile.unreimbursedAmount);
      expect(await reportsUnpaid(t, people[key].id)).toBe(profile.unreimbursedAmount);
    }
    const [bob] = await t.ctx.db.select().from(distributions).where(eq(distributions.userId, people.Bob.id));
    expect((await profileOf(t, people.Bob.id)).fundBalance).toBe(bob.endingBalance);
    expect((await profileOf(t, people.Dave.id)).unreimbursedAmount).toBe(31000);
  });
});
