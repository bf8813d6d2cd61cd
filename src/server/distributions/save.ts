import { eq } from 'drizzle-orm';
import type { DistributionRequest } from '../../domain/distributions/schemas';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { distributions } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { loadContexts } from './load-context';
import { refuseOverlap, withOverlapConflict } from './overlap';
import { getDistribution } from './read';
import {
  assertUploadsExist,
  clearReferences,
  DISTRIBUTION_MESSAGES,
  insertPending,
  lockMissionaries,
  prepare,
  rangeOf,
  rowValues,
  summaryDetails,
  writeReferences,
} from './write';

const PENDING_UNIQUE = 'distributions_one_pending_per_user_range';

async function withPendingConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, PENDING_UNIQUE)) throw AppError.conflict(DISTRIBUTION_MESSAGES.pendingExists);
    throw error;
  }
}

const wantedRange = (id: number | null, payload: DistributionRequest) => ({
  id,
  userId: payload.user_id,
  startDate: payload.start_date,
  endDate: payload.end_date,
});

/** The pending distribution, locked; 404 when missing, 409 once approved (it never changes again). */
export async function lockPending(tx: Tx, id: number) {
  const [row] = await tx.select().from(distributions).where(eq(distributions.id, id)).for('update');
  if (!row) throw AppError.notFound(DISTRIBUTION_MESSAGES.notFound);
  if (row.status !== 'pending') throw AppError.conflict(DISTRIBUTION_MESSAGES.approvedLocked);
  return row;
}

/**
 * POST /distribution (admin): the payload is the staff's choices only; the server loads the context
 * itself, recomputes every amount with the engine and stores its own result, pending. Totals the
 * client sends are not part of the payload schema and are ignored.
 */
export async function createDistribution(ctx: AppContext, actor: AuthUser, payload: DistributionRequest) {
  const now = ctx.clock.now();
  const wanted = wantedRange(null, payload);
  const id = await withPendingConflict(() =>
    withOverlapConflict(ctx.db, wanted, () =>
      ctx.db.transaction(async (tx) => {
        await lockMissionaries(tx, [payload.user_id]);
        // Under the missionary's lock: of two saves at once the second sees the first one's row.
        await refuseOverlap(tx, wanted);
        await assertUploadsExist(tx, payload.donation_upload_names);
        const contexts = await loadContexts(tx, [{ userId: payload.user_id, distributionId: null }], rangeOf(payload), {
          mode: 'new',
        });
        const prepared = prepare(contexts.get(payload.user_id)!, payload);
        const [created] = await insertPending(tx, [prepared], { now, actorId: actor.id, batch: false });
        return created;
      }),
    ),
  );
  return { ...(await getDistribution(ctx.db, actor, id)), message: MESSAGES.distributionSaved };
}

/**
 * PATCH /distribution/{id} (admin, pending only): recomputed from today's data and the new choices;
 * its references are released and taken again in the same transaction.
 */
export async function updateDistribution(ctx: AppContext, actor: AuthUser, id: number, payload: DistributionRequest) {
  const now = ctx.clock.now();
  const wanted = wantedRange(id, payload);
  await withPendingConflict(() =>
    withOverlapConflict(ctx.db, wanted, () =>
      ctx.db.transaction(async (tx) => {
        const existing = await lockPending(tx, id);
        if (payload.user_id !== existing.userId) throw AppError.field('user_id', DISTRIBUTION_MESSAGES.userChanged);
        await lockMissionaries(tx, [payload.user_id]);
        await refuseOverlap(tx, wanted);
        await assertUploadsExist(tx, payload.donation_upload_names);
        await clearReferences(tx, [id], now);
        const contexts = await loadContexts(tx, [{ userId: payload.user_id, distributionId: id }], rangeOf(payload), {
          mode: 'new',
        });
        const prepared = prepare(contexts.get(payload.user_id)!, payload);
        // Its dates passed the check: one marked overlap_exempt by migration 0023 is under the rule again.
        await tx
          .update(distributions)
          .set({ ...rowValues(prepared, now), overlapExempt: false })
          .where(eq(distributions.id, id));
        await writeReferences(tx, [{ id, prepared }], now, actor.id);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'update',
          entityType: 'distribution',
          entityId: id,
          details: summaryDetails(prepared),
        });
      }),
    ),
  );
  return { ...(await getDistribution(ctx.db, actor, id)), message: MESSAGES.distributionUpdated };
}

/** DELETE /distribution/{id} (admin, pending only): releases its reports, advances and donations. */
export async function deleteDistribution(ctx: AppContext, actor: AuthUser, id: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const existing = await lockPending(tx, id);
    await clearReferences(tx, [id], now);
    await tx.delete(distributions).where(eq(distributions.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entityType: 'distribution',
      entityId: id,
      details: {
        user_id: existing.userId,
        start_date: existing.startDate,
        end_date: existing.endDate,
        donation_upload_name: existing.donationUploadName,
        donation_upload_names: existing.donationUploadNames,
        input: existing.input,
      },
    });
  });
  return { id, success: true, message: MESSAGES.distributionDeleted };
}
