import { and, eq, lt, type SQL } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import {
  isProgressId,
  PROGRESS_INTERRUPTED,
  type PROGRESS_KINDS,
  type TProgress,
} from '../../domain/progress/contract';
import type { AuthUser } from '../auth/tokens';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { jobProgress } from '../db/schema';

type Kind = (typeof PROGRESS_KINDS)[number];

/** Records are kept a day: long enough for any page still polling, short enough to stay small. */
const KEEP_MS = 24 * 60 * 60 * 1000;
/** A running job touches its record's `updated_at` this often, whatever its own steps do. */
export const HEARTBEAT_MS = 15_000;
/** A running job not heard from for this long died with its process (docs/security.md "Jobs"). */
export const STALE_MS = 2 * 60 * 1000;

/**
 * The progress of one piece of long work, written to `job_progress` on the database handle itself,
 * never inside the work's transaction (a row written there would be seen only when the work is
 * over). Each write is one short UPDATE; the work calls `step` as often as it likes and the
 * reporter writes at most once per `every` items, and always the last one.
 */
export interface ProgressReporter {
  /** `total` when it is learnt on the way (an import knows its rows once the file is read). */
  step(done: number, current: string | null, total?: number): Promise<void>;
  finish(status: 'done' | 'failed', done: number, message: string, total?: number): Promise<void>;
}

const SILENT: ProgressReporter = { step: async () => {}, finish: async () => {} };

export async function startProgress(
  ctx: AppContext,
  input: { id: string | undefined; kind: Kind; userId: number; total: number; every?: number },
): Promise<ProgressReporter> {
  const { id } = input;
  if (!id) return SILENT;
  const now = ctx.clock.now();
  await ctx.db.delete(jobProgress).where(lt(jobProgress.updatedAt, new Date(now.getTime() - KEEP_MS)));
  const inserted = await ctx.db
    .insert(jobProgress)
    .values({ id, kind: input.kind, userId: input.userId, total: input.total, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: jobProgress.id });
  if (inserted.length === 0) throw AppError.field('progress_id', 'This progress id is already in use.');
  const every = Math.max(1, input.every ?? 1);
  let { total } = input;
  let written = 0;
  const write = (values: Partial<typeof jobProgress.$inferInsert>) =>
    ctx.db
      .update(jobProgress)
      .set({ ...values, updatedAt: ctx.clock.now() })
      .where(eq(jobProgress.id, id));
  // The heartbeat: a record whose process was killed stops being touched and is then marked
  // interrupted (interruptStaleJobs). Unref'd, so it never keeps a stopping process alive.
  const heartbeat = setInterval(() => {
    ctx.db
      .update(jobProgress)
      .set({ updatedAt: ctx.clock.now() })
      .where(and(eq(jobProgress.id, id), eq(jobProgress.status, 'running')))
      .catch((error: unknown) => ctx.log.warn({ err: errorSummary(error) }, 'job heartbeat not written'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    async step(done, current, newTotal) {
      if (newTotal !== undefined && newTotal !== total) {
        total = newTotal;
      } else if (done !== 0 && done - written < every && done < total) return;
      written = done;
      await write({ done, current, ...(newTotal !== undefined ? { total: newTotal } : {}) });
    },
    async finish(status, done, message, newTotal) {
      clearInterval(heartbeat);
      await write({ status, done, current: null, message, ...(newTotal !== undefined ? { total: newTotal } : {}) });
    },
  };
}

/**
 * Marks failed, with PROGRESS_INTERRUPTED, the running jobs whose process died: those not heard
 * from for STALE_MS, or with `everyRunning` every running one (at start-up on the embedded
 * database, which one process alone opens, so whatever is still running there was left by a
 * process that is gone). Returns how many it marked.
 */
export async function interruptStaleJobs(
  db: DbOrTx,
  now: Date,
  options: { everyRunning?: boolean; id?: string } = {},
): Promise<number> {
  const conditions: SQL[] = [eq(jobProgress.status, 'running')];
  if (!options.everyRunning) conditions.push(lt(jobProgress.updatedAt, new Date(now.getTime() - STALE_MS)));
  if (options.id) conditions.push(eq(jobProgress.id, options.id));
  const marked = await db
    .update(jobProgress)
    .set({ status: 'failed', current: null, message: PROGRESS_INTERRUPTED, updatedAt: now })
    .where(and(...conditions))
    .returning({ id: jobProgress.id });
  return marked.length;
}

/**
 * At start-up, before any request: on the embedded database every running job was left by a dead
 * process; on PostgreSQL other app processes may be running theirs, so only stale ones are marked.
 */
export function interruptJobsAtStart(db: DbOrTx, kind: 'pglite' | 'postgres', now: Date): Promise<number> {
  return interruptStaleJobs(db, now, { everyRunning: kind === 'pglite' });
}

/**
 * GET /progress/{id}: only the admin who started the job reads it; for anyone else it does not
 * exist (404, as an unknown id: a job's existence is not told to other admins). A running job not
 * heard from for STALE_MS is marked interrupted first.
 */
export async function readProgress(ctx: AppContext, actor: AuthUser, job: string): Promise<TProgress> {
  if (!isProgressId(job)) throw AppError.notFound();
  const id = job.toLowerCase();
  const read = () => ctx.db.select().from(jobProgress).where(eq(jobProgress.id, id));
  let [row] = await read();
  if (!row || row.userId !== actor.id) throw AppError.notFound();
  if (row.status === 'running' && (await interruptStaleJobs(ctx.db, ctx.clock.now(), { id })) > 0) [row] = await read();
  return {
    id: row.id,
    kind: row.kind as Kind,
    status: row.status as TProgress['status'],
    done: row.done,
    total: row.total,
    current: row.current,
    message: row.message,
    started_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
