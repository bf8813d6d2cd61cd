import { MESSAGES } from '../../domain/messages';
import {
  addExpense,
  approvedAdvance,
  getReport,
  referenceFromDistribution,
  seedCategories,
  startReport,
  uploadReceipt,
} from '../test-support/expense-fixtures';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';
import { storedFileNames } from '../test-support/stored-files';

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
  ruth = await t.signIn('missionary', { name: 'Ruth Moabite' });
  boaz = await t.signIn('missionary', { name: 'Boaz Bethlehem' });
  cat = await seedCategories(t);
});
afterAll(() => t.close());

async function submitted(user: SignedIn, amount = '100') {
  const report = await startReport(t, user);
  await addExpense(t, user, report.id, { expense_code: cat.expense, field_currency: amount });
  const result = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token });
  expect(result.status).toBe(200);
  return result.body;
}

describe('POST /api/expense-report', () => {
  it('starts an empty reimbursement report with distance type none for the missionary', async () => {
    const created = await t.call('POST', '/api/expense-report', {
      token: ruth.token,
      form: { type: 'reimbursement', user_id: ruth.id },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'reimbursement',
      user_id: ruth.id,
      user_name: 'Ruth Moabite',
      distance_type: 'none',
      total_amount: 0,
      unreimbursed_amount: 0,
      submitted: 0,
      processed: 0,
      status: 'unsubmitted',
      start_date: null,
      end_date: null,
      expense: [],
      mileage: [],
      file_upload: [],
      advance_request: null,
      distribution_id: null,
    });
    expect(created.body.user).toMatchObject({ id: ruth.id, profile: { unreimbursed_amount: 0 } });
  });

  it('accepts JSON and a chosen distance type', async () => {
    const created = await t.call('POST', '/api/expense-report', {
      token: ruth.token,
      json: { type: 'reimbursement', distance_type: 'km' },
    });
    expect(created.status).toBe(201);
    expect(created.body.distance_type).toBe('km');
  });

  it.each([
    [{}, 'type', 'Type is required.'],
    [{ type: 'travel' }, 'type', 'Type must be one of: reimbursement, advance.'],
    [
      { type: 'reimbursement', distance_type: 'furlongs' },
      'distance_type',
      'Distance type must be one of: km, mi, none.',
    ],
    [{ type: 'advance' }, 'advance_request_id', 'Choose the approved advance request this report is for.'],
  ])('refuses %j with the message under %s', async (form, field, message) => {
    const result = await t.call('POST', '/api/expense-report', { token: ruth.token, form });
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('is only for missionaries, for themselves', async () => {
    await expectStatus(t, 401, [['POST', '/api/expense-report', { form: { type: 'reimbursement' } }]]);
    await expectStatus(t, 403, [
      ['POST', '/api/expense-report', { token: admin.token, form: { type: 'reimbursement' } }],
      ['POST', '/api/expense-report', { token: employee.token, form: { type: 'reimbursement' } }],
      ['POST', '/api/expense-report', { token: ruth.token, form: { type: 'reimbursement', user_id: boaz.id } }],
    ]);
  });

  it('starts an advance report only from the owner’s approved advance without a report', async () => {
    const requested = await t.call('POST', '/api/advance-request', {
      token: ruth.token,
      form: { amount_requested: '300' },
    });
    const fromRequested = await t.call('POST', '/api/expense-report', {
      token: ruth.token,
      form: { type: 'advance', advance_request_id: requested.body.id },
    });
    expect(fromRequested.status).toBe(409);
    expect(fromRequested.body.message).toBe('Only approved advance requests can have a report.');

    const advance = await approvedAdvance(t, ruth, admin, '300', '250');
    await expectStatus(t, 403, [
      ['POST', '/api/expense-report', { token: boaz.token, form: { type: 'advance', advance_request_id: advance.id } }],
    ]);
    await expectStatus(t, 404, [
      ['POST', '/api/expense-report', { token: ruth.token, form: { type: 'advance', advance_request_id: 999999 } }],
    ]);
    const report = await t.call('POST', '/api/expense-report', {
      token: ruth.token,
      form: { type: 'advance', advance_request_id: advance.id, distance_type: 'none' },
    });
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({
      type: 'advance',
      advance_request_id: advance.id,
      advance_request: { id: advance.id, status: 'approved', amount_approved: 250, expense_report_id: report.body.id },
    });
    const again = await t.call('POST', '/api/expense-report', {
      token: ruth.token,
      form: { type: 'advance', advance_request_id: advance.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This advance request already has a report.');
  });
});

describe('GET /api/expense-report/{id}', () => {
  it('gives the owner and staff the report with its lists; not another missionary', async () => {
    const report = await startReport(t, ruth);
    await addExpense(t, ruth, report.id, { expense_code: cat.expense, field_currency: '1000', exchange_rate: '3.75' });
    for (const viewer of [ruth, admin, employee]) {
      const found = await getReport(t, viewer, report.id);
      expect(found.expense).toHaveLength(1);
      expect(found.expense[0]).toMatchObject({ usd_amount: 266.67, category: { expense_category: 'Lodging' } });
      expect(found.total_amount).toBe(266.67);
    }
    await expectStatus(t, 403, [['GET', `/api/expense-report/${report.id}`, { token: boaz.token }]]);
    await expectStatus(t, 401, [['GET', `/api/expense-report/${report.id}`]]);
    await expectStatus(t, 404, [['GET', '/api/expense-report/999999', { token: admin.token }]]);
    await expectStatus(t, 422, [['GET', '/api/expense-report/abc', { token: admin.token }]]);
  });
});

describe('PATCH /api/save/expense-report/{id}', () => {
  it('saves (Finish Later) and changes the distance type, repricing the trips', async () => {
    const report = await startReport(t, ruth, { distance_type: 'mi' });
    const trip = await t.call('POST', '/api/mileage', {
      token: ruth.token,
      form: { expense_report_id: report.id, date: '2026-03-05', total_distance: '100' },
    });
    expect(trip.body.total_cost).toBe(70); // 100 mi × $0.70
    const saved = await t.call('PATCH', `/api/save/expense-report/${report.id}`, {
      token: ruth.token,
      form: { distance_type: 'km' },
    });
    expect(saved.status).toBe(200);
    // 100 km × 0.621371 = 62.1371 mi × $0.70 = $43.49597 → $43.50
    expect(saved.body).toMatchObject({ distance_type: 'km', total_amount: 43.5, unreimbursed_amount: 43.5 });
    expect(saved.body.mileage[0]).toMatchObject({ total_cost: 43.5, miles: 62.14, total_distance: 100 });

    const plain = await t.call('POST', `/api/save/expense-report/${report.id}`, {
      token: ruth.token,
      form: { _method: 'PATCH' },
    });
    expect(plain.status).toBe(200);
    expect(plain.body.distance_type).toBe('km');
  });

  it('refuses None while trips exist and leaves the report as it was', async () => {
    const report = await startReport(t, ruth, { distance_type: 'mi' });
    await t.call('POST', '/api/mileage', {
      token: ruth.token,
      form: { expense_report_id: report.id, date: '2026-03-05', total_distance: '10' },
    });
    const refused = await t.call('PATCH', `/api/save/expense-report/${report.id}`, {
      token: ruth.token,
      form: { distance_type: 'none' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.distance_type).toEqual(['Delete the mileage trips before choosing None.']);
    expect((await getReport(t, ruth, report.id)).distance_type).toBe('mi');
  });

  it('is the owner’s, only before submitting', async () => {
    const draft = await startReport(t, ruth);
    const done = await submitted(ruth);
    await expectStatus(t, 401, [['PATCH', `/api/save/expense-report/${draft.id}`, { form: {} }]]);
    await expectStatus(t, 403, [
      ['PATCH', `/api/save/expense-report/${draft.id}`, { token: boaz.token, form: { distance_type: 'km' } }],
      ['PATCH', `/api/save/expense-report/${draft.id}`, { token: admin.token, form: { distance_type: 'km' } }],
    ]);
    await expectStatus(t, 404, [['PATCH', '/api/save/expense-report/999999', { token: ruth.token, form: {} }]]);
    const late = await t.call('PATCH', `/api/save/expense-report/${done.id}`, {
      token: ruth.token,
      form: { distance_type: 'km' },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This report has been submitted and can no longer be changed.');
    expect((await getReport(t, ruth, done.id)).distance_type).toBe('none');
    expect((await getReport(t, ruth, draft.id)).distance_type).toBe('none');
  });
});

describe('PATCH /api/submit/expense-report/{id}', () => {
  it('submits with today’s date, once', async () => {
    const report = await startReport(t, ruth);
    await addExpense(t, ruth, report.id, { expense_code: cat.expense, field_currency: '25.50', date: '2026-03-09' });
    const result = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      submitted: 1,
      processed: 0,
      status: 'submitted',
      date_submitted: '2026-11-21',
      total_amount: 25.5,
      unreimbursed_amount: 25.5,
      start_date: '2026-03-09',
      end_date: '2026-03-09',
    });
    const again = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This report has already been submitted.');
  });

  it('refuses an empty report', async () => {
    const report = await startReport(t, ruth);
    const result = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token });
    expect(result.status).toBe(422);
    expect(result.body.message).toBe('Add at least one expense or mileage trip before submitting.');
    expect((await getReport(t, ruth, report.id)).submitted).toBe(0);
  });

  it('is the owner’s', async () => {
    const report = await startReport(t, ruth);
    await addExpense(t, ruth, report.id, { expense_code: cat.expense });
    await expectStatus(t, 401, [['PATCH', `/api/submit/expense-report/${report.id}`]]);
    await expectStatus(t, 403, [
      ['PATCH', `/api/submit/expense-report/${report.id}`, { token: boaz.token }],
      ['PATCH', `/api/submit/expense-report/${report.id}`, { token: admin.token }],
    ]);
    await expectStatus(t, 404, [['PATCH', '/api/submit/expense-report/999999', { token: ruth.token }]]);
    expect((await getReport(t, ruth, report.id)).submitted).toBe(0);
  });
});

describe('DELETE /api/expense-report/unsubmitted/{id}', () => {
  it('lets the owner delete a draft with its items and stored receipts', async () => {
    const report = await startReport(t, ruth);
    await addExpense(t, ruth, report.id, { expense_code: cat.expense });
    const upload = await uploadReceipt(t, ruth, report.id);
    expect(upload.status).toBe(201);
    const stored = await storedFileNames(t, `receipts/${ruth.id}/${report.id}`);
    expect(stored).toHaveLength(1);

    const deleted = await t.call('DELETE', `/api/expense-report/unsubmitted/${report.id}`, { token: ruth.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(MESSAGES.reportDeleted);
    await expectStatus(t, 404, [['GET', `/api/expense-report/${report.id}`, { token: ruth.token }]]);
    expect(await storedFileNames(t, `receipts/${ruth.id}/${report.id}`)).toEqual([]);
  });

  it('lets an admin delete a draft, not an employee or another missionary; never a submitted one', async () => {
    const draft = await startReport(t, ruth);
    await expectStatus(t, 401, [['DELETE', `/api/expense-report/unsubmitted/${draft.id}`]]);
    await expectStatus(t, 403, [
      ['DELETE', `/api/expense-report/unsubmitted/${draft.id}`, { token: boaz.token }],
      ['DELETE', `/api/expense-report/unsubmitted/${draft.id}`, { token: employee.token }],
    ]);
    await expectStatus(t, 200, [['DELETE', `/api/expense-report/unsubmitted/${draft.id}`, { token: admin.token }]]);
    await expectStatus(t, 404, [['DELETE', `/api/expense-report/unsubmitted/${draft.id}`, { token: ruth.token }]]);

    const done = await submitted(ruth);
    const refused = await t.call('DELETE', `/api/expense-report/unsubmitted/${done.id}`, { token: ruth.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only reports that have not been submitted can be deleted here.');
    expect((await getReport(t, ruth, done.id)).expense).toHaveLength(1);
  });

  it('puts an advance back to approved when its draft report is deleted', async () => {
    const advance = await approvedAdvance(t, ruth, admin, '100', '100');
    const report = await startReport(t, ruth, { type: 'advance', advance_request_id: advance.id });
    await expectStatus(t, 200, [['DELETE', `/api/expense-report/unsubmitted/${report.id}`, { token: ruth.token }]]);
    const after = await t.call('GET', `/api/advance-request/${advance.id}`, { token: ruth.token });
    expect(after.body).toMatchObject({ status: 'approved', expense_report_id: null });
  });
});

describe('DELETE /api/expense-report/{id} (admin)', () => {
  it('deletes an unprocessed report, not a processed one', async () => {
    const report = await submitted(ruth);
    await expectStatus(t, 401, [['DELETE', `/api/expense-report/${report.id}`]]);
    await expectStatus(t, 403, [
      ['DELETE', `/api/expense-report/${report.id}`, { token: ruth.token }],
      ['DELETE', `/api/expense-report/${report.id}`, { token: employee.token }],
    ]);
    const deleted = await t.call('DELETE', `/api/expense-report/${report.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(MESSAGES.reportDeleted);
    await expectStatus(t, 404, [['DELETE', `/api/expense-report/${report.id}`, { token: admin.token }]]);

    const processed = await submitted(ruth);
    await t.call('PATCH', `/api/process-expense-report/${processed.id}`, {
      token: admin.token,
      form: { payout: '100' },
    });
    const refused = await t.call('DELETE', `/api/expense-report/${processed.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Processed reports cannot be deleted. Archive them instead.');
  });

  it('refuses with docs/product.md’s note while a distribution references the report', async () => {
    const report = await submitted(boaz);
    await referenceFromDistribution(t, boaz, { reportId: report.id });
    const refused = await t.call('DELETE', `/api/expense-report/${report.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.reportInDistribution);
    expect((await getReport(t, admin, report.id)).id).toBe(report.id);
  });
});

describe('DELETE /api/expense-report/processed/{id} (archive)', () => {
  it('archives a processed report, which stays readable and leaves the staff lists', async () => {
    const report = await submitted(ruth);
    const early = await t.call('DELETE', `/api/expense-report/processed/${report.id}`, { token: admin.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only processed reports can be archived.');
    await t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token, form: { payout: '100' } });
    await expectStatus(t, 401, [['DELETE', `/api/expense-report/processed/${report.id}`]]);
    await expectStatus(t, 403, [
      ['DELETE', `/api/expense-report/processed/${report.id}`, { token: ruth.token }],
      ['DELETE', `/api/expense-report/processed/${report.id}`, { token: employee.token }],
    ]);
    await expectStatus(t, 404, [['DELETE', '/api/expense-report/processed/999999', { token: admin.token }]]);
    const archived = await t.call('POST', `/api/expense-report/processed/${report.id}`, {
      token: admin.token,
      form: { _method: 'DELETE' },
    });
    expect(archived.status).toBe(200);
    expect(archived.body.status).toBe('archived');
    expect(archived.body.archived_at).toBe('2026-11-21T15:00:00.000Z');
    const again = await t.call('DELETE', `/api/expense-report/processed/${report.id}`, { token: admin.token });
    expect(again.body.message).toBe('This report has already been archived.');
    const processedList = await t.call('GET', '/api/expense-report/processed/1', { token: admin.token });
    expect(processedList.body.map((r: { id: number }) => r.id)).not.toContain(report.id);
    const archivedPage = await t.call('GET', '/api/paginated_expense_report', {
      token: admin.token,
      query: { archived: 1, limit: 100 },
    });
    expect(archivedPage.body.data.map((r: { id: number }) => r.id)).toContain(report.id);
  });

  it('refuses while a distribution references the report', async () => {
    const report = await submitted(boaz);
    await t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token, form: { payout: '100' } });
    await referenceFromDistribution(t, boaz, { reportId: report.id });
    const refused = await t.call('DELETE', `/api/expense-report/processed/${report.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.reportInDistribution);
    expect((await getReport(t, admin, report.id)).archived_at).toBeNull();
  });
});
