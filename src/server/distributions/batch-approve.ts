import { sql } from 'drizzle-orm';
import { ZBatchApproveRequestSchema } from '../../domain/distributions/contract';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { AuthUser } from '../auth/tokens';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import { queryRows } from '../db/query-rows';
import { approveDistribution } from './approve';
import { DISTRIBUTION_MESSAGES, ZIdAndUser } from './write';

/**
 * Connections one batch approval uses at most on PostgreSQL. The default pool has 10, so four stay
 * free for everyone else during MAT Day; bench/mat-day.ts measured 2 → 4 → 6 → 8 workers (docs/performance.md).
 */
export const APPROVE_CONNECTIONS = 6;

export interface BatchApproveResult {
  status: number;
  body: {
    message: string;
    approved: number[];
    failed: Array<{ id: number; status: number; message: string }>;
  };
}

/**
 * POST /batch-approve: each id in its own transaction. Distributions of one user are approved one
 * after another, oldest range first (a later one starts from the earlier one's ending balance); on
 * PostgreSQL several users are approved at once on separate connections.
 */
export async function batchApprove(ctx: AppContext, actor: AuthUser, body: unknown): Promise<BatchApproveResult> {
  const parsed = ZBatchApproveRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'reviewed' ? 'reviewed' : 'distribution_ids';
    throw AppError.field(field, issue?.message ?? 'Distribution ids must be a list.');
  }
  const ids = [...new Set(parsed.data.distribution_ids)];
  const reviewedOf = new Map<number, string[]>();
  for (const entry of parsed.data.reviewed ?? []) {
    reviewedOf.set(entry.id, [...(reviewedOf.get(entry.id) ?? []), ...entry.flags]);
  }
  if (ids.length === 0) throw AppError.field('distribution_ids', MESSAGES.noDistributionsSelected);

  const order = await queryRows(
    ctx.db,
    sql`
      select id, user_id from distributions where id = any(${sql.param(ids)}::int[])
      order by user_id, end_date, id`,
    ZIdAndUser,
  );
  const queues = new Map<number, number[]>();
  for (const row of order) {
    const queue = queues.get(Number(row.user_id)) ?? [];
    queue.push(Number(row.id));
    queues.set(Number(row.user_id), queue);
  }
  const known = new Set(order.map((row) => Number(row.id)));
  const approved: number[] = [];
  const failed: BatchApproveResult['body']['failed'] = ids
    .filter((id) => !known.has(id))
    .map((id) => ({ id, status: 404, message: DISTRIBUTION_MESSAGES.notFound }));

  const userQueues = [...queues.values()];
  let next = 0;
  const worker = async () => {
    while (next < userQueues.length) {
      const queue = userQueues[next++];
      for (const id of queue) {
        try {
          await approveDistribution(ctx, actor, id, reviewedOf.get(id) ?? []);
          approved.push(id);
        } catch (error) {
          if (error instanceof AppError) {
            failed.push({ id, status: error.status, message: error.message });
          } else {
            ctx.log.error({ err: errorSummary(error), distributionId: id }, 'distribution approval failed');
            failed.push({ id, status: 500, message: MESSAGES.somethingWentWrong });
          }
        }
      }
    }
  };
  const workers = ctx.dbKind === 'postgres' ? Math.min(APPROVE_CONNECTIONS, userQueues.length) : 1;
  await Promise.all(Array.from({ length: Math.max(workers, 1) }, worker));

  approved.sort((a, b) => a - b);
  failed.sort((a, b) => a.id - b.id);
  if (failed.length === 0) return { status: 200, body: { message: MESSAGES.distributionsApproved, approved, failed } };
  const statuses = new Set(failed.map((failure) => failure.status));
  const status = statuses.size === 1 ? failed[0].status : 409;
  const message =
    ids.length === 1
      ? failed[0].message
      : `${failed.length} of ${ids.length} distributions were not approved. ${failed
          .map((failure) => `#${failure.id}: ${failure.message}`)
          .join(' ')}`;
  return { status, body: { message, approved, failed } };
}
