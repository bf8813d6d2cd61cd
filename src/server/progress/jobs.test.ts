import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PROGRESS_INTERRUPTED } from '../../domain/progress/contract';
import { jobProgress } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { HEARTBEAT_MS, interruptJobsAtStart, STALE_MS, startProgress } from './progress';

/**
 * docs/security.md "Jobs": a job is readable only by the admin who started it (404 to every other
 * admin, as an unknown id); a job whose process died — its record left "running" and no longer
 * touched by the heartbeat — is failed as interrupted, at start-up and when it is read.
 */
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('admin');
  other = await t.signIn('admin');
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const progressOf = (id: string, token = owner.token) => t.call('GET', `/api/progress/${id}`, { token });
const MINUTE = 60 * 1000;

/** What a process killed with -9 leaves behind: a running record last touched `ago` ms before now. */
async function leftRunning(ago: number, userId = owner.id): Promise<string> {
  const id = randomUUID();
  const at = new Date(t.ctx.clock.now().getTime() - ago);
  await t.ctx.db
    .insert(jobProgress)
    .values({ id, kind: 'mat-day-build', userId, total: 80, done: 25, current: 'Ruth', createdAt: at, updatedAt: at });
  return id;
}

async function statusOf(id: string) {
  const [row] = await t.ctx.db.select().from(jobProgress).where(eq(jobProgress.id, id));
  return row;
}

describe('who reads a job', () => {
  it('the admin who started it; any other admin gets 404, as for an id that does not exist', async () => {
    const job = randomUUID();
    const built = await t.call('POST', '/api/batch-distributions', {
      token: owner.token,
      json: { start_date: '2026-11-01', end_date: '2026-11-30', progress_id: job },
    });
    expect(built.status).toBe(201);
    expect((await progressOf(job)).body).toMatchObject({ id: job, status: 'done' });
    const stranger = await progressOf(job, other.token);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual((await progressOf(randomUUID(), other.token)).body);
  });
});

describe('a job whose process died', () => {
  it(`is failed as interrupted when read after ${STALE_MS / MINUTE} minutes without a heartbeat`, async () => {
    const dead = await leftRunning(STALE_MS + 1000);
    const recent = await leftRunning(STALE_MS - 1000);
    const answer = await progressOf(dead);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'failed', message: PROGRESS_INTERRUPTED, current: null, done: 25 });
    // Heard from within the limit: still running, untouched.
    expect((await progressOf(recent)).body).toMatchObject({ status: 'running', message: null });
    // Another admin's read neither sees nor changes it.
    t.clock.advance(2000);
    expect((await progressOf(recent, other.token)).status).toBe(404);
    expect((await statusOf(recent)).status).toBe('running');
    expect((await progressOf(recent)).body).toMatchObject({ status: 'failed', message: PROGRESS_INTERRUPTED });
  });

  it('is failed at start-up: every running job on the embedded database, stale ones on PostgreSQL', async () => {
    const fresh = await leftRunning(1000);
    const stale = await leftRunning(STALE_MS + 1000);
    const finished = await leftRunning(STALE_MS + 1000);
    await t.ctx.db.update(jobProgress).set({ status: 'done', message: 'Built.' }).where(eq(jobProgress.id, finished));

    // PostgreSQL: another app process may be running `fresh`.
    expect(await interruptJobsAtStart(t.ctx.db, 'postgres', t.ctx.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await statusOf(stale)).status).toBe('failed');
    expect((await statusOf(fresh)).status).toBe('running');
    // The embedded database is opened by one process only: whatever still runs is dead.
    expect(await interruptJobsAtStart(t.ctx.db, 'pglite', t.ctx.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(fresh)).toMatchObject({ status: 'failed', message: PROGRESS_INTERRUPTED });
    expect(await statusOf(finished)).toMatchObject({ status: 'done', message: 'Built.' });
  });
});

describe('the heartbeat of a running job', () => {
  it('keeps it running past the stale limit while its process lives, and stops when it finishes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const id = randomUUID();
    const reporter = await startProgress(t.ctx, { id, kind: 'donation-import', userId: owner.id, total: 10 });
    // Minutes pass with no step written; only the heartbeat touches the record.
    for (let beat = 0; beat < 2 * Math.ceil(STALE_MS / HEARTBEAT_MS); beat++) {
      t.clock.advance(HEARTBEAT_MS);
      const expected = t.ctx.clock.now().getTime();
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await vi.waitFor(async () => expect((await statusOf(id)).updatedAt.getTime()).toBe(expected));
    }
    expect((await progressOf(id)).body).toMatchObject({ status: 'running', done: 0 });
    await reporter.finish('done', 10, 'Imported.');
    expect(vi.getTimerCount()).toBe(0);
    expect((await progressOf(id)).body).toMatchObject({ status: 'done', message: 'Imported.' });
  });
});
