import { REPORT_MESSAGES } from '../../domain/expense-reports/states';
import { MESSAGES } from '../../domain/messages';
import {
  addExpense,
  approvedAdvance,
  referenceFromDistribution,
  seedCategories,
  startReport,
  unreimbursedOf,
  uploadReceipt,
} from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', { name: 'Grace Office' });
  employee = await t.signIn('employee', { name: 'Eli Clerk' });
  cat = await seedCategories(t);
});
afterAll(() => t.close());

async function submittedReport(user: SignedIn, amount = '42.50') {
  const report = await startReport(t, user);
  await addExpense(t, user, report.id, { expense_code: cat.expense, field_currency: amount });
  const submitted = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token });
  expect(submitted.status).toBe(200);
  return submitted.body as { id: number };
}

const returnCall = (id: number, token: string | null, form: Record<string, string> = { comment: 'Receipt?' }) =>
  t.call('PATCH', `/api/return-expense-report/${id}`, { token, form });

describe('PATCH /api/return-expense-report/{id} (decision 20)', () => {
  it('sends the report back with the comment; the owner edits and submits again; the history shows it all', async () => {
    const ruth = await t.signIn('missionary', { name: 'Ruth Okafor' });
    const report = await submittedReport(ruth);

    t.clock.advance(60_000);
    const returned = await returnCall(report.id, admin.token, { comment: '  The taxi receipt is missing.  ' });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({
      status: 'returned',
      submitted: 0,
      processed: 0,
      returned_at: '2026-11-21T15:01:00.000Z',
      return_comment: 'The taxi receipt is missing.', // trimmed
    });

    // Editable again by its owner: add the missing line, then submit as usual.
    const added = await addExpense(t, ruth, report.id, { expense_code: cat.expense, field_currency: '18' });
    expect(added).toMatchObject({ usd_amount: 18 });
    t.clock.advance(60_000);
    const resubmitted = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body).toMatchObject({
      status: 'submitted',
      submitted: 1,
      returned_at: null,
      return_comment: null,
      total_amount: 60.5, // 42.50 + 18.00
    });

    t.clock.advance(60_000);
    const processed = await t.call('PATCH', `/api/process-expense-report/${report.id}`, {
      token: admin.token,
      form: { payout: '60.50' },
    });
    expect(processed.status).toBe(200);
    expect(processed.body.events).toEqual([
      expect.objectContaining({
        action: 'submitted',
        actor_name: 'Ruth Okafor',
        created_at: '2026-11-21T15:00:00.000Z',
      }),
      expect.objectContaining({
        action: 'returned',
        actor_name: 'Grace Office',
        comment: 'The taxi receipt is missing.',
        created_at: '2026-11-21T15:01:00.000Z',
      }),
      expect.objectContaining({
        action: 'submitted',
        actor_name: 'Ruth Okafor',
        created_at: '2026-11-21T15:02:00.000Z',
      }),
      expect.objectContaining({
        action: 'processed',
        actor_name: 'Grace Office',
        created_at: '2026-11-21T15:03:00.000Z',
      }),
    ]);
    // The owner reads the same history.
    const seen = await t.call('GET', `/api/expense-report/${report.id}`, { token: ruth.token });
    expect(seen.body.events.map((event: { action: string }) => event.action)).toEqual([
      'submitted',
      'returned',
      'submitted',
      'processed',
    ]);
    // Lists show the returned state too.
    expect(await unreimbursedOf(t, ruth.id)).toBe(0);
  });

  it('lets an employee return (it moves no money) and lists the report as returned', async () => {
    const ruth = await t.signIn('missionary');
    const report = await submittedReport(ruth);
    const returned = await returnCall(report.id, employee.token);
    expect(returned.status).toBe(200);
    const mine = await t.call('GET', `/api/expense-report/user/${ruth.id}`, { token: ruth.token });
    expect(mine.body.find((row: { id: number }) => row.id === report.id)).toMatchObject({ status: 'returned' });
    // Gone from the office's unprocessed queue until it is submitted again.
    const queue = await t.call('GET', '/api/expense-report/processed/0', { token: admin.token });
    expect(queue.body.some((row: { id: number }) => row.id === report.id)).toBe(false);
  });

  it('puts an advance report’s advance back to approved, and the report can be submitted again', async () => {
    const ruth = await t.signIn('missionary');
    const advance = await approvedAdvance(t, ruth, admin, '100', '100');
    const report = await startReport(t, ruth, { type: 'advance', advance_request_id: advance.id });
    await addExpense(t, ruth, report.id, { expense_code: cat.advance, field_currency: '100' });
    expect((await uploadReceipt(t, ruth, report.id)).status).toBe(201);
    expect((await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token })).status).toBe(200);

    const returned = await returnCall(report.id, admin.token, { comment: 'Receipt is unreadable.' });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'returned', advance_request: { status: 'approved' } });

    const again = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'submitted', advance_request: { status: 'submitted' } });
  });

  it('needs a comment (422), and refuses text over 2000 characters', async () => {
    const ruth = await t.signIn('missionary');
    const report = await submittedReport(ruth);
    const blank = await returnCall(report.id, admin.token, { comment: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.comment).toEqual(['Comment is required.']);
    const missing = await returnCall(report.id, admin.token, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.comment).toEqual(['Comment is required.']);
    const long = await returnCall(report.id, admin.token, { comment: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.errors.comment).toEqual(['Comment must be at most 2000 characters.']);
    // Nothing changed.
    const still = await t.call('GET', `/api/expense-report/${report.id}`, { token: admin.token });
    expect(still.body).toMatchObject({
      status: 'submitted',
      events: [expect.objectContaining({ action: 'submitted' })],
    });
    expect(still.body.events).toHaveLength(1);
  });

  it('answers 401 without a token, 403 for missionaries (even the owner), 404 for an unknown report', async () => {
    const ruth = await t.signIn('missionary');
    const report = await submittedReport(ruth);
    expect((await returnCall(report.id, null)).status).toBe(401);
    expect((await returnCall(report.id, ruth.token)).status).toBe(403);
    expect((await returnCall(99_999_999, admin.token)).status).toBe(404);
  });

  it('refuses (409) drafts, returned, processed and distribution-referenced reports', async () => {
    const ruth = await t.signIn('missionary');
    const draft = await startReport(t, ruth);
    const notSubmitted = await returnCall(draft.id, admin.token);
    expect(notSubmitted.status).toBe(409);
    expect(notSubmitted.body.message).toBe(REPORT_MESSAGES.onlySubmittedReturn);

    const report = await submittedReport(ruth);
    expect((await returnCall(report.id, admin.token)).status).toBe(200);
    const twice = await returnCall(report.id, admin.token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(REPORT_MESSAGES.onlySubmittedReturn);

    const processed = await submittedReport(ruth);
    await t.call('PATCH', `/api/process-expense-report/${processed.id}`, { token: admin.token, form: { payout: '0' } });
    expect((await returnCall(processed.id, admin.token)).status).toBe(409);

    const referenced = await submittedReport(ruth);
    await referenceFromDistribution(t, ruth, { reportId: referenced.id });
    const inDistribution = await returnCall(referenced.id, admin.token);
    expect(inDistribution.status).toBe(409);
    expect(inDistribution.body.message).toBe(MESSAGES.reportInDistribution);
  });

  it('refuses processing a returned report until it is submitted again (409)', async () => {
    const ruth = await t.signIn('missionary');
    const report = await submittedReport(ruth);
    await returnCall(report.id, admin.token);
    const refused = await t.call('PATCH', `/api/process-expense-report/${report.id}`, {
      token: admin.token,
      form: { payout: '1' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(REPORT_MESSAGES.notSubmitted);
  });
});
