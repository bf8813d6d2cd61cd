import { eq, lt } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { isProgressId, type PROGRESS_KINDS, type TProgress } from '../../domain/progress/contract';
import type { AppContext } from '../context';
import { jobProgress } from '../db/schema';

type Kind = (typeof PROGRESS_KINDS)[number];

/** Records are kept a day: long enough for any page still polling, short enough to stay small. */
const KEEP_MS = 24 * 60 * 60 * 1000;

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
  return {
    async step(done, current, newTotal) {
      if (newTotal !== undefined && newTotal !== total) {
        total = newTotal;
      } else if (done !== 0 && done - written < every && done < total) return;
      written = done;
      await write({ done, current, ...(newTotal !== undefined ? { total: newTotal } : {}) });
    },
    async finish(status, done, message, newTotal) {
      await write({ status, done, current: null, message, ...(newTotal !== undefined ? { total: newTotal } : {}) });
    },
  };
}

export async function readProgress(ctx: AppContext, job: string): Promise<TProgress> {
  if (!isProgressId(job)) throw AppError.notFound();
  const [row] = await ctx.db.select().from(jobProgress).where(eq(jobProgress.id, job.toLowerCase()));
  if (!row) throw AppError.notFound();
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
