import { and, eq, inArray } from 'drizzle-orm';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import { distributions } from '../db/schema';
import { distributionApprovedMail } from './notifications';
import { queueNotification } from './queue-mail';

/**
 * After a batch approval: one mail per approved distribution to its missionary, with the statement
 * attached when sent. The approvals have committed already (one transaction each), so a failure
 * here is logged and never turns a successful approval into an error.
 */
export async function queueDistributionMails(ctx: AppContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: distributions.id,
          userId: distributions.userId,
          startDate: distributions.startDate,
          endDate: distributions.endDate,
        })
        .from(distributions)
        .where(and(inArray(distributions.id, [...ids]), eq(distributions.status, 'approved')));
      for (const row of rows) await queueNotification(tx, ctx.config, distributionApprovedMail(row), now);
    });
  } catch (error) {
    ctx.log.error({ err: errorSummary(error), distributionIds: ids }, 'distribution mails not queued');
  }
}
