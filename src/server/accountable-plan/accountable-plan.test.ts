import { issueApiToken } from '../auth/tokens';
import { closeApp, ok, RANGE, setPayroll, submittedReport } from '../distributions/test-fixtures';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * GET /accountable-plan with the harness's frozen clock (2026-11-21): an advance paid on MAT Day is
 * flagged 61 days later without a report, an expense submitted 81 days after its date at once.
 */
let t: TestApp;
let admin: SignedIn;
let ruth: SignedIn;
let other: SignedIn;
let advanceId: number;
let reportId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  ruth = await t.signIn('missionary');
  other = await t.signIn('missionary');
  const categories = await seedCategories(t);
  await setPayroll(t, admin, ruth.id, { fund_balance: '1000.00' });
  const requested = await ok(
    t.call('POST', '/api/advance-request', {
      token: ruth.token,
      form: { amount_requested: '300', status: 'requested', user_id: ruth.id },
    }),
  );
  advanceId = requested.id;
  await ok(
    t.call('PATCH', `/api/advance-request/${advanceId}`, {
      token: admin.token,
      form: { amount_approved: '300', status: 'approved' },
    }),
  );
  const distribution = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: { user_id: ruth.id, ...RANGE, advance_requests: [{ id: advanceId }] },
    }),
  );
  // Paid on 2026-11-21: the distribution is approved on the harness's day.
  await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [distribution.id] } }));
  // Dated 2026-09-01, submitted 2026-11-21: 30 (Sep) + 31 (Oct) + 20 = 81 days.
  reportId = (await submittedReport(t, ruth, categories, [{ amount: '42.50', date: '2026-09-01' }])).id;
});
afterAll(() => closeApp(t));

describe('GET /api/accountable-plan', () => {
  it('200 on the day of payment: only the late expense', async () => {
    const result = await ok(t.call('GET', '/api/accountable-plan', { token: admin.token }));
    expect(result.as_of).toBe('2026-11-21');
    const ruths = result.flags.filter((f: { user_id: number }) => f.user_id === ruth.id);
    expect(ruths).toEqual([
      expect.objectContaining({
        kind: 'expense_late',
        user_name: ruth.name,
        days: 81,
        limit_days: 60,
        expense_report_id: reportId,
        since: '2026-09-01',
        amount: 42.5,
        message: `Expense of 09/01/2026 ($42.50) on report #${reportId} was submitted 81 days after its date (due within 60).`,
      }),
    ]);
  });

  it('200 sixty-one days after payment: the advance has no report (staff see all, the missionary their own)', async () => {
    // 2026-11-21 → 2027-01-21: 30 (to Dec 21) + 31 (to Jan 21) = 61 days.
    t.clock.set(new Date('2027-01-21T15:00:00Z'));
    admin = await t.signIn('admin');
    ruth = { ...ruth, token: await issueApiToken(t.ctx.db, ruth.id, t.clock.now()) };
    const staff = await ok(t.call('GET', '/api/accountable-plan', { token: admin.token }));
    expect(staff.as_of).toBe('2027-01-21');
    const advanceFlag = staff.flags.find((f: { advance_id: number | null }) => f.advance_id === advanceId);
    expect(advanceFlag).toMatchObject({ kind: 'advance_not_reported', days: 61, limit_days: 60, since: '2026-11-21' });
    const own = await ok(t.call('GET', '/api/accountable-plan', { token: ruth.token }));
    expect(own.flags.map((f: { kind: string; days: number }) => [f.kind, f.days])).toEqual([
      ['expense_late', 81],
      ['advance_not_reported', 61],
    ]);
    const filtered = await ok(
      t.call('GET', '/api/accountable-plan', { token: admin.token, query: { user_id: other.id } }),
    );
    expect(filtered.flags).toEqual([]);
  });

  it('401 without a token; 403 for a missionary naming someone else', async () => {
    expect((await t.call('GET', '/api/accountable-plan')).status).toBe(401);
    const answer = await t.call('GET', '/api/accountable-plan', { token: ruth.token, query: { user_id: other.id } });
    expect(answer.status).toBe(403);
  });

  it('422 for a user id that is not a number', async () => {
    const answer = await t.call('GET', '/api/accountable-plan', { token: admin.token, query: { user_id: 'ruth' } });
    expect(answer.status).toBe(422);
  });
});
