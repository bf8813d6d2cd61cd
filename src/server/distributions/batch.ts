import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BATCH_CHOICES, initialPayload } from '../../domain/distributions/context';
import type { ZBatchDistributionsRequestSchema } from '../../domain/distributions/contract';
import { findOverlap } from '../../domain/distributions/overlap';
import { AppError } from '../../domain/errors';
import { distributionOverlapMessage, taxStatusMissingMessage } from '../../domain/messages';
import { missingTaxStatus } from '../../domain/users/tax-status';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { startProgress } from '../progress/progress';
import type { DistributionRow } from './figures';
import { type ContextRange, loadContexts } from './load-context';
import { type OverlapRow, overlapCandidates } from './overlap';
import { type DistributionSummary, serializeDistributionSummary } from './serialize';
import { assertUploadsExist, insertPending, type Prepared, prepare, rowValues } from './write';

/** One MAT Day chunk at a time (two at once would race for the same missionaries). */
const BATCH_LOCK = 7_340_005;

export const BATCH_MESSAGES = {
  built: (count: number) => `${count} pending distribution${count === 1 ? '' : 's'} built.`,
} as const;

export interface BatchResult {
  message: string;
  start_date: string;
  end_date: string;
  donation_upload_name: string | null;
  donation_upload_names: string[];
  created: DistributionSummary[];
  flagged_count: number;
  skipped: Array<{ user_id: number; user_name: string; distribution_id: number | null; reason: string }>;
  failed: Array<{ user_id: number; user_name: string; message: string; errors?: Record<string, string[]> }>;
}

/**
 * Each missionary's first distribution (lowest id) that counts and shares a day with the range, by
 * user: those missionaries are skipped (src/domain/distributions/overlap.ts).
 */
async function overlappingDistributions(tx: Tx, ids: number[], range: { startDate: string; endDate: string }) {
  const candidates = await overlapCandidates(tx, ids, range);
  const found = new Map<number, OverlapRow>();
  for (const userId of ids) {
    const other = findOverlap({ id: null, userId, ...range }, candidates);
    if (other) found.set(userId, other);
  }
  return found;
}

/** At most this many chunks, so a large MAT Day reports progress about every 5 % … */
const PROGRESS_STEPS = 20;
/** … and at least this many missionaries per chunk, so a small one is not cut into tiny transactions. */
const MIN_CHUNK = 25;

type Outcome = Pick<BatchResult, 'skipped' | 'failed'> & { created: DistributionSummary[] };

/**
 * POST /batch-distributions (admin): MAT Day for everyone. Builds a pending distribution for every
 * active missionary for the range and uploads (each missionary's undistributed donations of them), with the batch choices of BATCH_CHOICES (designated
 * donations, recurring items and earlier-approved advances ticked; requested advances left for
 * staff). Missionaries that already have a distribution (pending or approved) overlapping the range
 * are skipped — payroll is never paid twice for the same days — and so are those paid a salary
 * without a tax status (docs/decisions.md "Tax status and FICA"); one whose figures the engine
 * refuses (e.g. retirement above salary plus housing) is listed with the reason instead of stopping
 * the others.
 *
 * The missionaries are built in chunks (about 5 % of them each, at least 25), one transaction per
 * chunk, and `progress_id` (decision 18) is told "n of N, building <missionary>" before each chunk.
 * A chunk is the unit of all-or-nothing: a chunk that fails writes nothing, the chunks before it
 * stay built, and running the batch again builds only the missionaries still without one (the
 * overlap rule skips the others). Between chunks other requests — the progress polls among them —
 * get the database, which on PGlite (one connection) they otherwise could not until the end.
 * Contexts are loaded for a chunk in a handful of set-based queries and written in a few multi-row
 * statements.
 */
export async function batchDistributions(
  ctx: AppContext,
  actor: AuthUser,
  input: z.output<typeof ZBatchDistributionsRequestSchema>,
): Promise<BatchResult> {
  const range = {
    startDate: input.start_date,
    endDate: input.end_date,
    donationUploadNames: input.donation_upload_names,
  };
  await assertUploadsExist(ctx.db, range.donationUploadNames);
  const everyone = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'missionary'), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const chunkSize = Math.max(MIN_CHUNK, Math.ceil(everyone.length / PROGRESS_STEPS));
  const progress = await startProgress(ctx, {
    id: input.progress_id,
    kind: 'mat-day-build',
    userId: actor.id,
    total: everyone.length,
  });
  const outcome: Outcome = { created: [], skipped: [], failed: [] };
  try {
    for (let start = 0; start < everyone.length; start += chunkSize) {
      const chunk = everyone.slice(start, start + chunkSize);
      await progress.step(start, chunk[0].name);
      // PGlite answers from WebAssembly without waiting on I/O, so a build is one long chain of
      // promises; one turn of the event loop per chunk lets other requests (the progress polls) in.
      await new Promise((resolve) => setImmediate(resolve));
      const part = await buildChunk(
        ctx,
        actor,
        range,
        chunk.map((user) => user.id),
      );
      outcome.created.push(...part.created);
      outcome.skipped.push(...part.skipped);
      outcome.failed.push(...part.failed);
    }
  } catch (error) {
    await progress.finish(
      'failed',
      outcome.created.length + outcome.skipped.length,
      'The build stopped; run it again to build the rest.',
    );
    throw error;
  }
  const created = outcome.created.sort((a, b) => a.user_name.localeCompare(b.user_name) || a.id - b.id);
  const message = BATCH_MESSAGES.built(created.length);
  await progress.finish('done', everyone.length, message);
  return {
    message,
    start_date: range.startDate,
    end_date: range.endDate,
    donation_upload_name: range.donationUploadNames[0] ?? null,
    donation_upload_names: [...range.donationUploadNames],
    created,
    flagged_count: created.filter((row) => row.review_flags.length > 0).length,
    skipped: outcome.skipped,
    failed: outcome.failed,
  };
}

/** One chunk of the batch in one transaction: lock, skip the overlapping, build, write. */
async function buildChunk(ctx: AppContext, actor: AuthUser, range: ContextRange, chunkIds: number[]): Promise<Outcome> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK})`);
    await assertUploadsExist(tx, range.donationUploadNames);
    // Locked again here: one archived since the list was read is left out.
    const missionaries = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        and(
          sql`${users.id} = any(${sql.param(chunkIds)}::int[])`,
          eq(users.role, 'missionary'),
          isNull(users.deletedAt),
        ),
      )
      .orderBy(asc(users.id))
      .for('no key update');
    const ids = missionaries.map((user) => user.id);
    const names = new Map(missionaries.map((user) => [user.id, user.name]));
    const taken = await overlappingDistributions(tx, ids, range);
    const skipped: BatchResult['skipped'] = [...taken].map(([userId, row]) => ({
      user_id: userId,
      user_name: names.get(userId) ?? '',
      distribution_id: row.id,
      reason: distributionOverlapMessage(names.get(userId) ?? row.userName, row),
    }));
    const todo = ids.filter((id) => !taken.has(id));
    if (todo.length > 0) {
      await tx.execute(sql`
        insert into profiles (user_id) select unnest(${sql.param(todo)}::int[]) on conflict (user_id) do nothing`);
    }
    const contexts = await loadContexts(
      tx,
      todo.map((userId) => ({ userId, distributionId: null })),
      range,
      { mode: 'new' },
    );
    const prepared: Prepared[] = [];
    const failed: BatchResult['failed'] = [];
    for (const userId of todo) {
      const context = contexts.get(userId)!;
      if (missingTaxStatus(context.profile)) {
        const reason = taxStatusMissingMessage(context.user.name);
        skipped.push({ user_id: userId, user_name: context.user.name, distribution_id: null, reason });
        continue;
      }
      try {
        prepared.push(prepare(context, initialPayload({ ...context, distribution: null }, BATCH_CHOICES)));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failed.push({
          user_id: userId,
          user_name: context.user.name,
          message: error.message,
          ...(error.errors && { errors: error.errors }),
        });
      }
    }
    const createdIds = await insertPending(tx, prepared, { now, actorId: actor.id, batch: true });
    // The answer is built from what was just written, not read back (a thousand rows of JSON).
    const created = prepared.map((item, index) =>
      serializeDistributionSummary(
        {
          ...rowValues(item, now),
          id: createdIds[index],
          status: 'pending',
          batch: true,
          approvedAt: null,
          approvedBy: null,
          approvedContext: null,
          approvalPaydown: null,
          reversedAt: null,
          reversedBy: null,
          reversalReason: null,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        } as DistributionRow,
        { missionaryNumber: item.context.user.missionaryNumber },
      ),
    );
    return { created, skipped, failed };
  });
}
