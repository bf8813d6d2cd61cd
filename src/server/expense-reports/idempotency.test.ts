import { issueApiToken } from '../auth/tokens';
import { seedCategories, startReport } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * A phone on a bad link retries POST /api/expense with the same Idempotency-Key; the
 * server makes one expense and answers every retry with it. Keys are per user, kept 24 hours.
 */
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

function post(user: SignedIn | null, reportId: number, key: string, amount = '12.50') {
  return t.call('POST', '/api/expense', {
    token: user?.token ?? null,
    headers: { 'idempotency-key': key },
    form: {
      expense_report_id: reportId,
      date: '2026-03-10',
      expense_code: cat.expense,
      field_currency: amount,
      exchange_rate: '1',
    },
  });
}

async function expenseCount(user: SignedIn, reportId: number) {
  const read = await t.call('GET', `/api/expense-report/${reportId}`, { token: user.token });
  return read.body.expense.length as number;
}

describe('Idempotency-Key on POST /api/expense', () => {
  it('creates once; the same key and body again answers with the first expense (201)', async () => {
    const report = await startReport(t, ruth);
    const first = await post(ruth, report.id, 'draft-1');
    expect(first.status).toBe(201);
    const retry = await post(ruth, report.id, 'draft-1');
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(await expenseCount(ruth, report.id)).toBe(1);
  });

  it('two retries at once still make one expense', async () => {
    const report = await startReport(t, ruth);
    const [a, b] = await Promise.all([post(ruth, report.id, 'draft-2'), post(ruth, report.id, 'draft-2')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await expenseCount(ruth, report.id)).toBe(1);
  });

  it('refuses the same key with another body (409) and makes nothing', async () => {
    const report = await startReport(t, ruth);
    expect((await post(ruth, report.id, 'draft-3', '12.50')).status).toBe(201);
    const other = await post(ruth, report.id, 'draft-3', '99.00');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request.');
    expect(await expenseCount(ruth, report.id)).toBe(1);
  });

  it('keys are per user: another missionary may use the same key for their own report', async () => {
    const mine = await startReport(t, ruth);
    const theirs = await startReport(t, boaz);
    expect((await post(ruth, mine.id, 'shared-key')).status).toBe(201);
    const other = await post(boaz, theirs.id, 'shared-key');
    expect(other.status).toBe(201);
    expect(await expenseCount(boaz, theirs.id)).toBe(1);
  });

  it('422 for a key with spaces, 401 without a token', async () => {
    const report = await startReport(t, ruth);
    const bad = await post(ruth, report.id, 'has a space');
    expect(bad.status).toBe(422);
    expect(bad.body.errors['Idempotency-Key']).toEqual([
      'Idempotency-Key must be 1 to 200 visible characters without spaces.',
    ]);
    expect((await post(null, report.id, 'draft-4')).status).toBe(401);
  });

  it('forgets a key after 24 hours: the same key then makes a new expense (last: moves the clock)', async () => {
    const report = await startReport(t, ruth);
    expect((await post(ruth, report.id, 'draft-5', '12.50')).status).toBe(201);
    // A day is longer than a session: sign in again (a fresh token) after each step of the clock.
    const again = async () => ({ ...ruth, token: await issueApiToken(t.database.db, ruth.id, t.clock.now()) });
    t.clock.advance(23 * 3_600_000); // within 24 h: still the first answer
    expect((await post(await again(), report.id, 'draft-5', '99.00')).status).toBe(409);
    t.clock.advance(2 * 3_600_000); // 25 h after the first request
    ruth = await again();
    expect((await post(ruth, report.id, 'draft-5', '99.00')).status).toBe(201);
    expect(await expenseCount(ruth, report.id)).toBe(2);
  });
});
