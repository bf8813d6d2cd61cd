import { MESSAGES } from '../../domain/messages';
import { expenseReports, expenses } from '../db/schema';
import { createTestApp, expectNoChange, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let missionary: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  missionary = await t.signIn('missionary');
});
afterAll(() => t.close());

const TABLES = ['categories', 'audit_events'];

async function addCategory(fields: Record<string, string | number>) {
  const result = await t.call('POST', '/api/categories', { token: admin.token, multipart: fields });
  expect(result.status).toBe(201);
  return result.body as { id: number; expense_category: string };
}

describe('GET /api/categories', () => {
  it('lists categories by name with 0/1 flags, for every signed-in user', async () => {
    await addCategory({ expense_category: 'Zebra Feed', description: 'Last in the list', expense: 1 });
    await addCategory({ expense_category: 'Airfare', description: 'Flights', expense: 1, advance: 1 });
    for (const user of [admin, employee, missionary]) {
      const result = await t.call('GET', '/api/categories', { token: user.token });
      expect(result.status).toBe(200);
      const names = result.body.map((c: { expense_category: string }) => c.expense_category);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
      expect(result.body.find((c: { expense_category: string }) => c.expense_category === 'Airfare')).toEqual({
        id: expect.any(Number),
        expense_category: 'Airfare',
        description: 'Flights',
        expense: 1,
        advance: 1,
        mileage: 0,
      });
    }
  });

  it('answers 401 without a valid token', async () => {
    await expectStatus(t, 401, [
      ['GET', '/api/categories'],
      ['GET', '/api/categories', { token: 'nope' }],
    ]);
  });
});

describe('POST /api/categories', () => {
  it('adds a category from multipart, urlencoded or JSON; flags default to 0', async () => {
    const multipart = await addCategory({
      expense_category: '  Mileage - Personal Car ',
      description: ' Own vehicle on ministry trips ',
      mileage: '1',
      expense: '0',
    });
    expect(multipart).toMatchObject({
      expense_category: 'Mileage - Personal Car',
      description: 'Own vehicle on ministry trips',
      mileage: 1,
      expense: 0,
      advance: 0,
    });
    const form = await t.call('POST', '/api/categories', {
      token: admin.token,
      form: { expense_category: 'Visas', description: 'Visa and permit fees', advance: 'true' },
    });
    expect(form.status).toBe(201);
    expect(form.body).toMatchObject({ advance: 1, expense: 0, mileage: 0 });
    const json = await t.call('POST', '/api/categories', {
      token: admin.token,
      json: { expense_category: 'Meals', description: 'Food while travelling', expense: 1 },
    });
    expect(json.status).toBe(201);
    expect(json.body.expense).toBe(1);
  });

  it.each([
    [{}, ['description', 'expense_category'], MESSAGES.categoryFieldsRequired],
    [{ expense_category: 'Only Name' }, ['description'], MESSAGES.categoryFieldsRequired],
    [{ description: 'Only a description' }, ['expense_category'], MESSAGES.categoryFieldsRequired],
    [
      { expense_category: '   ', description: '  ' },
      ['description', 'expense_category'],
      MESSAGES.categoryFieldsRequired,
    ],
    [{ expense_category: 'x'.repeat(256), description: 'd' }, ['expense_category'], 'At most 255 characters.'],
    [{ expense_category: 'Flags', description: 'd', advance: 'maybe' }, ['advance'], 'Advance must be 0 or 1.'],
    [{ expense_category: 'Flags', description: 'd', mileage: 2 }, ['mileage'], 'Mileage must be 0 or 1.'],
  ])('refuses %j under the fields and changes nothing', async (body, fields, message) => {
    const result = await expectNoChange(t, TABLES, () =>
      t.call('POST', '/api/categories', { token: admin.token, json: body }),
    );
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.errors).sort()).toEqual(fields);
    for (const field of fields) expect(result.body.errors[field]).toEqual([message]);
  });

  it('is for admins only', async () => {
    const json = { expense_category: 'Staff Only', description: 'no' };
    await expectNoChange(t, TABLES, async () => {
      await expectStatus(t, 401, [['POST', '/api/categories', { json }]]);
      await expectStatus(t, 403, [
        ['POST', '/api/categories', { token: employee.token, json }],
        ['POST', '/api/categories', { token: missionary.token, json }],
      ]);
    });
  });
});

describe('PATCH /api/categories/{id}/update', () => {
  it('updates both texts and the flags sent, as the web sends it: POST with _method=PATCH', async () => {
    const category = await addCategory({ expense_category: 'Lodging', description: 'Hotels', expense: 1, advance: 1 });
    const result = await t.call('POST', `/api/categories/${category.id}/update`, {
      token: admin.token,
      multipart: {
        _method: 'PATCH',
        expense_category: 'Lodging & Guest Houses',
        description: 'Where you sleep',
        advance: 0,
      },
    });
    expect(result.status).toBe(200);
    // expense was not sent: it keeps its value.
    expect(result.body).toEqual({
      id: category.id,
      expense_category: 'Lodging & Guest Houses',
      description: 'Where you sleep',
      expense: 1,
      advance: 0,
      mileage: 0,
    });
    const urlencoded = await t.call('POST', `/api/categories/${category.id}/update`, {
      token: admin.token,
      form: { _method: 'PATCH', expense_category: 'Lodging', description: 'Hotels', mileage: 1 },
    });
    expect(urlencoded.body).toMatchObject({ expense_category: 'Lodging', mileage: 1, expense: 1 });
    const real = await t.call('PATCH', `/api/categories/${category.id}`, {
      token: admin.token,
      json: { expense_category: 'Lodging', description: 'Hotels and hostels' },
    });
    expect(real.status).toBe(200);
    expect(real.body.description).toBe('Hotels and hostels');
  });

  it.each([
    [{ expense_category: '', description: 'kept' }, 'expense_category', MESSAGES.categoryFieldsRequired],
    [{ expense_category: 'kept', description: '' }, 'description', MESSAGES.categoryFieldsRequired],
    [{ expense_category: 'kept', description: 'kept', expense: 'x' }, 'expense', 'Expense must be 0 or 1.'],
  ])('refuses %j and changes nothing', async (body, field, message) => {
    const category = await addCategory({ expense_category: 'Unchanged', description: 'Stays as it is' });
    const result = await expectNoChange(t, TABLES, () =>
      t.call('POST', `/api/categories/${category.id}/update`, {
        token: admin.token,
        form: { _method: 'PATCH', ...body },
      }),
    );
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('answers 401, 403, 404 and 422 for a malformed id', async () => {
    const category = await addCategory({ expense_category: 'Guarded', description: 'd' });
    const json = { expense_category: 'Changed', description: 'Changed' };
    await expectNoChange(t, TABLES, async () => {
      await expectStatus(t, 401, [['PATCH', `/api/categories/${category.id}/update`, { json }]]);
      await expectStatus(t, 403, [
        ['PATCH', `/api/categories/${category.id}/update`, { token: employee.token, json }],
        [
          'POST',
          `/api/categories/${category.id}/update`,
          { token: missionary.token, form: { _method: 'PATCH', ...json } },
        ],
      ]);
      await expectStatus(t, 404, [['PATCH', '/api/categories/999999/update', { token: admin.token, json }]]);
      await expectStatus(t, 422, [['PATCH', '/api/categories/abc/update', { token: admin.token, json }]]);
    });
  });
});

describe('DELETE /api/categories/{id}', () => {
  it('deletes an unused category, also as POST with _method=DELETE', async () => {
    const first = await addCategory({ expense_category: 'Temporary', description: 'd' });
    const deleted = await t.call('DELETE', `/api/categories/${first.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(first.id);
    const second = await addCategory({ expense_category: 'Temporary Too', description: 'd' });
    const viaPost = await t.call('POST', `/api/categories/${second.id}`, {
      token: admin.token,
      form: { _method: 'DELETE' },
    });
    expect(viaPost.status).toBe(200);
    const ids = (await t.call('GET', '/api/categories', { token: admin.token })).body.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(first.id);
    expect(ids).not.toContain(second.id);
    expect((await t.call('DELETE', `/api/categories/${first.id}`, { token: admin.token })).status).toBe(404);
  });

  it('keeps a category that expenses use: 409 and nothing deleted', async () => {
    const category = await addCategory({ expense_category: 'In Use', description: 'Used by an expense', expense: 1 });
    const [report] = await t.ctx.db
      .insert(expenseReports)
      .values({ type: 'reimbursement', userId: missionary.id })
      .returning();
    await t.ctx.db.insert(expenses).values({
      expenseReportId: report.id,
      date: '2026-11-02',
      expenseCode: category.id,
      fieldCurrency: '100.00',
      exchangeRate: '1',
      usdAmount: 10000,
    });
    const result = await expectNoChange(t, TABLES, () =>
      t.call('DELETE', `/api/categories/${category.id}`, { token: admin.token }),
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.categoryInUse);
  });

  it('answers 401 and 403', async () => {
    const category = await addCategory({ expense_category: 'Protected', description: 'd' });
    await expectNoChange(t, TABLES, async () => {
      await expectStatus(t, 401, [['DELETE', `/api/categories/${category.id}`]]);
      await expectStatus(t, 403, [
        ['DELETE', `/api/categories/${category.id}`, { token: employee.token }],
        ['DELETE', `/api/categories/${category.id}`, { token: missionary.token }],
      ]);
    });
  });
});
