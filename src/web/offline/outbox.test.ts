import { ApiError } from '../api/client';
import { fullReport } from '../pages/expenses/report-fixture';
import type { FullReport } from '../pages/expenses/types';
import {
  discardOutboxItem,
  editQueued,
  outboxItems,
  retryQueued,
  sendOutbox,
  sentReportId,
  startReport,
  throughOutbox,
} from './outbox';
import { getRecord, putRecord } from './store';

/**
 * The outbox end to end against a fake server: IndexedDB is store.ts's few lines, replaced here by
 * a map with the same contract (auto-increment seq, records in key order).
 */
const db = vi.hoisted(() => ({ stores: new Map<string, Map<number | string, unknown>>(), next: 1 }));

vi.mock('./store', () => {
  const table = (name: string) => {
    if (!db.stores.has(name)) db.stores.set(name, new Map());
    return db.stores.get(name)!;
  };
  return {
    OUTBOX: 'outbox',
    CACHE: 'cache',
    OUTBOX_CHANGED: 'sheepfold-outbox-changed',
    putRecord: async (name: string, value: { seq?: number; key?: string }) => {
      // The cache's records are keyed by their `key`, the outbox's by an auto-increment `seq`.
      if (name === 'cache') {
        table(name).set(value.key!, value);
        return value.key;
      }
      const seq = value.seq ?? db.next++;
      table(name).set(seq, { ...value, seq });
      return seq;
    },
    getRecord: async (name: string, key: number | string) => table(name).get(key),
    allRecords: async (name: string) =>
      [...table(name).entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v),
    deleteRecord: async (name: string, key: number | string) => {
      table(name).delete(key);
    },
  };
});

vi.mock('../session/token-store', async (original) => ({
  ...(await original<typeof import('../session/token-store')>()),
  getToken: () => 'token-of-ruth',
}));

const receiptRow = {
  filename: 'till.jpg',
  file_url: '/api/fileUpload/0',
  content_type: 'image/jpeg',
  size_bytes: 4,
  created_at: '2026-03-10T08:00:00Z',
  updated_at: '2026-03-10T08:00:00Z',
};

interface Received {
  method: string;
  path: string;
  key?: string;
  fields: Record<string, string>;
}

/** A server that remembers Idempotency-Keys as the real one does, and can refuse or lose an answer. */
function fakeServer() {
  const server = {
    received: [] as Received[],
    made: [] as (Received & { id: number })[],
    keys: new Map<string, number>(),
    nextId: 340,
    refuse: null as null | ((request: Received) => { status: number; body: object } | null),
    loseNextAnswer: false,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      const fields: Record<string, string> = {};
      if (init.body instanceof FormData) {
        for (const [name, value] of init.body.entries()) if (typeof value === 'string') fields[name] = value;
      }
      const request = { method: String(init.method), path, key: headers['idempotency-key'], fields };
      server.received.push(request);
      const refusal = server.refuse?.(request);
      if (refusal) return Response.json(refusal.body, { status: refusal.status });
      let id = request.key ? server.keys.get(request.key) : undefined;
      if (id === undefined) {
        id = server.nextId++;
        server.made.push({ ...request, id });
        if (request.key) server.keys.set(request.key, id);
      }
      if (server.loseNextAnswer) {
        server.loseNextAnswer = false;
        throw new TypeError('Failed to fetch'); // it arrived; the answer did not
      }
      if (request.method === 'POST' && request.path === '/api/fileUpload') {
        return Response.json(
          { ...receiptRow, id, expense_report_id: Number(fields.expense_report_id) },
          { status: 201 },
        );
      }
      return Response.json({ id }, { status: request.method === 'POST' && !fields._method ? 201 : 200 });
    }),
  );
  return server;
}

let online = true;
beforeEach(() => {
  db.stores.clear();
  db.next = 1;
  localStorage.clear();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  // jsdom has no IndexedDB; store.ts is replaced above, this only says the browser has one.
  vi.stubGlobal('indexedDB', {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const line = (reportId: number, kind: 'expense' | 'mileage' | 'fileUpload', fields: Record<string, string>) =>
  throughOutbox({ userId: 7, reportId, kind, fields: { ...fields, expense_report_id: String(reportId) } });

describe('a report started offline', () => {
  it('is created first, then its lines against its real id, in order, each exactly once', async () => {
    const server = fakeServer();
    online = false;
    const local = await startReport(7, { type: 'reimbursement', distance_type: 'km', user_id: '7' });
    expect(local).toBeLessThan(0);
    expect(await line(local, 'expense', { date: '2026-03-10', field_currency: '4750' })).toBe('kept');
    expect(await line(local, 'expense', { date: '2026-03-11', field_currency: '120,50' })).toBe('kept');
    expect(await line(local, 'mileage', { date: '2026-03-12', odometer_start: '12000', odometer_end: '12042' })).toBe(
      'kept',
    );
    await throughOutbox({
      userId: 7,
      reportId: local,
      kind: 'fileUpload',
      fields: { expense_report_id: String(local) },
      file: new Blob(['jpeg'], { type: 'image/jpeg' }),
      filename: 'IMG_2041.jpg',
    });
    expect(server.received).toEqual([]);
    expect(await outboxItems(7)).toHaveLength(5);

    online = true;
    // The report's answer is lost once: the retry carries the same key and gets the same report.
    server.loseNextAnswer = true;
    await sendOutbox();
    expect(await outboxItems(7)).toHaveLength(5);
    await sendOutbox();

    expect(await outboxItems(7)).toEqual([]);
    expect(server.received.map((r) => r.path)).toEqual([
      '/api/expense-report',
      '/api/expense-report',
      '/api/expense',
      '/api/expense',
      '/api/mileage',
      '/api/fileUpload',
    ]);
    expect(server.made.map((r) => [r.path, r.fields.expense_report_id ?? null])).toEqual([
      ['/api/expense-report', null],
      ['/api/expense', '340'],
      ['/api/expense', '340'],
      ['/api/mileage', '340'],
      ['/api/fileUpload', '340'],
    ]);
    expect(server.made[1].fields.field_currency).toBe('4750');
    expect(sentReportId(-local)).toBe(340);
    // Every create had a key of its own.
    expect(new Set(server.made.map((r) => r.key)).size).toBe(5);
  });

  it('discarding it discards the lines made for it', async () => {
    fakeServer();
    online = false;
    const local = await startReport(7, { type: 'reimbursement', user_id: '7' });
    await line(local, 'expense', { date: '2026-03-10' });
    await discardOutboxItem(-local);
    expect(await outboxItems(7)).toEqual([]);
  });
});

describe('lines edited and deleted offline', () => {
  it('a line not sent yet is changed in place; a sent one gets one change, then one delete', async () => {
    const server = fakeServer();
    online = false;
    await line(12, 'expense', { date: '2026-03-10', field_currency: '10' });
    const [waiting] = await outboxItems(7);
    await editQueued(waiting.seq!, { field_currency: '11' });
    const change = { userId: 7, reportId: 12, kind: 'expense' as const, targetId: 44 };
    await throughOutbox({ ...change, action: 'update', fields: { field_currency: '20' } });
    await throughOutbox({ ...change, action: 'update', fields: { field_currency: '21' } });
    await throughOutbox({ ...change, action: 'delete', fields: {} });
    await throughOutbox({ ...change, targetId: 45, action: 'update', fields: { field_currency: '30' } });
    expect((await outboxItems(7)).map((i) => [i.action ?? 'create', i.targetId ?? null])).toEqual([
      ['create', null],
      ['delete', 44],
      ['update', 45],
    ]);

    online = true;
    await sendOutbox();
    expect(server.received.map((r) => [r.method, r.path, r.fields.field_currency ?? null])).toEqual([
      ['POST', '/api/expense', '11'],
      ['DELETE', '/api/expense/44', null],
      ['POST', '/api/expense/45', '30'],
    ]);
  });
});

describe('conflicts', () => {
  const submitted = { status: 409, body: { message: 'This report has been submitted and can no longer be changed.' } };

  it('a refused item stays with the server’s words, is not retried alone, and the others go on', async () => {
    const server = fakeServer();
    online = false;
    await line(12, 'expense', { date: '2026-03-10' });
    await line(13, 'expense', { date: '2026-03-11' });
    server.refuse = (request) => (request.fields.expense_report_id === '12' ? submitted : null);
    online = true;
    await sendOutbox();
    const [left] = await outboxItems(7);
    expect(left.refused).toBe('This report has been submitted and can no longer be changed.');
    expect(server.made.map((r) => r.fields.date)).toEqual(['2026-03-11']);

    // Never retried forever: another send (the link returns again) leaves it alone.
    const before = server.received.length;
    await sendOutbox();
    expect(server.received).toHaveLength(before);

    // The user keeps editing: sent once more; refused again, it stays (and says so).
    await expect(editQueued(left.seq!, { description: 'Taxi' })).rejects.toBeInstanceOf(ApiError);
    expect((await outboxItems(7))[0]).toMatchObject({ refused: expect.any(String), fields: { description: 'Taxi' } });
    // The office returns the report: trying again sends it.
    server.refuse = null;
    expect(await retryQueued(left.seq!)).toBe('sent');
    expect(await outboxItems(7)).toEqual([]);
  });

  it('the user may discard a refused item; nothing else removes it', async () => {
    const server = fakeServer();
    server.refuse = () => ({ status: 422, body: { message: 'The given data was invalid.', errors: { date: ['x'] } } });
    online = false;
    await line(12, 'expense', { date: '2026-03-10' });
    online = true;
    await sendOutbox();
    const [left] = await outboxItems(7);
    expect(left.refused).toBe('The given data was invalid. x');
    await discardOutboxItem(left.seq!);
    expect(await outboxItems(7)).toEqual([]);
  });

  it('online, a refused new line is thrown at the form and not kept (the form still holds it)', async () => {
    const server = fakeServer();
    server.refuse = () => submitted;
    await expect(line(12, 'expense', { date: '2026-03-10' })).rejects.toMatchObject({ status: 409 });
    expect(await outboxItems(7)).toEqual([]);
  });

  it('a server that is unwell or a lost sign-in keeps everything, in order, for later', async () => {
    const server = fakeServer();
    server.refuse = () => ({ status: 503, body: {} });
    online = false;
    await line(12, 'expense', { date: '2026-03-10' });
    await line(12, 'expense', { date: '2026-03-11' });
    online = true;
    await sendOutbox();
    expect(server.received).toHaveLength(1);
    expect((await outboxItems(7)).every((item) => !item.refused)).toBe(true);
  });
});

describe('the copy of a report kept for offline reads', () => {
  it('lists a receipt sent from any page, so an offline reload does not offer it for upload again', async () => {
    fakeServer();
    // The report was opened online once: its copy (no receipts yet) is on the device.
    await putRecord('cache', { key: 'report-12', value: fullReport({ id: 12, submitted: 0, file_upload: [] }) });
    online = false;
    await throughOutbox({
      userId: 7,
      reportId: 12,
      kind: 'fileUpload',
      fields: { expense_report_id: '12' },
      file: new Blob(['jpeg'], { type: 'image/jpeg' }),
      filename: 'till.jpg',
    });
    // The link returns while the missionary is on the dashboard: it sends what waits.
    online = true;
    await sendOutbox();
    expect(await outboxItems(7)).toEqual([]);
    const kept = (await getRecord('cache', 'report-12')) as { value: FullReport };
    expect(kept.value.file_upload.map((file) => [file.id, file.filename])).toEqual([[340, 'till.jpg']]);
  });
});
