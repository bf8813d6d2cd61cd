import { seedCategories, startReport } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/** Decisions 22 (currency) and 23 (decimal commas) of docs/decisions.md on the expense routes. */
let t: TestApp;
let ruth: SignedIn;
let boaz: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  ruth = await t.signIn('missionary');
  boaz = await t.signIn('missionary');
  cat = await seedCategories(t);
});
afterAll(() => t.close());

async function post(user: SignedIn, reportId: number, fields: Record<string, string>) {
  return t.call('POST', '/api/expense', {
    token: user.token,
    form: { expense_report_id: reportId, date: '2026-03-10', expense_code: cat.expense, ...fields },
  });
}

describe('currency on POST/PATCH /api/expense', () => {
  it.each([
    // [what is sent, stored currency, usd_amount]
    [{ field_currency: '4750', exchange_rate: '129.25', currency: 'KES' }, 'KES', 36.75], // 4750 / 129.25 = 36.750...
    [{ field_currency: '120', exchange_rate: '0.92', currency: 'eur' }, 'EUR', 130.43], // 120 / 0.92 = 130.434...
    [{ field_currency: '25', exchange_rate: '1' }, 'USD', 25], // left out at rate 1: USD
    [{ field_currency: '500', exchange_rate: '3.75' }, null, 133.33], // left out at another rate: unknown
    [{ field_currency: '12,50', exchange_rate: '1', currency: '' }, 'USD', 12.5], // decimal comma; blank = left out
  ])('%o → %s', async (fields, currency, usd) => {
    const report = await startReport(t, ruth);
    const created = await post(ruth, report.id, fields);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ currency, usd_amount: usd });
    const read = await t.call('GET', `/api/expense-report/${report.id}`, { token: ruth.token });
    expect(read.body.expense[0].currency).toBe(currency);
  });

  it.each([
    [{ currency: 'KSH' }, 'currency', 'Currency must be an ISO 4217 code such as USD, EUR or KES.'],
    [{ currency: 'USD', exchange_rate: '0.92' }, 'exchange_rate', 'A USD expense has an exchange rate of 1.'],
    [
      { field_currency: '1.234,50' },
      'field_currency',
      'Amount has both a point and a comma, so it is unclear which one is the decimal separator: write it without a thousands separator, e.g. 1234.50 or 1234,50.',
    ],
  ])('refuses %o with 422 on %s', async (fields, field, message) => {
    const report = await startReport(t, ruth);
    const response = await post(ruth, report.id, { field_currency: '10', exchange_rate: '1', ...fields });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
  });

  it('changes the currency with PATCH, 401 without a token, 403 for another missionary, 404 for none', async () => {
    const report = await startReport(t, ruth);
    const created = await post(ruth, report.id, { field_currency: '500', exchange_rate: '3.75' });
    expect(created.body.currency).toBeNull();
    const form = { date: '2026-03-10', expense_code: cat.expense, field_currency: '500', exchange_rate: '3.75' };
    const changed = await t.call('PATCH', `/api/expense/${created.body.id}`, {
      token: ruth.token,
      form: { ...form, currency: 'GHS' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.currency).toBe('GHS');
    expect((await t.call('PATCH', `/api/expense/${created.body.id}`, { form })).status).toBe(401);
    expect((await t.call('PATCH', `/api/expense/${created.body.id}`, { token: boaz.token, form })).status).toBe(403);
    expect((await t.call('PATCH', '/api/expense/999999', { token: ruth.token, form })).status).toBe(404);
  });
});
