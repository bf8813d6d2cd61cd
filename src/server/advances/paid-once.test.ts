import { eq } from 'drizzle-orm';
import { ADVANCE_MESSAGES } from '../../domain/advances/states';
import { advanceRequests } from '../db/schema';
import { closeApp, journalSum, ok, profileOf, RANGE, setPayroll } from '../distributions/test-fixtures';
import {
  addExpense,
  approvedAdvance,
  seedCategories,
  startReport,
  uploadReceipt,
} from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Decision 14 (docs/decisions.md): an advance approved outside a distribution (PATCH /advance-request/{id})
 * is paid by the next distribution, whatever state its report is in; closing its report pays
 * nothing; and it is paid exactly once.
 */

let t: TestApp;
let admin: SignedIn;
let categories: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  categories = await seedCategories(t);
});
afterAll(() => closeApp(t));

/** Approve 300 of 300 outside any distribution, report it, submit it, and close the report. */
async function closedAdvance(user: SignedIn) {
  const advance = await approvedAdvance(t, user, admin, '300', '300');
  const report = await startReport(t, user, { type: 'advance', advance_request_id: advance.id });
  await addExpense(t, user, report.id, { expense_code: categories.advance, field_currency: '300' });
  expect((await uploadReceipt(t, user, report.id)).status).toBe(201);
  await ok(t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token }));
  await ok(t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token, form: {} }));
  return advance.id as number;
}

function context(userId: number, range: { start_date: string; end_date: string } = RANGE) {
  return ok(t.call('GET', '/api/distribution-context', { token: admin.token, query: { user_id: userId, ...range } }));
}

async function buildAndApprove(
  userId: number,
  advanceIds: number[],
  range: { start_date: string; end_date: string } = RANGE,
) {
  const created = await t.call('POST', '/api/distribution', {
    token: admin.token,
    json: {
      user_id: userId,
      ...range,
      hold_account_transactions: [],
      advance_requests: advanceIds.map((id) => ({ id })),
    },
  });
  if (created.status !== 201 && created.status !== 200) return created;
  return t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.body.id] } });
}

describe('an advance approved outside a distribution', () => {
  it('stays payable after its report is closed; the next distribution lists it ticked and pays it once', async () => {
    const ruth = await t.signIn('missionary');
    await setPayroll(t, admin, ruth.id, { fund_balance: 1000 });
    const advanceId = await closedAdvance(ruth);

    // Closing the report paid nothing (was: closed, never payable, never debited).
    const [closed] = await t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, advanceId));
    expect(closed).toMatchObject({ status: 'closed', amountApproved: 30000, distAmountApproved: null });
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 100000 });

    // Archiving it now would hide money still owed.
    const archive = await t.call('DELETE', `/api/advance-request/closed/${advanceId}`, { token: admin.token });
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe(ADVANCE_MESSAGES.unpaid);

    const loaded = await context(ruth.id);
    expect(loaded.advance_requests).toEqual([
      expect.objectContaining({ id: advanceId, status: 'closed', amount_approved: 300 }),
    ]);

    const approved = await buildAndApprove(ruth.id, [advanceId]);
    expect(approved.body).toMatchObject({ failed: [] });
    // 1,000.00 − 300.00 = 700.00, journaled
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 70000 });
    expect(await journalSum(t, 'user_fund', ruth.id)).toBe(70000);
    const [paid] = await t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, advanceId));
    expect(paid).toMatchObject({ status: 'closed', distAmountApproved: 30000 });

    // Paid once: the next month no longer offers it, and ticking it is refused.
    const december = { start_date: '2026-12-01', end_date: '2026-12-31' };
    expect((await context(ruth.id, december)).advance_requests).toEqual([]);
    const again = await buildAndApprove(ruth.id, [advanceId], december);
    expect(again.status).toBe(422);
    expect(await profileOf(t, ruth.id)).toMatchObject({ fundBalance: 70000 });

    // Now it may be archived.
    expect((await t.call('DELETE', `/api/advance-request/closed/${advanceId}`, { token: admin.token })).status).toBe(
      200,
    );
  });

  it('with a MAT date after the range waits for the distribution whose range includes it', async () => {
    const ruth = await t.signIn('missionary');
    const advance = await approvedAdvance(t, ruth, admin, '120', '120');
    await t.ctx.db.update(advanceRequests).set({ matDate: '2026-12-15' }).where(eq(advanceRequests.id, advance.id));
    expect((await context(ruth.id)).advance_requests).toEqual([]);
    const december = await context(ruth.id, { start_date: '2026-12-01', end_date: '2026-12-31' });
    expect(december.advance_requests).toEqual([expect.objectContaining({ id: advance.id, status: 'approved' })]);
  });
});
