import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../domain/messages';
import { advanceRequests } from '../db/schema';
import {
  addExpense,
  approvedAdvance,
  referenceFromDistribution,
  seedCategories,
  seedHoldAccount,
  startReport,
  uploadReceipt,
} from '../test-support/expense-fixtures';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Moabite', missionaryNumber: 'R-1' });
  boaz = await t.signIn('missionary', { name: 'Boaz Bethlehem', missionaryNumber: 'B-2' });
  cat = await seedCategories(t);
});
afterAll(() => t.close());

async function requested(user: SignedIn, amount = '300') {
  const created = await t.call('POST', '/api/advance-request', {
    token: user.token,
    // Repeats of one amount on one (frozen) day are asked about (decision 34); these tests confirm.
    form: { amount_requested: amount, confirm_duplicate: 1 },
  });
  expect(created.status).toBe(201);
  return created.body as { id: number; [key: string]: any };
}

/** An advance taken all the way to closed through its report. */
async function closed(user: SignedIn) {
  const advance = await approvedAdvance(t, user, admin, '40', '40');
  const report = await startReport(t, user, { type: 'advance', advance_request_id: advance.id });
  await addExpense(t, user, report.id, { expense_code: cat.advance, field_currency: '40' });
  await uploadReceipt(t, user, report.id);
  expect((await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token })).status).toBe(200);
  expect((await t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token })).status).toBe(200);
  return advance;
}

describe('POST /api/advance-request', () => {
  it('records a request for the missionary, status requested, dated today', async () => {
    const fund = await seedHoldAccount(t, ruth.id, 'Ruth Outreach');
    const created = await t.call('POST', '/api/advance-request', {
      token: ruth.token,
      form: {
        amount_requested: '750.25',
        type: cat.advance,
        hold_account_id: fund,
        status: 'approved', // ignored: every request starts as requested
        user_id: ruth.id,
        date_submitted: '1999-01-01', // ignored: the server dates it
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      user_id: ruth.id,
      user_name: 'Ruth Moabite',
      missionary_number: 'R-1',
      status: 'requested',
      amount_requested: 750.25,
      amount_approved: null,
      approved: 0,
      type: cat.advance,
      category: { id: cat.advance, expense_category: 'Ministry supplies' },
      hold_account_id: fund,
      hold_account: { id: fund, fund_name: 'Ruth Outreach' },
      date_submitted: '2026-11-21',
      mat_date: null,
      expense_report_id: null,
      distribution_id: null,
    });
  });

  it.each([
    [{}, 'amount_requested', 'Amount requested is required.'],
    [{ amount_requested: '0' }, 'amount_requested', 'Amount requested must be greater than 0.'],
    [{ amount_requested: '-4' }, 'amount_requested', 'Amount requested cannot be negative.'],
    [
      { amount_requested: '1.005' },
      'amount_requested',
      'Amount requested must be a dollar amount with at most 2 decimals.',
    ],
    [{ amount_requested: '10', type: 'x' }, 'type', 'Category must be a number.'],
  ])('refuses %j under %s', async (form, field, message) => {
    const result = await t.call('POST', '/api/advance-request', { token: ruth.token, form });
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('takes only advance categories and the missionary’s own hold accounts', async () => {
    const boazFund = await seedHoldAccount(t, boaz.id);
    const wrongCategory = await t.call('POST', '/api/advance-request', {
      token: ruth.token,
      form: { amount_requested: '10', type: cat.expense },
    });
    expect(wrongCategory.body.errors.type).toEqual(['Choose an advance category from the list.']);
    const wrongFund = await t.call('POST', '/api/advance-request', {
      token: ruth.token,
      form: { amount_requested: '10', hold_account_id: boazFund },
    });
    expect(wrongFund.body.errors.hold_account_id).toEqual(['Choose one of your own hold accounts.']);
  });

  it('is for missionaries, for themselves', async () => {
    await expectStatus(t, 401, [['POST', '/api/advance-request', { form: { amount_requested: '10' } }]]);
    await expectStatus(t, 403, [
      ['POST', '/api/advance-request', { token: admin.token, form: { amount_requested: '10' } }],
      ['POST', '/api/advance-request', { token: employee.token, form: { amount_requested: '10' } }],
      ['POST', '/api/advance-request', { token: ruth.token, form: { amount_requested: '10', user_id: boaz.id } }],
    ]);
  });
});

describe('PATCH /api/advance-request/{id} (process)', () => {
  it('approves an amount with a MAT date', async () => {
    const advance = await requested(ruth, '300');
    const processed = await t.call('POST', `/api/advance-request/${advance.id}`, {
      token: admin.token,
      form: { _method: 'PATCH', amount_approved: '250', status: 'approved', mat_date: '2026-12-01' },
    });
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({
      status: 'approved',
      approved: 1,
      amount_requested: 300,
      amount_approved: 250,
      mat_date: '2026-12-01',
    });
  });

  it.each(['0', '', '-5'])('refuses an approved amount of %j: “Approved amount cannot be zero.”', async (amount) => {
    const advance = await requested(ruth);
    const result = await t.call('PATCH', `/api/advance-request/${advance.id}`, {
      token: admin.token,
      form: { amount_approved: amount, status: 'approved' },
    });
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      message: 'Approved amount cannot be zero.',
      errors: { amount_approved: ['Approved amount cannot be zero.'] },
    });
    const after = await t.call('GET', `/api/advance-request/${advance.id}`, { token: admin.token });
    expect(after.body).toMatchObject({ status: 'requested', amount_approved: null });
  });

  it('refuses more than was requested, a second approval and a request a distribution holds', async () => {
    const advance = await requested(ruth, '100');
    const above = await t.call('PATCH', `/api/advance-request/${advance.id}`, {
      token: admin.token,
      form: { amount_approved: '100.01' },
    });
    expect(above.status).toBe(422);
    expect(above.body.errors.amount_approved).toEqual(['Approved amount cannot be more than the amount requested.']);
    await expectStatus(t, 200, [
      ['PATCH', `/api/advance-request/${advance.id}`, { token: admin.token, form: { amount_approved: '100' } }],
    ]);
    const twice = await t.call('PATCH', `/api/advance-request/${advance.id}`, {
      token: admin.token,
      form: { amount_approved: '50' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This advance request has already been processed.');

    const held = await requested(ruth, '60');
    await referenceFromDistribution(t, ruth, { advanceId: held.id });
    const refused = await t.call('PATCH', `/api/advance-request/${held.id}`, {
      token: admin.token,
      form: { amount_approved: '60' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.advanceInDistribution);
  });

  it('is for admins', async () => {
    const advance = await requested(ruth);
    await expectStatus(t, 401, [['PATCH', `/api/advance-request/${advance.id}`, { form: { amount_approved: '1' } }]]);
    await expectStatus(t, 403, [
      ['PATCH', `/api/advance-request/${advance.id}`, { token: ruth.token, form: { amount_approved: '1' } }],
      ['PATCH', `/api/advance-request/${advance.id}`, { token: employee.token, form: { amount_approved: '1' } }],
    ]);
    await expectStatus(t, 404, [
      ['PATCH', '/api/advance-request/999999', { token: admin.token, form: { amount_approved: '1' } }],
    ]);
  });
});

describe('DELETE /api/advance-request/{id}', () => {
  it('lets the owner delete a requested one, or an approved one without a report', async () => {
    const one = await requested(ruth);
    const deleted = await t.call('DELETE', `/api/advance-request/${one.id}`, { token: ruth.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('You have successfully deleted the advance request.');
    await expectStatus(t, 404, [['GET', `/api/advance-request/${one.id}`, { token: ruth.token }]]);
    const approved = await approvedAdvance(t, ruth, admin, '10', '10');
    await expectStatus(t, 200, [['DELETE', `/api/advance-request/${approved.id}`, { token: ruth.token }]]);
  });

  it('lets an admin delete a requested one, not an employee or another missionary', async () => {
    const one = await requested(ruth);
    await expectStatus(t, 401, [['DELETE', `/api/advance-request/${one.id}`]]);
    await expectStatus(t, 403, [
      ['DELETE', `/api/advance-request/${one.id}`, { token: boaz.token }],
      ['DELETE', `/api/advance-request/${one.id}`, { token: employee.token }],
    ]);
    await expectStatus(t, 200, [['DELETE', `/api/advance-request/${one.id}`, { token: admin.token }]]);
    await expectStatus(t, 404, [['DELETE', `/api/advance-request/${one.id}`, { token: admin.token }]]);
  });

  it('keeps one with a report, a closed one, and one a distribution holds', async () => {
    const withReport = await approvedAdvance(t, ruth, admin, '10', '10');
    await startReport(t, ruth, { type: 'advance', advance_request_id: withReport.id });
    const refused = await t.call('DELETE', `/api/advance-request/${withReport.id}`, { token: ruth.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Only requested advance requests, or approved ones without a report, can be deleted.',
    );

    const done = await closed(ruth);
    expect((await t.call('DELETE', `/api/advance-request/${done.id}`, { token: admin.token })).status).toBe(409);

    const held = await requested(ruth);
    await referenceFromDistribution(t, ruth, { advanceId: held.id });
    const blocked = await t.call('DELETE', `/api/advance-request/${held.id}`, { token: ruth.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(
      'This advance request is referenced in a distribution. Please contact an administrator to modify or delete it.',
    );
    await expectStatus(t, 200, [['GET', `/api/advance-request/${held.id}`, { token: ruth.token }]]);
  });
});

describe('DELETE /api/advance-request/closed/{id} (archive)', () => {
  it('archives a closed advance for an admin', async () => {
    const done = await closed(ruth);
    // Decision 14 (docs/decisions.md): a distribution pays it first (here recorded directly).
    await t.ctx.db.update(advanceRequests).set({ distAmountApproved: 1000 }).where(eq(advanceRequests.id, done.id));
    await expectStatus(t, 401, [['DELETE', `/api/advance-request/closed/${done.id}`]]);
    await expectStatus(t, 403, [
      ['DELETE', `/api/advance-request/closed/${done.id}`, { token: ruth.token }],
      ['DELETE', `/api/advance-request/closed/${done.id}`, { token: employee.token }],
    ]);
    await expectStatus(t, 404, [['DELETE', '/api/advance-request/closed/999999', { token: admin.token }]]);
    const archived = await t.call('DELETE', `/api/advance-request/closed/${done.id}`, { token: admin.token });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({
      status: 'closed',
      archived_at: '2026-11-21T15:00:00.000Z',
      message: 'You have successfully archived the advance request.',
    });
    const again = await t.call('DELETE', `/api/advance-request/closed/${done.id}`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This advance request has already been archived.');
  });

  it('refuses one that is not closed, or that a distribution holds', async () => {
    const open = await requested(ruth);
    const early = await t.call('DELETE', `/api/advance-request/closed/${open.id}`, { token: admin.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only closed advance requests can be archived.');
    const done = await closed(boaz);
    await referenceFromDistribution(t, boaz, { advanceId: done.id });
    const held = await t.call('DELETE', `/api/advance-request/closed/${done.id}`, { token: admin.token });
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(MESSAGES.advanceInDistribution);
  });
});

describe('lists', () => {
  let fresh: TestApp;
  let staff: SignedIn;
  let anna: SignedIn;
  let simeon: SignedIn;
  let ids: { requested: number; approved: number; simeon: number };

  beforeAll(async () => {
    fresh = await createTestApp();
    staff = await fresh.signIn('employee');
    const boss = await fresh.signIn('admin');
    anna = await fresh.signIn('missionary', { name: 'Anna Prophetess', missionaryNumber: 'A-100' });
    simeon = await fresh.signIn('missionary', { name: 'Simeon Elder', missionaryNumber: 'S-200' });
    const ask = async (user: SignedIn, amount: string) =>
      (await fresh.call('POST', '/api/advance-request', { token: user.token, form: { amount_requested: amount } })).body
        .id as number;
    ids = { requested: await ask(anna, '100'), approved: await ask(anna, '300'), simeon: await ask(simeon, '200') };
    await fresh.call('PATCH', `/api/advance-request/${ids.approved}`, {
      token: boss.token,
      form: { amount_approved: '250', mat_date: '2026-12-01' },
    });
  });
  afterAll(() => fresh.close());

  const idsOf = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

  it('GET /advance-request is for staff; /user/{id} for the owner and staff', async () => {
    const all = await fresh.call('GET', '/api/advance-request', { token: staff.token });
    expect(idsOf(all.body)).toEqual([ids.simeon, ids.approved, ids.requested]);
    const own = await fresh.call('GET', `/api/advance-request/user/${anna.id}`, { token: anna.token });
    expect(idsOf(own.body)).toEqual([ids.approved, ids.requested]);
    await expectStatus(fresh, 200, [['GET', `/api/advance-request/user/${anna.id}`, { token: staff.token }]]);
    await expectStatus(fresh, 401, [
      ['GET', '/api/advance-request'],
      ['GET', `/api/advance-request/user/${anna.id}`],
    ]);
    await expectStatus(fresh, 403, [
      ['GET', '/api/advance-request', { token: anna.token }],
      ['GET', `/api/advance-request/user/${simeon.id}`, { token: anna.token }],
      ['GET', `/api/advance-request/${ids.simeon}`, { token: anna.token }],
    ]);
  });

  it('GET /paginated_advance_request filters by status, searches, sorts and pages', async () => {
    const page = (query: Record<string, string | number>, token = staff.token) =>
      fresh.call('GET', '/api/paginated_advance_request', { token, query });
    const unprocessed = await page({ status: 'requested', order_by: 'amount_requested', order: 'asc' });
    expect(unprocessed.body.total_count).toBe(2);
    expect(idsOf(unprocessed.body.data)).toEqual([ids.requested, ids.simeon]);
    const history = await page({ limit: 2, page: 0 });
    expect(history.body.total_count).toBe(3);
    expect(idsOf(history.body.data)).toEqual([ids.simeon, ids.approved]);
    const row = (await page({ q: 'a-100', status: 'approved' })).body.data;
    expect(row).toEqual([
      expect.objectContaining({
        id: ids.approved,
        user_name: 'Anna Prophetess',
        missionary_number: 'A-100',
        mat_date: '2026-12-01',
        amount_requested: 300,
        amount_approved: 250,
        status: 'approved',
        expense_report_id: null,
        distribution_id: null,
        hold_account_id: null,
      }),
    ]);
    const own = await page({}, simeon.token);
    expect(idsOf(own.body.data)).toEqual([ids.simeon]);
    await expectStatus(fresh, 403, [
      ['GET', '/api/paginated_advance_request', { token: simeon.token, query: { user_id: anna.id } }],
    ]);
    await expectStatus(fresh, 401, [['GET', '/api/paginated_advance_request']]);
    await expectStatus(fresh, 422, [
      ['GET', '/api/paginated_advance_request', { token: staff.token, query: { status: 'lost' } }],
      ['GET', '/api/paginated_advance_request', { token: staff.token, query: { order_by: 'secret' } }],
    ]);
  });
});
