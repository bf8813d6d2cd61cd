import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../db/schema';
import { closeApp, ok, profileOf, RANGE, setPayroll, submittedReport } from '../distributions/test-fixtures';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * POST /expense-report/{id}/payout-paid: the office records that the payout made at processing was
 * paid by check or in cash (docs/distribution.md "Office payouts on the books"). No balance moves.
 */

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let categories: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor' });
  categories = await seedCategories(t);
  await setPayroll(t, admin, ruth.id, { fund_balance: 1000 });
});
afterAll(() => closeApp(t));

async function processedReport(payout: string) {
  const report = await submittedReport(t, ruth, categories, [{ amount: '133.68' }]);
  const processed = await t.call('PATCH', `/api/process-expense-report/${report.id}`, {
    token: admin.token,
    form: { payout },
  });
  expect(processed.status).toBe(200);
  return report.id;
}

const record = (id: number, json: unknown, token: string | null = admin.token) =>
  t.call('POST', `/api/expense-report/${id}/payout-paid`, { token, json });

describe('POST /expense-report/{id}/payout-paid', () => {
  it('records the method and reference, with an audit row, and moves no balance', async () => {
    const id = await processedReport('133.68');
    const before = await profileOf(t, ruth.id);
    const answer = await record(id, { method: 'check', reference: ' 1042 ' });
    expect(answer.status).toBe(200);
    expect(answer.body.payout_paid).toMatchObject({
      method: 'check',
      reference: '1042',
      label: 'paid by check 1042',
      recorded_at: t.clock.now().toISOString(),
    });
    expect((await t.call('GET', `/api/expense-report/${id}`, { token: ruth.token })).body.payout_paid.label).toBe(
      'paid by check 1042',
    );
    expect(await profileOf(t, ruth.id)).toEqual(before);
    const audit = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'expense_report'), eq(auditEvents.entityId, id)));
    expect(audit.find((row) => row.action === 'payout_paid')).toMatchObject({
      actorId: admin.id,
      details: { method: 'check', reference: '1042', payout: 13368 },
    });
  });

  it('says cash with its reference', async () => {
    const id = await processedReport('50');
    const answer = await record(id, { method: 'cash', reference: 'receipt 77' });
    expect(answer.body.payout_paid.label).toBe('paid in cash (receipt 77)');
  });

  it.each([
    [{ reference: '1042' }, 'method', 'Method is required.'],
    [{ method: 'wire', reference: '1042' }, 'method', 'Method must be one of: check, cash.'],
    [{ method: 'check' }, 'reference', 'Reference is required.'],
    [{ method: 'check', reference: '   ' }, 'reference', 'Reference is required.'],
    [{ method: 'check', reference: 'x'.repeat(101) }, 'reference', 'Reference must be at most 100 characters.'],
  ])('422 for %j under %s', async (json, field, message) => {
    const id = await processedReport('10');
    const answer = await record(id, json);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field]).toEqual([message]);
  });

  it('401 without a token, 403 for an employee and for the missionary, 404 for no such report', async () => {
    const id = await processedReport('10');
    expect((await record(id, { method: 'check', reference: '1' }, null)).status).toBe(401);
    expect((await record(id, { method: 'check', reference: '1' }, employee.token)).status).toBe(403);
    expect((await record(id, { method: 'check', reference: '1' }, ruth.token)).status).toBe(403);
    expect((await record(999_999, { method: 'check', reference: '1' })).status).toBe(404);
  });

  it('409 when there is no payout: not processed, or processed paying $0.00', async () => {
    const submitted = await submittedReport(t, ruth, categories, [{ amount: '20.00' }]);
    const unprocessed = await record(submitted.id, { method: 'check', reference: '1' });
    expect(unprocessed.status).toBe(409);
    expect(unprocessed.body.message).toBe(`Report #${submitted.id} has no payout made at processing to record.`);
    const nothingPaid = await processedReport('0');
    expect((await record(nothingPaid, { method: 'check', reference: '1' })).status).toBe(409);
  });

  it('409 for a report a distribution paid: that payout was MAT Day’s, not the office’s', async () => {
    const boaz = await t.signIn('missionary');
    await setPayroll(t, admin, boaz.id, { fund_balance: 500 });
    const report = await submittedReport(t, boaz, categories, [{ amount: '40.00' }]);
    const created = await ok(
      t.call('POST', '/api/distribution', {
        token: admin.token,
        json: {
          user_id: boaz.id,
          ...RANGE,
          hold_account_transactions: [],
          advance_requests: [],
          expense_reports: [report.id],
        },
      }),
    );
    await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.id] } }));
    const paid = (await t.call('GET', `/api/expense-report/${report.id}`, { token: admin.token })).body;
    expect(paid).toMatchObject({ processed: 1, payout: 40, distribution_id: created.id });
    expect((await record(report.id, { method: 'check', reference: '1' })).status).toBe(409);
  });

  it('409 when it is already recorded, naming how', async () => {
    const id = await processedReport('133.68');
    expect((await record(id, { method: 'check', reference: '1042' })).status).toBe(200);
    const again = await record(id, { method: 'cash', reference: 'r' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`The $133.68 payout of report #${id} is already recorded as paid by check 1042.`);
    const stored = (await t.call('GET', `/api/expense-report/${id}`, { token: admin.token })).body.payout_paid;
    expect(stored).toMatchObject({ method: 'check', reference: '1042' });
  });
});
