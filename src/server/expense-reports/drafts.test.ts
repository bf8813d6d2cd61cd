import { addExpense, seedCategories, startReport, uploadReceipt } from '../test-support/expense-fixtures';
import { createTestApp, type TestApp } from '../test-support/harness';

/** Start Report and leave, again and again, leaves one empty draft, not one per tap. */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCategories(t);
});
afterAll(() => t.close());

async function reportIdsOf(token: string, userId: number) {
  const list = await t.call('GET', `/api/expense-report/user/${userId}`, { token });
  expect(list.status).toBe(200);
  return (list.body as Array<{ id: number }>).map((report) => report.id).sort((a, b) => a - b);
}

describe('POST /api/expense-report reuses an empty draft', () => {
  it('answers the same empty draft to every Start Report, with the distance type asked for', async () => {
    const ruth = await t.signIn('missionary');
    const first = await startReport(t, ruth);
    const second = await startReport(t, ruth, { distance_type: 'km' });
    const third = await startReport(t, ruth);
    expect(second.id).toBe(first.id);
    expect(second.distance_type).toBe('km');
    expect(third).toMatchObject({ id: first.id, distance_type: 'none', submitted: 0, expense: [] });
    expect(await reportIdsOf(ruth.token, ruth.id)).toEqual([first.id]);
  });

  it('starts a new report once the draft holds an expense or a receipt', async () => {
    const naomi = await t.signIn('missionary');
    const withExpense = await startReport(t, naomi);
    await addExpense(t, naomi, withExpense.id, { expense_code: cat.expense, field_currency: '12.00' });
    const withReceipt = await startReport(t, naomi);
    expect(withReceipt.id).not.toBe(withExpense.id);
    await uploadReceipt(t, naomi, withReceipt.id);
    const fresh = await startReport(t, naomi);
    expect(new Set([withExpense.id, withReceipt.id, fresh.id]).size).toBe(3);
    expect(await reportIdsOf(naomi.token, naomi.id)).toEqual([withExpense.id, withReceipt.id, fresh.id]);
  });

  it("never hands one missionary another's draft", async () => {
    const boaz = await t.signIn('missionary');
    const orpah = await t.signIn('missionary');
    const own = await startReport(t, boaz);
    const other = await startReport(t, orpah);
    expect(other.id).not.toBe(own.id);
    expect(other.user_id).toBe(orpah.id);
  });
});
