import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BATCH_CHOICES, initialPayload } from '../../domain/distributions/context';
import type { ZBatchDistributionsRequestSchema } from '../../domain/distributions/contract';
import { AppError } from '../../domain/errors';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { distributions, users } from '../db/schema';
import type { DistributionRow } from './figures';
import { loadContexts } from './load-context';
import { type DistributionSummary, serializeDistributionSummary } from './serialize';
import { assertUploadExists, insertPending, type Prepared, prepare, rowValues } from './write';

/** One MAT Day batch at a time (two at once would race for the same missionaries). */
const BATCH_LOCK = 7_340_005;

export const BATCH_MESSAGES = {
  built: (count: number) => `${count} pending distribution${count === 1 ? '' : 's'} built.`,
  overlapping: (id: number, status: string) => `Already has a ${status} distribution (#${id}) overlapping these dates.`,
} as const;

export interface BatchResult {
  message: string;
  start_date: string;
  end_date: string;
  donation_upload_name: string | null;
  created: DistributionSummary[];
  flagged_count: number;
  skipped: Array<{ user_id: number; user_name: string; distribution_id: number; reason: string }>;
  failed: Array<{ user_id: number; user_name: string; message: string; errors?: Record<string, string[]> }>;
}

/** Each missionary's first distribution whose range overlaps this one (those are skipped). */
async function overlappingDistributions(tx: Tx, ids: number[], range: { startDate: string; endDate: string }) {
  if (ids.length === 0) return [];
  return tx
    .selectDistinctOn([distributions.userId], {
      id: distributions.id,
      userId: distributions.userId,
      status: distributions.status,
    })
    .from(distributions)
    .where(
      and(
        sql`${distributions.userId} = any(${sql.param(ids)}::int[])`,
        sql`${distributions.startDate} <= ${range.endDate}`,
        sql`${distributions.endDate} >= ${range.startDate}`,
      ),
    )
    .orderBy(asc(distributions.userId), asc(distributions.id));
}

/**
 * POST /batch-distributions (admin): MAT Day for everyone. In one transaction, builds a pending
 * distribution for every active missionary for the range and upload, with the batch choices of
 * BATCH_CHOICES (designated donations, recurring items and earlier-approved advances ticked;
 * requested advances left for staff). Missionaries that already have a distribution (pending or
 * approved) overlapping the range are skipped — payroll is never paid twice for the same days —
 * and one whose figures the engine refuses (e.g. retirement above salary plus housing) is listed
 * with the reason instead of stopping the others. Contexts are loaded for everyone in a handful of
 * set-based queries and written in a few multi-row statements.
 */
export async function batchDistributions(
  ctx: AppContext,
  actor: AuthUser,
  input: z.output<typeof ZBatchDistributionsRequestSchema>,
): Promise<BatchResult> {
  const now = ctx.clock.now();
  const range = {
    startDate: input.start_date,
    endDate: input.end_date,
    donationUploadName: input.donation_upload_name ?? null,
  };
  const outcome = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK})`);
    await assertUploadExists(tx, input.donation_upload_name);
    const missionaries = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.role, 'missionary'), isNull(users.deletedAt)))
      .orderBy(asc(users.id))
      .for('update');
    const ids = missionaries.map((user) => user.id);
    const names = new Map(missionaries.map((user) => [user.id, user.name]));
    const overlapping = await overlappingDistributions(tx, ids, range);
    const taken = new Map(overlapping.map((row) => [row.userId, row]));
    const skipped: BatchResult['skipped'] = overlapping.map((row) => ({
      user_id: row.userId,
      user_name: names.get(row.userId) ?? '',
      distribution_id: row.id,
      reason: BATCH_MESSAGES.overlapping(row.id, row.status),
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
    const created = prepared
      .map((item, index) =>
        serializeDistributionSummary(
          {
            ...rowValues(item, now),
            id: createdIds[index],
            status: 'pending',
            batch: true,
            approvedAt: null,
            approvedBy: null,
            approvedContext: null,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          } as DistributionRow,
          { missionaryNumber: item.context.user.missionaryNumber },
        ),
      )
      .sort((a, b) => a.user_name.localeCompare(b.user_name) || a.id - b.id);
    return { created, skipped, failed };
  });

  const { created } = outcome;
  return {
    message: BATCH_MESSAGES.built(created.length),
    start_date: range.startDate,
    end_date: range.endDate,
    donation_upload_name: range.donationUploadName,
    created,
    flagged_count: created.filter((row) => row.review_flags.length > 0).length,
    skipped: outcome.skipped,
    failed: outcome.failed,
  };
}
