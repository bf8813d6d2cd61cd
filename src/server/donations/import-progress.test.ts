import { randomUUID } from 'node:crypto';
import type { TProgress } from '../../domain/progress/contract';
import { users } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { insertChunkRows } from './import-donations';

/**
 * Decision 18: an import sent with `progress_id` writes "n of N rows, with the
 * missionary being written" to GET /progress/{id}, and how it ended. The rows go in one
 * transaction; on PostgreSQL the record is written beside it and polls see it move; PGlite's one
 * connection is the transaction's until the end, so there the record holds the start and the end.
 */
let t: TestApp;
let admin: SignedIn;
const MISSIONARIES = 30;
const ROWS = 6_000;
const names: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  for (let i = 0; i < MISSIONARIES; i++) names.push(`Progress Giver ${String(i).padStart(2, '0')}`);
  await t.ctx.db.insert(users).values(
    names.map((name, i) => ({
      name,
      email: `import-progress-${i}@field.example`,
      passwordHash: 'not-a-hash',
      role: 'missionary',
      missionaryNumber: `PRG-${i}`,
    })),
  );
});
afterAll(() => t.close());

let files = 0;
/** `rows` gifts spread over the missionaries; `unmatched` adds one row no missionary answers to. */
function giftFile(rows: number, unmatched = false): Buffer {
  files += 1;
  const lines = ['Account #,Amount,Count'];
  for (let i = 0; i < rows; i++) lines.push(`PRG-${i % MISSIONARIES},${(1 + (i % 97) + files / 100).toFixed(2)},1`);
  if (unmatched) lines.push('NOBODY-1,5.00,1');
  return Buffer.from(lines.join('\n'));
}

const importFile = (content: Buffer, uploadName: string, progressId?: string, preview = false) =>
  t.call('POST', '/api/donation/denari-upload', {
    token: admin.token,
    multipart: {
      upload_name: uploadName,
      ...(progressId ? { progress_id: progressId } : {}),
      ...(preview ? { preview: '1' } : {}),
      denari: { content, filename: 'gifts.csv', type: 'text/csv' },
    },
  });

const progressOf = (id: string) => t.call('GET', `/api/progress/${id}`, { token: admin.token });

describe('donation import progress', () => {
  it('is complete at the end: every row written, the message, no current missionary', async () => {
    const job = randomUUID();
    const seen: TProgress[] = [];
    let finished = false;
    const imported = importFile(giftFile(ROWS), 'Progress November 2026', job).finally(() => {
      finished = true;
    });
    while (!finished) {
      // One turn of the event loop per poll, so the import's own request gets its turns.
      await new Promise((resolve) => setImmediate(resolve));
      const answer = await progressOf(job);
      if (answer.status === 200 && !finished) seen.push(answer.body);
      else if (answer.status !== 200) expect(answer.status).toBe(404); // not started yet
    }
    const answer = await imported;
    expect(answer.status).toBe(201);
    expect(answer.body.total_count).toBe(ROWS);

    const end = await progressOf(job);
    expect(end.status).toBe(200);
    expect(end.body).toMatchObject({
      id: job,
      kind: 'donation-import',
      status: 'done',
      done: ROWS,
      total: ROWS,
      current: null,
      message: 'Import posted successfully.',
    });

    const running = seen.filter((progress) => progress.status === 'running');
    for (const progress of running) {
      expect(progress.kind).toBe('donation-import');
      if (progress.total === 0) continue; // the file is being read and matched
      expect(progress.total).toBe(ROWS);
      expect(progress.done % insertChunkRows(ROWS)).toBe(0);
      expect(progress.done).toBeLessThan(ROWS);
      if (progress.current !== null) expect(names).toContain(progress.current);
    }
    const done = running.map((progress) => progress.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    if (t.ctx.dbKind === 'postgres') {
      // Beside the transaction: polls saw rows being written, with whose rows they were.
      expect(running.some((progress) => progress.total === ROWS && progress.current !== null)).toBe(true);
    }
  });

  it('writes in about 20 statements of at least 250 rows, at most 5,000', () => {
    expect(insertChunkRows(ROWS)).toBe(300);
    expect(insertChunkRows(1_000)).toBe(250);
    expect(insertChunkRows(145_000)).toBe(5_000);
  });

  it('says the import failed, and why, when it is refused; nothing was imported', async () => {
    const job = randomUUID();
    const refused = await importFile(giftFile(50, true), 'Progress refused', job);
    expect(refused.status).toBe(422);
    const end = await progressOf(job);
    expect(end.body).toMatchObject({ status: 'failed', done: 0, current: null, message: refused.body.message });

    const duplicateJob = randomUUID();
    const file = giftFile(20);
    expect((await importFile(file, 'Progress first')).status).toBe(201);
    const duplicate = await importFile(file, 'Progress again', duplicateJob);
    expect(duplicate.status).toBe(409);
    expect((await progressOf(duplicateJob)).body).toMatchObject({ status: 'failed', message: duplicate.body.message });
  });

  it('refuses a progress id already used (422); a preview writes no progress', async () => {
    const job = randomUUID();
    expect((await importFile(giftFile(10), 'Progress once', job)).status).toBe(201);
    const again = await importFile(giftFile(10), 'Progress twice', job);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ progress_id: ['This progress id is already in use.'] });

    const previewJob = randomUUID();
    expect((await importFile(giftFile(10), 'Progress preview', previewJob, true)).status).toBe(200);
    expect((await progressOf(previewJob)).status).toBe(404);
  });
});
