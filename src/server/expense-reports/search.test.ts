import { addExpense, seedCategories, startReport } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/** The dashboard search finds reports by what is in them, not only by number. */
let t: TestApp;
let ruth: SignedIn;
let naomi: SignedIn;
let admin: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCategories(t);
  ruth = await t.signIn('missionary', { name: 'Ruth Quarshie-Search', missionaryNumber: 'SRCH-77' });
  admin = await t.signIn('admin');
  naomi = await t.signIn('missionary');
  const lodging = await startReport(t, ruth);
  await addExpense(t, ruth, lodging.id, { expense_code: cat.expense, description: 'Guest house in Kumasi' });
  ids.lodging = lodging.id;
  const meals = await startReport(t, ruth);
  await addExpense(t, ruth, meals.id, { expense_code: cat.both, description: 'Supper on the road' });
  ids.meals = meals.id;
  const trip = await startReport(t, ruth, { distance_type: 'mi' });
  const created = await t.call('POST', '/api/mileage', {
    token: ruth.token,
    form: { expense_report_id: trip.id, date: '2026-03-02', total_distance: '40', type: cat.mileage },
  });
  expect(created.status).toBe(201);
  ids.trip = trip.id;
  // Another missionary's lodging report never shows in Ruth's search.
  const other = await startReport(t, naomi);
  await addExpense(t, naomi, other.id, { expense_code: cat.expense });
  ids.other = other.id;
});
afterAll(() => t.close());

async function search(user: SignedIn, q: string) {
  const result = await t.call('GET', '/api/paginated_expense_report', { token: user.token, query: { q } });
  expect(result.status).toBe(200);
  return (result.body.data as Array<{ id: number }>).map((report) => report.id).sort((a, b) => a - b);
}

describe('GET /api/paginated_expense_report?q=', () => {
  it.each([
    ['an expense category', 'Lodging', ['lodging']],
    ['part of it, in any case', 'lodg', ['lodging']],
    ['an expense description', 'kumasi', ['lodging']],
    ['another description', 'road', ['meals']],
    ['a mileage category', 'ministry travel', ['trip']],
    ['what no report holds', 'airfare', []],
  ])('finds %s ("%s")', async (_name, q, expected) => {
    expect(await search(ruth, q)).toEqual(expected.map((key) => ids[key]).sort((a, b) => a - b));
  });

  it('still finds a report by its number', async () => {
    expect(await search(ruth, String(ids.meals))).toContain(ids.meals);
  });

  it('a term with LIKE wildcards matches them as text', async () => {
    expect(await search(ruth, '%')).toEqual([]);
    expect(await search(ruth, '_')).toEqual([]);
  });
});

/** The office searches all reports through indexes (a union of lookups), one count with it. */
describe("the office searches every missionary's reports", () => {
  async function staffSearch(q: string) {
    const result = await t.call('GET', '/api/paginated_expense_report', { token: admin.token, query: { q } });
    expect(result.status).toBe(200);
    const found = (result.body.data as Array<{ id: number }>).map((report) => report.id).sort((a, b) => a - b);
    expect(result.body.total_count).toBe(found.length);
    return found;
  }

  it.each([
    ["the owner's name", 'quarshie-SEARCH', ['lodging', 'meals', 'trip']],
    ["the owner's Account #", 'srch-77', ['lodging', 'meals', 'trip']],
    ['a category, across missionaries', 'lodging', ['lodging', 'other']],
  ])('by %s ("%s")', async (_name, q, expected) => {
    expect(await staffSearch(q)).toEqual(expected.map((key) => ids[key]).sort((a, b) => a - b));
  });

  it('by type: "reimb" names the reimbursement reports, "advance" none here', async () => {
    expect(await staffSearch('reimb')).toEqual(Object.values(ids).sort((a, b) => a - b));
    expect(await staffSearch('advance')).toEqual([]);
  });
});
