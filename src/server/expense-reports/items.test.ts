import { MESSAGES } from '../../domain/messages';
import { addExpense, getReport, seedCategories, seedHoldAccount, startReport } from '../test-support/expense-fixtures';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;
let ruthFund: number;
let ruthArchivedFund: number;
let boazFund: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary');
  boaz = await t.signIn('missionary');
  cat = await seedCategories(t);
  ruthFund = await seedHoldAccount(t, ruth.id, 'Vehicle Fund');
  ruthArchivedFund = await seedHoldAccount(t, ruth.id, 'Old Fund', true);
  boazFund = await seedHoldAccount(t, boaz.id, 'Boaz Building Fund');
});
afterAll(() => t.close());

async function submittedReport(user: SignedIn) {
  const report = await startReport(t, user, { distance_type: 'km' });
  const expense = await addExpense(t, user, report.id, { expense_code: cat.expense });
  const trip = await t.call('POST', '/api/mileage', {
    token: user.token,
    form: { expense_report_id: report.id, date: '2026-03-04', total_distance: '10' },
  });
  await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token });
  return { report, expense, trip: trip.body };
}

describe('POST /api/expense', () => {
  it('computes usd_amount itself, ignoring what the client sends, and updates the report', async () => {
    const report = await startReport(t, ruth);
    const created = await t.call('POST', '/api/expense', {
      token: ruth.token,
      form: {
        expense_report_id: report.id,
        date: '2026-03-10',
        expense_code: cat.expense,
        field_currency: '1000',
        exchange_rate: '3.75',
        usd_amount: '999999.99',
        hold_account_id: ruthFund,
        description: 'Guest house, 2 nights',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      expense_report_id: report.id,
      date: '2026-03-10',
      expense_code: cat.expense,
      category: { id: cat.expense, expense_category: 'Lodging' },
      field_currency: 1000,
      exchange_rate: 3.75,
      usd_amount: 266.67, // 1000 / 3.75 = 266.666… → 266.67
      hold_account_id: ruthFund,
      hold_account: { id: ruthFund, fund_name: 'Vehicle Fund' },
      description: 'Guest house, 2 nights',
    });
    await addExpense(t, ruth, report.id, {
      expense_code: cat.both,
      date: '2026-03-02',
      field_currency: '20',
      exchange_rate: '3',
    });
    const after = await getReport(t, ruth, report.id);
    // 266.67 + 6.67 (20 / 3 = 6.666…)
    expect(after).toMatchObject({
      total_amount: 273.34,
      unreimbursed_amount: 273.34,
      start_date: '2026-03-02',
      end_date: '2026-03-10',
    });
  });

  it('takes a rate of 1 for USD amounts, as the USD box sends it', async () => {
    const report = await startReport(t, ruth);
    const created = await addExpense(t, ruth, report.id, {
      expense_code: cat.expense,
      field_currency: '45.99',
      exchange_rate: '1',
    });
    expect(created).toMatchObject({ field_currency: 45.99, exchange_rate: 1, usd_amount: 45.99 });
  });

  it.each([
    [{ date: '' }, 'date', MESSAGES.dateRequired],
    [{ date: '03/10/2026' }, 'date', 'Date must be a date (YYYY-MM-DD).'],
    [{ expense_code: '' }, 'expense_code', 'Category is required.'],
    [{ field_currency: '' }, 'field_currency', 'Amount is required.'],
    [{ field_currency: '1.999' }, 'field_currency', 'Amount must be a dollar amount with at most 2 decimals.'],
    [{ field_currency: '-1' }, 'field_currency', 'Amount cannot be negative.'],
    [{ exchange_rate: '' }, 'exchange_rate', 'Exchange rate is required.'],
    [{ exchange_rate: '0' }, 'exchange_rate', 'Exchange rate must be greater than 0.'],
    [{ exchange_rate: 'x' }, 'exchange_rate', 'Exchange rate must be a number.'],
    [{ expense_report_id: '' }, 'expense_report_id', 'Expense report is required.'],
  ])('refuses %j with the message under %s and adds nothing', async (change, field, message) => {
    const report = await startReport(t, ruth);
    const result = await t.call('POST', '/api/expense', {
      token: ruth.token,
      form: {
        expense_report_id: report.id,
        date: '2026-03-10',
        expense_code: cat.expense,
        field_currency: '10',
        exchange_rate: '1',
        ...change,
      },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
    expect((await getReport(t, ruth, report.id)).expense).toEqual([]);
  });

  it('takes only the report owner’s own active hold accounts', async () => {
    const report = await startReport(t, ruth);
    for (const holdAccount of [boazFund, ruthArchivedFund, 999999]) {
      const result = await t.call('POST', '/api/expense', {
        token: ruth.token,
        form: {
          expense_report_id: report.id,
          date: '2026-03-10',
          expense_code: cat.expense,
          field_currency: '10',
          exchange_rate: '1',
          hold_account_id: holdAccount,
        },
      });
      expect(result.status).toBe(422);
      expect(result.body.errors.hold_account_id).toEqual(['Choose one of your own hold accounts.']);
    }
    expect((await getReport(t, ruth, report.id)).expense).toEqual([]);
  });

  it('takes categories meant for the kind of report', async () => {
    const report = await startReport(t, ruth);
    for (const code of [cat.advance, cat.mileage, 999999]) {
      const result = await t.call('POST', '/api/expense', {
        token: ruth.token,
        form: {
          expense_report_id: report.id,
          date: '2026-03-10',
          expense_code: code,
          field_currency: '1',
          exchange_rate: '1',
        },
      });
      expect(result.status).toBe(422);
      expect(result.body.errors.expense_code).toEqual(['Choose an expense category from the list.']);
    }
  });

  it('is for the owner of a draft report only', async () => {
    const draft = await startReport(t, ruth);
    const { report: done } = await submittedReport(ruth);
    const form = (reportId: number) => ({
      expense_report_id: reportId,
      date: '2026-03-10',
      expense_code: cat.expense,
      field_currency: '10',
      exchange_rate: '1',
    });
    await expectStatus(t, 401, [['POST', '/api/expense', { form: form(draft.id) }]]);
    await expectStatus(t, 403, [
      ['POST', '/api/expense', { token: boaz.token, form: form(draft.id) }],
      ['POST', '/api/expense', { token: admin.token, form: form(draft.id) }],
      ['POST', '/api/expense', { token: employee.token, form: form(draft.id) }],
    ]);
    await expectStatus(t, 404, [['POST', '/api/expense', { token: ruth.token, form: form(999999) }]]);
    const late = await t.call('POST', '/api/expense', { token: ruth.token, form: form(done.id) });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This report has been submitted and can no longer be changed.');
    expect((await getReport(t, ruth, done.id)).expense).toHaveLength(1);
  });
});

describe('PATCH, GET and DELETE /api/expense/{id}', () => {
  it('updates with the same rules and recomputes the report', async () => {
    const report = await startReport(t, ruth);
    const expense = await addExpense(t, ruth, report.id, { expense_code: cat.expense, field_currency: '50' });
    const updated = await t.call('PATCH', `/api/expense/${expense.id}`, {
      token: ruth.token,
      form: { date: '2026-04-01', expense_code: cat.expense, field_currency: '150', exchange_rate: '1.5' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ usd_amount: 100, exchange_rate: 1.5, date: '2026-04-01' });
    expect(await getReport(t, ruth, report.id)).toMatchObject({ total_amount: 100, start_date: '2026-04-01' });

    const invalid = await t.call('POST', `/api/expense/${expense.id}`, {
      token: ruth.token,
      form: { _method: 'PATCH', date: '', expense_code: cat.expense, field_currency: '1', exchange_rate: '1' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.date).toEqual([MESSAGES.dateRequired]);
    expect((await getReport(t, ruth, report.id)).expense[0]).toMatchObject({ usd_amount: 100, date: '2026-04-01' });
  });

  it('reads for the owner and staff; deletes for the owner of a draft', async () => {
    const report = await startReport(t, ruth);
    const expense = await addExpense(t, ruth, report.id, { expense_code: cat.expense, field_currency: '12' });
    await expectStatus(t, 200, [
      ['GET', `/api/expense/${expense.id}`, { token: ruth.token }],
      ['GET', `/api/expense/${expense.id}`, { token: employee.token }],
      ['GET', `/api/expense/${expense.id}`, { token: admin.token }],
    ]);
    await expectStatus(t, 401, [
      ['GET', `/api/expense/${expense.id}`],
      ['PATCH', `/api/expense/${expense.id}`, { form: {} }],
      ['DELETE', `/api/expense/${expense.id}`],
    ]);
    await expectStatus(t, 403, [
      ['GET', `/api/expense/${expense.id}`, { token: boaz.token }],
      [
        'PATCH',
        `/api/expense/${expense.id}`,
        {
          token: boaz.token,
          form: { date: '2026-01-01', expense_code: cat.expense, field_currency: '1', exchange_rate: '1' },
        },
      ],
      ['DELETE', `/api/expense/${expense.id}`, { token: boaz.token }],
      ['DELETE', `/api/expense/${expense.id}`, { token: admin.token }],
    ]);
    await expectStatus(t, 404, [
      ['GET', '/api/expense/999999', { token: ruth.token }],
      ['DELETE', '/api/expense/999999', { token: ruth.token }],
      [
        'PATCH',
        '/api/expense/999999',
        {
          token: ruth.token,
          form: { date: '2026-01-01', expense_code: cat.expense, field_currency: '1', exchange_rate: '1' },
        },
      ],
    ]);
    const deleted = await t.call('DELETE', `/api/expense/${expense.id}`, { token: ruth.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(expense.id);
    expect(await getReport(t, ruth, report.id)).toMatchObject({ total_amount: 0, start_date: null, expense: [] });
  });

  it('leaves submitted reports alone (409)', async () => {
    const { report, expense } = await submittedReport(ruth);
    const change = await t.call('PATCH', `/api/expense/${expense.id}`, {
      token: ruth.token,
      form: { date: '2026-01-01', expense_code: cat.expense, field_currency: '1', exchange_rate: '1' },
    });
    expect(change.status).toBe(409);
    const remove = await t.call('DELETE', `/api/expense/${expense.id}`, { token: ruth.token });
    expect(remove.status).toBe(409);
    const after = await getReport(t, ruth, report.id);
    expect(after.expense).toHaveLength(1);
    expect(after.expense[0].usd_amount).toBe(100);
  });
});

describe('mileage', () => {
  it('needs a distance type other than none', async () => {
    const report = await startReport(t, ruth);
    const refused = await t.call('POST', '/api/mileage', {
      token: ruth.token,
      form: { expense_report_id: report.id, date: '2026-03-04', total_distance: '10' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(MESSAGES.distanceTypeRequired);
    expect(refused.body.message).toBe('Must Select A Distance Type to Add A Mileage Expense');
    expect((await getReport(t, ruth, report.id)).mileage).toEqual([]);
  });

  it('converts kilometres and prices at the mileage_reimbursement setting, one rounding', async () => {
    const report = await startReport(t, ruth, { distance_type: 'km' });
    const trip = await t.call('POST', '/api/mileage', {
      token: ruth.token,
      form: {
        expense_report_id: report.id,
        date: '2026-03-04',
        odometer_start: '12000',
        odometer_end: '12042.5',
        total_distance: '1',
        type: cat.mileage,
      },
    });
    expect(trip.status).toBe(201);
    // 42.5 km × 0.621371 = 26.4082675 mi × $0.70 = $18.48578725 → $18.49
    expect(trip.body).toMatchObject({
      odometer_start: 12000,
      odometer_end: 12042.5,
      total_distance: 42.5,
      distance: 42.5,
      miles: 26.41,
      total_cost: 18.49,
      type: cat.mileage,
      category: { expense_category: 'Ministry travel' },
    });
    expect(await getReport(t, ruth, report.id)).toMatchObject({ total_amount: 18.49, start_date: '2026-03-04' });

    await t.call('PATCH', '/api/settings', { token: admin.token, form: { mileage_reimbursement: '0.655' } });
    const saved = await t.call('PATCH', `/api/save/expense-report/${report.id}`, { token: ruth.token, form: {} });
    // 26.4082675 × 0.655 = 17.2974152… → $17.30
    expect(saved.body.mileage[0].total_cost).toBe(17.3);
    await t.call('PATCH', '/api/settings', { token: admin.token, form: { mileage_reimbursement: '0.70' } });
  });

  it.each([
    [{ date: '' }, 'date', MESSAGES.dateRequired],
    [{}, 'total_distance', 'Distance is required (or both odometer readings).'],
    [{ total_distance: '0' }, 'total_distance', 'Distance must be greater than 0.'],
    [{ odometer_start: '50', odometer_end: '40' }, 'odometer_end', 'Odometer end must be greater than odometer start.'],
    [{ odometer_start: '50' }, 'odometer_end', 'Enter the odometer end too.'],
    [{ total_distance: '5' }, 'type', 'Choose a mileage category from the list.'], // with an expense category
  ])('refuses %j under %s', async (change, field, message) => {
    const report = await startReport(t, ruth, { distance_type: 'mi' });
    const form: Record<string, string | number> = { expense_report_id: report.id, date: '2026-03-04', ...change };
    if (field === 'type') form.type = cat.expense; // categories exist only once beforeAll ran
    const result = await t.call('POST', '/api/mileage', { token: ruth.token, form });
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
    expect((await getReport(t, ruth, report.id)).mileage).toEqual([]);
  });

  it('updates, reads and deletes with the report’s rules', async () => {
    const report = await startReport(t, ruth, { distance_type: 'mi' });
    const trip = (
      await t.call('POST', '/api/mileage', {
        token: ruth.token,
        form: { expense_report_id: report.id, date: '2026-03-04', total_distance: '10' },
      })
    ).body;
    const updated = await t.call('PATCH', `/api/mileage/${trip.id}`, {
      token: ruth.token,
      form: { date: '2026-03-06', distance: '20' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ total_distance: 20, total_cost: 14, date: '2026-03-06' });
    expect((await getReport(t, ruth, report.id)).total_amount).toBe(14);

    await expectStatus(t, 200, [
      ['GET', `/api/mileage/${trip.id}`, { token: ruth.token }],
      ['GET', `/api/mileage/${trip.id}`, { token: employee.token }],
    ]);
    await expectStatus(t, 401, [
      ['GET', `/api/mileage/${trip.id}`],
      ['POST', '/api/mileage', { form: { expense_report_id: report.id } }],
      ['PATCH', `/api/mileage/${trip.id}`, { form: {} }],
      ['DELETE', `/api/mileage/${trip.id}`],
    ]);
    await expectStatus(t, 403, [
      ['GET', `/api/mileage/${trip.id}`, { token: boaz.token }],
      ['PATCH', `/api/mileage/${trip.id}`, { token: boaz.token, form: { date: '2026-03-06', distance: '1' } }],
      ['DELETE', `/api/mileage/${trip.id}`, { token: boaz.token }],
      ['DELETE', `/api/mileage/${trip.id}`, { token: admin.token }],
      [
        'POST',
        '/api/mileage',
        { token: boaz.token, form: { expense_report_id: report.id, date: '2026-03-04', total_distance: '1' } },
      ],
    ]);
    await expectStatus(t, 404, [
      ['GET', '/api/mileage/999999', { token: ruth.token }],
      ['PATCH', '/api/mileage/999999', { token: ruth.token, form: { date: '2026-03-06', distance: '1' } }],
      ['DELETE', '/api/mileage/999999', { token: ruth.token }],
    ]);
    const deleted = await t.call('DELETE', `/api/mileage/${trip.id}`, { token: ruth.token });
    expect(deleted.status).toBe(200);
    expect(await getReport(t, ruth, report.id)).toMatchObject({ total_amount: 0, mileage: [] });
  });

  it('leaves trips of submitted reports alone (409)', async () => {
    const { report, trip } = await submittedReport(ruth);
    const change = await t.call('PATCH', `/api/mileage/${trip.id}`, {
      token: ruth.token,
      form: { date: '2026-03-06', distance: '99' },
    });
    expect(change.status).toBe(409);
    expect((await t.call('DELETE', `/api/mileage/${trip.id}`, { token: ruth.token })).status).toBe(409);
    expect((await getReport(t, ruth, report.id)).mileage[0].total_distance).toBe(10);
  });
});

describe('GET /api/user/{id}/hold-accounts', () => {
  it('lists the user’s own active accounts to them and to staff only', async () => {
    const own = await t.call('GET', `/api/user/${ruth.id}/hold-accounts`, { token: ruth.token });
    expect(own.body).toEqual([{ id: ruthFund, fund_name: 'Vehicle Fund' }]);
    await expectStatus(t, 200, [['GET', `/api/user/${ruth.id}/hold-accounts`, { token: employee.token }]]);
    await expectStatus(t, 403, [['GET', `/api/user/${ruth.id}/hold-accounts`, { token: boaz.token }]]);
    await expectStatus(t, 401, [['GET', `/api/user/${ruth.id}/hold-accounts`]]);
  });
});
