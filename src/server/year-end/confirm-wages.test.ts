import { allFlagsReviewed } from '../../domain/distributions/review';
import { issueApiToken } from '../auth/tokens';
import { closeApp, ok, requestAdvance, setPayroll } from '../distributions/test-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * POST /api/advance-request/{id}/confirm-wages and the year-end list of advances to review
 * (docs/tax.md "Advances not accounted for in 120 days"), with the harness clock: an advance paid on
 * the 31 March 2026 MAT Day is due on its 120th day, 29 July 2026 (30 + 31 + 30 days to 30 June,
 * then 29 more), and may be confirmed as wages of 2026 from the day after.
 */
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ann: SignedIn;
let paidId: number;
let unpaidId: number;

const confirm = (id: number, token: string | null, json: unknown = { amount: 300 }) =>
  t.call('POST', `/api/advance-request/${id}/confirm-wages`, { token, json });

/** Fresh tokens once the clock has moved past the 4-hour idle limit. */
async function signInAgain() {
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ann = { ...ann, token: await issueApiToken(t.ctx.db, ann.id, t.clock.now()) };
}

async function advancesToReview(): Promise<Array<Record<string, unknown>>> {
  const year = await ok(t.call('GET', '/api/year-end', { token: admin.token, query: { year: '2026' } }));
  return year.advances_to_review.filter((a: { user_id: number }) => a.user_id === ann.id);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-03-31T12:00:00Z'));
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ann = await t.signIn('missionary', { name: 'Ann Advance' });
  await setPayroll(t, admin, ann.id, { tax_status: 'W2', fica_tax: 0, net_salary: 1000, fund_balance: 5000 });
  paidId = await requestAdvance(t, ann, '300.00');
  unpaidId = await requestAdvance(t, ann, '80.00');
  // The March MAT Day pays the $300.00 advance (approved now: 2026-03-31); the $80.00 one waits.
  const created = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: {
        user_id: ann.id,
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        advance_requests: [{ id: paidId }],
      },
    }),
  );
  expect(created.ministry_advance).toBe(300);
  await ok(
    t.call('POST', '/api/batch-approve', {
      token: admin.token,
      json: { distribution_ids: [created.id], reviewed: allFlagsReviewed([created]) },
    }),
  );
});
afterAll(() => closeApp(t));

describe('an advance paid and not accounted for', () => {
  it('is not listed, and is refused (409) while its 120 days run', async () => {
    t.clock.set(new Date('2026-07-29T12:00:00Z'));
    await signInAgain();
    expect(await advancesToReview()).toEqual([]);
    const early = await confirm(paidId, admin.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This advance has until 2026-07-29 to be accounted for.');
  });

  it('is listed the day after its 120th day, and may be confirmed as wages of 2026, up to what was paid', async () => {
    t.clock.set(new Date('2026-07-30T12:00:00Z'));
    await signInAgain();
    expect(await advancesToReview()).toEqual([
      {
        advance_id: paidId,
        user_id: ann.id,
        user_name: 'Ann Advance',
        paid_on: '2026-03-31',
        due_on: '2026-07-29',
        amount: 300,
        confirmed_amount: null,
      },
    ]);
    const more = await confirm(paidId, admin.token, { amount: 300.01 });
    expect(more.status).toBe(422);
    expect(more.body.errors.amount).toEqual(['At most the $300.00 paid can be confirmed as wages.']);
    expect(await ok(confirm(paidId, admin.token, { amount: 250, note: 'Receipts for $50 only' }))).toEqual({
      advance_id: paidId,
      year: 2026,
      amount: 250,
    });
    const [listed] = await advancesToReview();
    expect(listed).toMatchObject({ advance_id: paidId, confirmed_amount: 250 });
    const year = await ok(t.call('GET', '/api/year-end', { token: admin.token, query: { year: '2026' } }));
    // March's gross payroll 1,000.00 (no FICA) + 250.00 confirmed = box 1 of 1,250.00
    expect(year.rows.find((r: { user_id: number }) => r.user_id === ann.id)).toMatchObject({
      form: 'W-2',
      box_1: 1250,
      advances_as_wages: 250,
      advance_ids: [paidId],
    });
  });

  it('refuses a second confirmation and one not paid (409), and a zero amount (422)', async () => {
    const twice = await confirm(paidId, admin.token, { amount: 50 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This advance is already confirmed as wages.');
    const unpaid = await confirm(unpaidId, admin.token, { amount: 80 });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('This advance has not been paid: there is nothing to confirm as wages.');
    const bad = await confirm(paidId, admin.token, { amount: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.amount).toEqual(['Amount must be above zero.']);
  });

  it('answers 401, 403 to staff who are not admins and to the missionary, 404 for no such advance', async () => {
    expect((await confirm(paidId, null)).status).toBe(401);
    expect((await confirm(paidId, employee.token)).status).toBe(403);
    expect((await confirm(paidId, ann.token)).status).toBe(403);
    expect((await confirm(999999, admin.token)).status).toBe(404);
  });
});
