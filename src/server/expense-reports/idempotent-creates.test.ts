import { jpeg, seedCategories, startReport } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * A phone sends the drafts it kept offline when the link returns, and retries on a bad
 * link. Every create it uses takes an Idempotency-Key: the report, its expenses (idempotency.test.ts),
 * its mileage trips and its receipts. A retry with the same key and body answers with the first
 * request's row and makes nothing new; the same key with another body or on another route is a 409.
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

const keyed = (key: string) => ({ 'idempotency-key': key });

async function reportCount(user: SignedIn) {
  const list = await t.call('GET', `/api/expense-report/user/${user.id}`, { token: user.token });
  return (list.body as unknown[]).length;
}

async function fullReport(user: SignedIn, id: number) {
  return (await t.call('GET', `/api/expense-report/${id}`, { token: user.token })).body;
}

describe('Idempotency-Key on POST /api/expense-report', () => {
  const create = (user: SignedIn, key: string, distance = 'mi') =>
    t.call('POST', '/api/expense-report', {
      token: user.token,
      headers: keyed(key),
      form: { type: 'reimbursement', distance_type: distance, user_id: user.id },
    });

  it('creates one report; a retry answers with it (201)', async () => {
    const before = await reportCount(boaz);
    const first = await create(boaz, 'report-1');
    expect(first.status).toBe(201);
    const retry = await create(boaz, 'report-1');
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(await reportCount(boaz)).toBe(before + 1);
  });

  it('409 for the same key with another body, 422 for a malformed key', async () => {
    expect((await create(boaz, 'report-2', 'mi')).status).toBe(201);
    const other = await create(boaz, 'report-2', 'km');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request.');
    const bad = await create(boaz, ' ');
    expect(bad.status).toBe(422);
    expect(bad.body.errors['Idempotency-Key']).toBeDefined();
  });
});

describe('Idempotency-Key on POST /api/mileage', () => {
  const trip = (user: SignedIn, reportId: number, key: string, distance = '42') =>
    t.call('POST', '/api/mileage', {
      token: user.token,
      headers: keyed(key),
      form: { expense_report_id: reportId, date: '2026-03-04', type: cat.mileage, total_distance: distance },
    });

  it('records one trip; a retry answers with it, and the report total counts it once', async () => {
    const report = await startReport(t, ruth, { distance_type: 'mi' });
    const first = await trip(ruth, report.id, 'trip-1');
    expect(first.status).toBe(201);
    const retry = await trip(ruth, report.id, 'trip-1');
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const read = await fullReport(ruth, report.id);
    expect(read.mileage).toHaveLength(1);
  });

  it('409 when the key was used for another trip or on another route', async () => {
    const report = await startReport(t, ruth, { distance_type: 'mi' });
    expect((await trip(ruth, report.id, 'trip-2', '10')).status).toBe(201);
    expect((await trip(ruth, report.id, 'trip-2', '11')).status).toBe(409);
    const expense = await t.call('POST', '/api/expense', {
      token: ruth.token,
      headers: keyed('trip-2'),
      form: {
        expense_report_id: report.id,
        date: '2026-03-04',
        expense_code: cat.expense,
        field_currency: '5',
        exchange_rate: '1',
      },
    });
    expect(expense.status).toBe(409);
    expect((await fullReport(ruth, report.id)).mileage).toHaveLength(1);
    expect((await fullReport(ruth, report.id)).expense).toHaveLength(0);
  });

  it('another missionary cannot read a trip through a key: keys are per user', async () => {
    const mine = await startReport(t, ruth, { distance_type: 'mi' });
    const theirs = await startReport(t, boaz, { distance_type: 'mi' });
    const first = await trip(ruth, mine.id, 'trip-3');
    const other = await trip(boaz, theirs.id, 'trip-3');
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
  });
});

describe('Idempotency-Key on POST /api/fileUpload', () => {
  const upload = (user: SignedIn, reportId: number, key: string, content = jpeg()) =>
    t.call('POST', '/api/fileUpload', {
      token: user.token,
      headers: keyed(key),
      multipart: {
        expense_report_id: String(reportId),
        file: { content, filename: 'receipt.jpg', type: 'image/jpeg' },
      },
    });

  it('stores one receipt; a retry answers with it and stores no second copy', async () => {
    const report = await startReport(t, ruth);
    const first = await upload(ruth, report.id, 'photo-1');
    expect(first.status).toBe(201);
    const retry = await upload(ruth, report.id, 'photo-1');
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect((await fullReport(ruth, report.id)).file_upload).toHaveLength(1);
    const read = await t.call('GET', `/api/fileUpload/${first.body.id}`, { token: ruth.token });
    expect(read.status).toBe(200);
  });

  it('409 for the same key with another file; nothing more is stored', async () => {
    const report = await startReport(t, ruth);
    expect((await upload(ruth, report.id, 'photo-2', jpeg(2048))).status).toBe(201);
    const other = await upload(ruth, report.id, 'photo-2', jpeg(4096));
    expect(other.status).toBe(409);
    expect((await fullReport(ruth, report.id)).file_upload).toHaveLength(1);
  });

  it('401 without a token', async () => {
    const report = await startReport(t, ruth);
    const anonymous = await t.call('POST', '/api/fileUpload', {
      token: null,
      headers: keyed('photo-3'),
      multipart: { expense_report_id: String(report.id), file: { content: jpeg(), filename: 'a.jpg' } },
    });
    expect(anonymous.status).toBe(401);
  });
});
