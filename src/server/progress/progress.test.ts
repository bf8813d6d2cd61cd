import { randomUUID } from 'node:crypto';
import type { TProgress } from '../../domain/progress/contract';
import { users } from '../db/schema';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Decision 18: Build MAT Day reports "n of N, building <missionary>" to GET /progress/{id} while it
 * runs, from the database (decision 19), and the record is complete at the end.
 */
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let missionary: SignedIn;

const MISSIONARIES = 80; // chunks of 25 (the smallest chunk): four transactions, progress before each
const RANGE = { start_date: '2026-11-01', end_date: '2026-11-30' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  missionary = await t.signIn('missionary', { name: 'Aaron Progress 00' });
  await t.ctx.db.insert(users).values(
    Array.from({ length: MISSIONARIES - 1 }, (_, index) => ({
      name: `Progress Missionary ${String(index + 1).padStart(2, '0')}`,
      email: `progress.${index + 1}@field.example`,
      passwordHash: 'not-a-hash',
      role: 'missionary',
    })),
  );
});
afterAll(() => t.close());

const progressOf = (id: string, token = admin.token) => t.call('GET', `/api/progress/${id}`, { token });

describe('Build MAT Day progress', () => {
  it('is readable while the build runs, never goes back, and is complete at the end', async () => {
    const job = randomUUID();
    let finished = false;
    const build = t
      .call('POST', '/api/batch-distributions', { token: admin.token, json: { ...RANGE, progress_id: job } })
      .finally(() => {
        finished = true;
      });
    const seen: TProgress[] = [];
    while (!finished) {
      // A page polls now and then; here a poll waits for the next turn of the event loop, since
      // back-to-back polls answered from microtasks alone would never let the build's request run.
      await new Promise((resolve) => setImmediate(resolve));
      const answer = await progressOf(job);
      if (answer.status === 200 && !finished) seen.push(answer.body);
      else if (answer.status !== 200) expect(answer.status).toBe(404); // not started yet
    }
    const built = await build;
    expect(built.status).toBe(201);
    expect(built.body.created).toHaveLength(MISSIONARIES);

    const running = seen.filter((progress) => progress.status === 'running');
    expect(running.length).toBeGreaterThan(0);
    for (const progress of running) {
      expect(progress).toMatchObject({ kind: 'mat-day-build', total: MISSIONARIES });
      expect(progress.done % 25).toBe(0);
      expect(progress.done).toBeLessThan(MISSIONARIES);
      // Null only in the moment between the record's creation and the first chunk.
      if (progress.current !== null) expect(progress.current).toMatch(/^(Aaron Progress 00|Progress Missionary \d\d)$/);
    }
    const done = running.map((progress) => progress.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));

    const end = await progressOf(job);
    expect(end.status).toBe(200);
    expect(end.body).toMatchObject({
      id: job,
      status: 'done',
      done: MISSIONARIES,
      total: MISSIONARIES,
      current: null,
      message: built.body.message,
    });
  });

  it('refuses a progress id already used, and one that is not a UUID (422)', async () => {
    const job = randomUUID();
    const later = { start_date: '2027-01-01', end_date: '2027-01-31' };
    const first = await t.call('POST', '/api/batch-distributions', {
      token: admin.token,
      json: { ...later, progress_id: job },
    });
    expect(first.status).toBe(201);
    const again = await t.call('POST', '/api/batch-distributions', {
      token: admin.token,
      json: { start_date: '2027-02-01', end_date: '2027-02-28', progress_id: job },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ progress_id: ['This progress id is already in use.'] });
    const bad = await t.call('POST', '/api/batch-distributions', {
      token: admin.token,
      json: { ...later, progress_id: 'job-1' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ progress_id: ['Progress id must be a UUID.'] });
  });

  it('answers 404 for unknown ids, 401 without a token, 403 to employees and missionaries', async () => {
    expect((await progressOf(randomUUID())).status).toBe(404);
    expect((await progressOf('not-a-uuid')).status).toBe(404);
    await expectStatus(t, 401, [['GET', `/api/progress/${randomUUID()}`, {}]]);
    await expectStatus(t, 403, [
      ['GET', `/api/progress/${randomUUID()}`, { token: employee.token }],
      ['GET', `/api/progress/${randomUUID()}`, { token: missionary.token }],
    ]);
  });
});
